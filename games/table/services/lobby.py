"""Before play: create a table, take and leave seats, start or cancel the game."""

from __future__ import annotations

import hmac
import logging
import secrets

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.table import live
from games.table.models import MAX_SEATS, Event, Game, Seat, TimeControl, seed_commitment
from games.table.signals import seat_checks_run

from . import common
from .common import OPTIONS_MAX_CHARS, check_json_dict, lock_game, store_state
from .errors import (
    AccessDenied,
    AlreadySeated,
    GameError,
    GameFull,
    GameNotOpen,
    InvalidGameSettings,
    NotEnoughPlayers,
    NotHost,
    NotYourSeat,
)
from .play import standing_orders_play
from .standing import default_orders

log = logging.getLogger(__name__)


def _check_user(user) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotYourSeat(_("You must be signed in."))


def _seat_count(value, message) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_SEATS:
        raise InvalidGameSettings(message, params={"max": MAX_SEATS})
    return value


def _try_new_game(engine, options: dict, count: int) -> None:
    players = [f"p{i}" for i in range(1, count + 1)]
    try:
        engine.new_game(players, options=options, seed=b"\x00" * 32)
    except Exception as exc:  # the options come from a user: any refusal is a clear error
        log.info("game_create: engine refused options %r for %d players: %s", options, count, exc)
        raise InvalidGameSettings(
            _("This game cannot be played with %(count)d players and these options."),
            params={"count": count},
        ) from exc


def seat_range(kind: str) -> tuple[int, int]:
    """The fewest and most players a game of `kind` takes (the engine's `min_players` and
    `max_players`, within the site's 1..MAX_SEATS). Raises InvalidGameSettings for an unknown
    kind or an empty range."""
    engine = common.engine_for(kind)
    low, high = max(1, engine.min_players), min(MAX_SEATS, engine.max_players)
    if low > high:
        raise InvalidGameSettings()
    return low, high


def invitation_matches(game: Game, token) -> bool:
    """Constant-time check of an invitation token against a private game's."""
    if not game.invitation_token or not isinstance(token, str) or not token:
        return False
    return hmac.compare_digest(game.invitation_token.encode(), token.encode())


def game_create(
    *,
    host,
    kind: str,
    options: dict | None = None,
    visibility: str = Game.Visibility.PUBLIC,
    min_seats: int = 2,
    max_seats: int = 6,
    time_control: str = TimeControl.DEFAULT,
    allow_setup: bool = False,
    auto_start: bool = False,
    rematch_of: Game | None = None,
    tutorial: bool = False,
    rated: bool = False,
) -> Game:
    """Open a new table hosted (and seated at position 1) by `host`.

    Draws the secret seed now (32 bytes from `secrets`) so that its SHA-256 commitment is
    public before anyone joins. Private games get an invitation token. Checks with the
    engine that the options work for both `min_seats` and `max_seats` players.
    `options["setup"]` (a rigged deal) is refused unless `allow_setup` (trusted callers
    only: tutorials, puzzles, tests) — whoever wrote it would know the hidden cards.
    `auto_start`: the game starts by itself when its last seat is taken (see `seat_join`).
    `tutorial`: a lesson (`Game.tutorial`: no clock, no record, private, never rematched).
    `rated`: the host wants the game to count for the ratings (`games.ratings` decides at
    the end whether it may).
    Raises InvalidGameSettings (unknown kind, bad options/seats/visibility/time control).
    """
    _check_user(host)
    if not isinstance(kind, str):
        raise InvalidGameSettings()
    engine = common.engine_for(kind)
    options = check_json_dict(
        {} if options is None else options,
        max_chars=OPTIONS_MAX_CHARS,
        error_cls=InvalidGameSettings,
    )
    if "setup" in options and not allow_setup:
        raise InvalidGameSettings(_("A rigged starting position is not allowed here."))
    min_seats = _seat_count(
        min_seats, _("The minimum number of players must be between 1 and %(max)d.")
    )
    max_seats = _seat_count(
        max_seats, _("The maximum number of players must be between 1 and %(max)d.")
    )
    if min_seats > max_seats:
        raise InvalidGameSettings(_("The minimum number of players exceeds the maximum."))
    if visibility not in Game.Visibility.values:
        raise InvalidGameSettings(_("Unknown visibility."))
    if time_control not in TimeControl.PRESETS:
        raise InvalidGameSettings(_("Unknown time control."))
    for count in sorted({min_seats, max_seats}):
        _try_new_game(engine, options, count)

    mode, window, turn = TimeControl.PRESETS[time_control]
    seed = secrets.token_hex(32)
    with transaction.atomic():
        game = Game.objects.create(
            kind=kind,
            options=options,
            host=host,
            visibility=visibility,
            invitation_token=(
                secrets.token_urlsafe(24) if visibility == Game.Visibility.PRIVATE else ""
            ),
            min_seats=min_seats,
            max_seats=max_seats,
            seed=seed,
            commitment=seed_commitment(seed),
            time_control=time_control,
            time_mode=mode,
            window_seconds=window,
            turn_seconds=turn,
            revision=1,
            auto_start=bool(auto_start),
            rematch_of=rematch_of,
            tutorial=bool(tutorial),
            rated=bool(rated),
        )
        Seat.objects.create(
            game=game,
            user=host,
            position=1,
            player_id="p1",
            standing_orders=default_orders(kind=kind, user=host),
        )
        live.publish_on_commit(game)
    return game


def seat_join(*, game_id, user, invitation_token: str | None = None) -> Seat:
    """Take the lowest free seat of an open game. Private games need the invitation token.
    The last free seat of a table whose host chose `auto_start` starts the game at once.

    Raises GameNotFound, AccessDenied, GameNotOpen, AlreadySeated, GameFull, and what a
    seat check of the layers above raises (`games.table.signals.register_seat_check`).
    """
    _check_user(user)
    with transaction.atomic():
        game = lock_game(game_id)
        seats = list(game.seats.all())
        if any(s.user_id == user.pk for s in seats):
            raise AlreadySeated()
        if game.is_private and not invitation_matches(game, invitation_token):
            raise AccessDenied()
        if game.status != Game.Status.OPEN:
            raise GameNotOpen()
        if len(seats) >= game.max_seats:
            raise GameFull()
        seat_checks_run(game=game, user=user)
        taken = {s.position for s in seats}
        position = min(p for p in range(1, game.max_seats + 1) if p not in taken)
        seat = Seat.objects.create(
            game=game,
            user=user,
            position=position,
            player_id=f"p{position}",
            standing_orders=default_orders(kind=game.kind, user=user),
        )
        game.revision += 1
        game.save(update_fields=["revision"])
        if game.auto_start and len(seats) + 1 == game.max_seats:
            try:
                with transaction.atomic():  # a start the engine refuses leaves the seat taken
                    _start_locked(game)
            except GameError:
                log.warning("seat_join: auto-start of game %s refused", game.pk, exc_info=True)
                game.refresh_from_db()
            seat.refresh_from_db()
        live.publish_on_commit(game)
    return seat


def seat_leave(*, game_id, user) -> None:
    """Give up one's seat before the game starts (the seat row is removed).

    The host cannot leave (they cancel the game instead). Raises GameNotFound, NotYourSeat,
    GameNotOpen, GameError.
    """
    _check_user(user)
    with transaction.atomic():
        game = lock_game(game_id)
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise NotYourSeat()
        if game.status != Game.Status.OPEN:
            raise GameNotOpen(_("You can leave a game only before it starts."))
        if game.host_id == user.pk:
            raise GameError(_("The host cannot leave their own game: cancel it instead."))
        seat.delete()
        game.revision += 1
        game.save(update_fields=["revision"])
        live.publish_on_commit(game)


def game_cancel(*, game_id, user) -> Game:
    """The host calls off an open game (status aborted; the seed is then revealed), or
    abandons a running game they play alone (a solo game: nobody else's game ends; an
    engine with no resignation of its own, such as Regicide's solo, needs it). The log then
    says so with an `abandon` note (docs/engines.md, "Abandoning a solo game").

    Raises GameNotFound, NotHost, GameNotOpen.
    """
    _check_user(user)
    with transaction.atomic():
        game = lock_game(game_id)
        if game.host_id != user.pk:
            raise NotHost()
        if game.status == Game.Status.RUNNING and game.seats.count() == 1:
            _abandon_solo(game)
            live.publish_on_commit(game)
            return game
        if game.status != Game.Status.OPEN:
            raise GameNotOpen(_("Only a game that has not started can be cancelled."))
        game.status = Game.Status.ABORTED
        game.finished_at = timezone.now()
        game.deadline_at = None
        game.revision += 1
        game.save(update_fields=["status", "finished_at", "deadline_at", "revision"])
        Seat.objects.filter(game=game).update(to_act=False)
        live.publish_on_commit(game)
    return game


def _abandon_solo(game) -> None:
    """A running one-seat game ends without a winner: an `abandon` note in the log (the
    replay skips it: the engine's state does not change), status aborted."""
    seat = game.seats.get()
    last = max(game.events.aggregate(last=Max("seq"))["last"] or 0, game.state_seq)
    Event.objects.create(
        game=game,
        seq=last + 1,
        seat=seat,
        kind=ABANDON_EVENT_KIND,
        action={"type": "abandon_solo", "player": seat.player_id},
        reason="abandon",
    )
    game.state_seq = last + 1
    game.status = Game.Status.ABORTED
    game.result = None
    game.finished_at = timezone.now()
    game.deadline_at = None
    game.revision += 1
    game.save(
        update_fields=["state_seq", "status", "result", "finished_at", "deadline_at", "revision"]
    )
    Seat.objects.filter(game=game).update(to_act=False)


#: The kind of the note a solo player's abandon leaves in the log.
ABANDON_EVENT_KIND = "abandon"


def game_start(*, game_id, user) -> Game:
    """The host starts an open game with at least `min_seats` players.

    Compacts positions to 1..n (join order kept) and sets player ids "p1".."pn"; builds the
    engine state from the seed with the players in seat order; appends the `start` event
    (seq 1, `{"players": [...]}`); status running, deadline set, seats playing.
    Raises GameNotFound, NotHost, GameNotOpen, NotEnoughPlayers, InvalidGameSettings.
    """
    _check_user(user)
    with transaction.atomic():
        game = lock_game(game_id)
        if game.host_id != user.pk:
            raise NotHost()
        if game.status != Game.Status.OPEN:
            raise GameNotOpen(_("This game has already started or ended."))
        _start_locked(game)
    return game


def _start_locked(game: Game) -> None:
    """Start `game` (open, row locked by the caller): see `game_start`."""
    seats = list(game.seats.order_by("position"))
    if len(seats) < game.min_seats:
        raise NotEnoughPlayers(
            _("At least %(count)d players are needed to start."),
            params={"count": game.min_seats},
        )
    engine = common.engine_for(game.kind)
    for index, seat in enumerate(seats, start=1):
        seat.position = index
        seat.player_id = f"p{index}"
        seat.status = Seat.Status.PLAYING
        seat.save(update_fields=["position", "player_id", "status"])
    players = [seat.player_id for seat in seats]
    try:
        state = engine.new_game(players, options=game.options, seed=bytes.fromhex(game.seed))
    except Exception as exc:
        log.warning("game_start: engine refused game %s", game.pk, exc_info=True)
        raise InvalidGameSettings(
            _("This game cannot start with these players and options.")
        ) from exc
    now = timezone.now()
    Event.objects.create(game=game, seq=1, kind=Event.Kind.START, action={"players": players})
    game.status = Game.Status.RUNNING
    game.started_at = now
    game.save(update_fields=["status", "started_at"])
    store_state(game, engine, state, seq=1, now=now)
    standing_orders_play(game, engine, state)
    live.publish_on_commit(game)
