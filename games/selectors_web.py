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
