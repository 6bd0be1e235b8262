"""Small reads for the web layer that the platform's selectors do not cover."""

from __future__ import annotations

from games.models import Game, Seat
from games.selectors import GameVersion
from games.services.common import coerce_id
from games.services.errors import AccessDenied, GameNotFound
from games.services.lobby import invitation_matches


def watch_version(*, game_id, user, invitation_token=None) -> GameVersion:
    """(state_seq, revision) of a game `user` may watch, in one or two small queries.

    Public games: anyone. Private games: seated users and invitation holders.
    Raises GameNotFound, AccessDenied.
    """
    pk = coerce_id(game_id)
    row = (
        Game.objects.filter(pk=pk)
        .only("pk", "visibility", "invitation_token", "state_seq", "revision")
        .first()
    )
    if row is None:
        raise GameNotFound()
    if row.is_private and not invitation_matches(row, invitation_token):
        authenticated = user is not None and getattr(user, "is_authenticated", False)
        if not authenticated or not Seat.objects.filter(game_id=pk, user=user).exists():
            raise AccessDenied()
    return GameVersion(row.state_seq, row.revision)


def chat_with_hidden(*, game, limit=100) -> list:
    """The last `limit` chat messages of `game`, oldest first, hidden ones included so the
    page can show a placeholder in their place. The text column is never loaded: each row
    gets `visible_text`, which is "" for a hidden message, so its text cannot be rendered."""
    from django.db.models import Case, F, Value, When

    from games.models import ChatMessage

    rows = list(
        ChatMessage.objects.filter(game=game)
        .select_related("user")
        .defer("text")
        .annotate(visible_text=Case(When(hidden=False, then=F("text")), default=Value("")))
        .order_by("-created_at", "-pk")[:limit]
    )
    rows.reverse()
    return rows


def deadline_votes(*, game, seq) -> tuple[dict, set]:
    """The votes of the current decision: {(target player id, kind): count}, and the
    (voter player id, target player id, kind) triples, to know who already voted."""
    from games.models_deadlines import DeadlineVote

    counts: dict = {}
    cast: set = set()
    rows = DeadlineVote.objects.filter(game=game, seq=seq).values_list(
        "voter__player_id", "target__player_id", "kind"
    )
    for voter, target, kind in rows:
        counts[(target, kind)] = counts.get((target, kind), 0) + 1
        cast.add((voter, target, kind))
    return counts, cast


def seated_user(*, game_id, user) -> bool:
    """Whether `user` holds a seat in the game (any status)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return Seat.objects.filter(game_id=coerce_id(game_id), user=user).exists()
