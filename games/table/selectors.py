"""Reads that cross relations: the lobby, a player's games, one game as a user may see it.

Hidden information leaves only through `engine.view(state, player)`: `game_view` hands the
caller the view built for the user's own seat (or the spectator view), never the state.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import NamedTuple

from django.db.models import Case, Count, F, IntegerField, JSONField, Q, QuerySet, Value, When

from games.table import page
from games.table.models import ChatMessage, Event, Game, Seat
from games.table.services import common
from games.table.services.common import coerce_id
from games.table.services.errors import AccessDenied, GameNotFound, ReplayUnavailable
from games.table.services.lobby import invitation_matches

_STATUS_ORDER = Case(
    When(status=Game.Status.RUNNING, then=Value(0)),
    When(status=Game.Status.OPEN, then=Value(1)),
    When(status=Game.Status.FINISHED, then=Value(2)),
    default=Value(3),
    output_field=IntegerField(),
)


def lobby_games(*, kind: str | None = None) -> QuerySet[Game]:
    """Public open games, newest first, with `seat_count` annotated and the host loaded."""
    qs = Game.objects.filter(status=Game.Status.OPEN, visibility=Game.Visibility.PUBLIC)
    if kind:
        qs = qs.filter(kind=kind)
    return (
        qs.select_related("host__profile")
        .defer("state")  # (an open table has none; see `user_games`)
        .annotate(seat_count=Count("seats"))
        .order_by("-created_at", "-id")
    )


def user_games(*, user, include_over: bool = True) -> QuerySet[Game]:
    """The games where `user` has a seat: those where it is their turn first (`my_turn`
    annotated: their player id is in `engine.waiting_for(state)`), then running, open,
    finished, aborted; the nearest deadline first, then the newest. Also annotates
    `my_position`, `my_player_id`, `my_seat_status`. A tutorial is listed while it runs
    only: the old ones stay in the log, out of the player's lists. The rows come without
    their `state`: a long game's holds its whole log, which a list never shows (reading it
    costs a query per game)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return Game.objects.none()
    qs = Game.objects.filter(seats__user=user).exclude(
        tutorial=True, status__in=[Game.Status.FINISHED, Game.Status.ABORTED]
    )
    if not include_over:
        qs = qs.filter(status__in=[Game.Status.OPEN, Game.Status.RUNNING])
    return (
        qs.annotate(
            my_turn=F("seats__to_act"),
            my_position=F("seats__position"),
            my_player_id=F("seats__player_id"),
            my_seat_status=F("seats__status"),
            status_rank=_STATUS_ORDER,
        )
        .select_related("host__profile")
        .defer("state")
        .order_by(
            "-my_turn", "status_rank", F("deadline_at").asc(nulls_last=True), "-created_at", "-id"
        )
    )


def user_turn_count(*, user) -> int:
    """How many running games wait for `user` now (for a badge)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return 0
    return Seat.objects.filter(user=user, to_act=True, game__status=Game.Status.RUNNING).count()


def _read_only(*args, **kwargs):
    raise TypeError("A public projection of a game is read-only: load the game to write it.")


def public_game(game: Game, *, is_host: bool) -> Game:
    """A read-only copy of the game row holding only what its viewer may see.

    It stays a `Game` (querysets, `reverse`, template attribute names all work) but the
    secrets are blanked: `seed` until the seed is revealed (the game over or aborted; use
    `revealed_seed`), `state` (the full engine dump, every hand) until the game is finished,
    and `invitation_token` for anyone but the host. `save`, `delete` and `refresh_from_db`
    raise.
    """
    public = copy.copy(game)
    if not game.seed_revealed:
        public.seed = ""
    if game.status != Game.Status.FINISHED or "state" not in game.__dict__:
        public.state = None  # (a row read without its state: `GameView.final_view` has it)
    if not is_host:
        public.invitation_token = ""
    # Read-only, and never reloaded from the row (which would bring the secrets back).
    public.save = public.delete = public.refresh_from_db = _read_only
    return public


@dataclass
class GameView:
    """One game as one user may see it. Templates get this; its `game` is the public
    projection of the row (`public_game`): no seed before the end, no engine state before
    the end, no invitation token but for the host."""

    game: Game
    seats: list[Seat]
    seat: Seat | None  # the user's seat, None for a spectator
    view: dict | None  # engine.view for the user's player (None = spectator view); None
    # before the game starts
    legal_actions: list[dict] = field(default_factory=list)
    chat: list[ChatMessage] = field(default_factory=list)
    can_join: bool = False
    # engine.decision_key of the user's player (running games, seated users): the form posts
    # it with `seq` so that other players' answers to the same window do not make it stale
    decision_key: str | None = None
    # a finished game: everything on the table (every hand), its log cut like `view`'s
    final_view: dict | None = None

    @property
    def player_id(self) -> str | None:
        return self.seat.player_id if self.seat else None

    @property
    def is_spectator(self) -> bool:
        return self.seat is None

    @property
    def is_host(self) -> bool:
        return self.seat is not None and self.seat.user_id == self.game.host_id

    @property
    def to_act(self) -> bool:
        return bool(self.legal_actions)

    @property
    def seq(self) -> int:
        return self.game.state_seq

    @property
    def revision(self) -> int:
        return self.game.revision

    @property
    def revealed_seed(self) -> str | None:
        return self.game.revealed_seed


def _get_game(game_id, related=(), *, with_state=True) -> Game:
    games = Game.objects.select_related("host", *related)
    if not with_state:
        games = games.defer("state")
    try:
        return games.get(pk=coerce_id(game_id))
    except Game.DoesNotExist:
        raise GameNotFound() from None


class SeatView(NamedTuple):
    """What a seat (or a spectator: `player` None) sees of one version of a game: see
    `seat_view`."""

    view: dict  # engine.view, its log cut to its newest lines unless asked whole
    legal: list  # the player's legal actions (running games)
    key: str | None  # their decision key (running games)
    final: dict | None  # finished games: everything on the table (`presenters.full_view`)


VIEW_CACHE = "local"  # this process's memory: a player's view never leaves the process


def _view_key(game: Game, player: str | None) -> str:
    # the commitment names this very game (a database rebuilt from scratch reuses ids)
    version = f"{game.pk}:{game.commitment[:16]}:{game.state_seq}:{game.status}"
    return f"seat-view:{version}:{player or ''}"


def seat_view(game: Game, player: str | None, *, whole_log: bool = False) -> SeatView:
    """The engine's answers for `player` at the game's version (`state_seq`, status).

    A long game's state holds its whole log: loading it, viewing it and walking its log grow
    with every move. Every page of one version asks the same, so the answers are kept in
    this process's memory (`VIEW_CACHE`) under a key naming the version and the player, with
    the log cut to its newest lines (`story.log_tail`: what a panel shows): a page of a
    version already seen reads neither the state nor the log (`game_view` reads the row
    without its state, and the state only when the answers are not kept). `whole_log`: the
    whole log (the log's own page), neither kept nor read from memory."""
    from django.core.cache import caches

    from games.table.presenters import full_view
    from games.table.story import log_tail

    key = _view_key(game, player)
    if not whole_log:
        found = caches[VIEW_CACHE].get(key)
        if found is not None:
            return found
    engine = common.engine_for(game.kind)
    state = engine.load(game.state)
    view = engine.view(state, player)
    legal: list[dict] = []
    decision = None
    if player is not None and game.status == Game.Status.RUNNING:
        legal = engine.legal_actions(state, player)
        decision = common.decision_key(engine, state, player, view=view, legal=legal)
    final = full_view(engine, state) if game.status == Game.Status.FINISHED else None
    if whole_log:
        return SeatView(view, legal, decision, final)
    found = SeatView(log_tail(view), legal, decision, log_tail(final) if final else None)
    caches[VIEW_CACHE].set(key, found)
    return found


def game_view(
    *,
    game_id,
    user,
    invitation_token: str | None = None,
    chat_limit: int = 100,
    whole_log: bool = False,
) -> GameView:
    """The game as `user` (maybe anonymous) may see it: their own player's view and legal
    actions when seated, else the spectator view (public games, or private games with the
    invitation token). `chat_limit=0`: no chat (the pages read theirs with
    `chat_with_hidden`). The view's log holds its newest lines (see `seat_view`), the whole
    log with `whole_log`. Raises GameNotFound, AccessDenied."""
    game = _get_game(game_id, page.GAME_RELATED, with_state=False)
    seats = list(
        game.seats.select_related("user__profile", "user__game_total", *page.SEAT_RELATED).order_by(
            "position"
        )
    )
    authenticated = user is not None and getattr(user, "is_authenticated", False)
    seat = next((s for s in seats if authenticated and s.user_id == user.pk), None)
    has_invitation = invitation_matches(game, invitation_token)
    if game.is_private and seat is None and not has_invitation:
        raise AccessDenied()
    answers = None
    if game.status not in (Game.Status.OPEN, Game.Status.ABORTED) or game.started_at:
        answers = _seat_view_of(game, seat.player_id if seat else None, whole_log=whole_log)
    chat = (
        list(
            ChatMessage.objects.filter(game=game, hidden=False)
            .filter(chat_visible_to(user))
            .select_related("user")
            .order_by("-created_at", "-id")[:chat_limit]
        )[::-1]
        if chat_limit
        else []
    )
    can_join = (
        authenticated
        and seat is None
        and game.status == Game.Status.OPEN
        and len(seats) < game.max_seats
        and (not game.is_private or has_invitation)
    )
    return GameView(
        game=public_game(game, is_host=seat is not None and seat.user_id == game.host_id),
        seats=seats,
        seat=seat,
        view=answers.view if answers else None,
        legal_actions=answers.legal if answers else [],
        chat=chat,
        can_join=can_join,
        decision_key=answers.key if answers else None,
        final_view=answers.final if answers else None,
    )


def _seat_view_of(game: Game, player, *, whole_log: bool) -> SeatView | None:
    """`seat_view` of a game read without its state (None when it has none). The state is
    read only when the answers are not kept; if the game moved on meanwhile, the row's
    version comes with it, so the answers always match the version they are kept under."""
    from django.core.cache import caches

    if "state" not in game.__dict__:
        found = None if whole_log else caches[VIEW_CACHE].get(_view_key(game, player))
        if found is not None:
            return found
        row = Game.objects.filter(pk=game.pk).values(*VERSION_FIELDS).first()
        if row is None:
            raise GameNotFound()
        for name, value in row.items():
            setattr(game, name, value)
    if game.state is None:
        return None
    return seat_view(game, player, whole_log=whole_log)


# The state and the fields that change with it, read together when the state is needed.
VERSION_FIELDS = (
    "state", "state_seq", "revision", "status", "result", "deadline_at", "finished_at",
)  # fmt: skip


class GameVersion(NamedTuple):
    seq: int  # state_seq: the last event applied
    rev: int  # revision: bumped on every visible change (seats, chat, moves)


def game_version(*, game_id) -> GameVersion:
    """(state_seq, revision) of a game, one indexed query. Raises GameNotFound."""
    row = Game.objects.filter(pk=coerce_id(game_id)).values_list("state_seq", "revision").first()
    if row is None:
        raise GameNotFound()
    return GameVersion(*row)


def game_changed_since(*, game_id, seq: int, rev: int | None = None) -> bool:
    """True when the game's state_seq differs from `seq` (or its revision from `rev`, when
    given). The polling fallback of live updates. Raises GameNotFound."""
    version = game_version(game_id=game_id)
    return version.seq != seq or (rev is not None and version.rev != rev)


def game_events(*, game_id, user, invitation_token: str | None = None) -> QuerySet[Event]:
    """The full event log with every action, in order — only once the game is over
    (finished or aborted); before that use the public log in the engine view. Private
    games: seated users and invitation holders only.
    Raises GameNotFound, AccessDenied, ReplayUnavailable."""
    game = _get_game(game_id)
    if game.is_private and not invitation_matches(game, invitation_token):
        authenticated = user is not None and getattr(user, "is_authenticated", False)
        if not authenticated or not game.seats.filter(user=user).exists():
            raise AccessDenied()
    if not game.seed_revealed:
        raise ReplayUnavailable()
    return Event.objects.filter(game=game).select_related("seat__user").order_by("seq")


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


def chat_visible_to(user) -> Q:
    """The chat lines `user` may read: the public ones, and the private lines they sent or
    received (anyone else: the public ones only)."""
    public = Q(recipient__isnull=True)
    if user is None or not getattr(user, "is_authenticated", False):
        return public
    return public | Q(user=user) | Q(recipient=user)


def chat_with_hidden(*, game, viewer=None, limit=100) -> list:
    """The last `limit` chat messages of `game` that `viewer` may read (public lines, and
    their own private ones), oldest first, hidden ones included so the page can show a
    placeholder in their place. The text and phrase columns are never loaded: each row gets
    `visible_text` and `visible_phrase`, "" and None for a hidden message, so what it said
    cannot be rendered. Authors and recipients are not loaded: their ids name them (the
    page knows its seats' users, see `views.chat_lines.chat_lines`)."""
    rows = list(
        ChatMessage.objects.filter(game=game)
        .filter(chat_visible_to(viewer))
        .defer("text", "phrase")
        .annotate(
            visible_text=Case(When(hidden=False, then=F("text")), default=Value("")),
            visible_phrase=Case(
                When(hidden=False, then=F("phrase")), default=None, output_field=JSONField()
            ),
        )
        .order_by("-created_at", "-pk")[:limit]
    )
    rows.reverse()
    return rows


def seated_user(*, game_id, user) -> bool:
    """Whether `user` holds a seat in the game (any status)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return Seat.objects.filter(game_id=coerce_id(game_id), user=user).exists()
