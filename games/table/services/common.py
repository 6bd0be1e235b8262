"""Helpers shared by the services, the selectors and the replay: the engine bridge, input
checks and the cache refresh after a new event."""

from __future__ import annotations

import json
import logging
from datetime import timedelta

from django.db.models import Case, Value, When
from django.utils.translation import gettext_lazy as _

from games.engines import Engine, decision_key_of, get_engine
from games.table.models import Game, Seat
from games.table.signals import game_changed_send, game_over

from .errors import GameError, GameNotFound, InvalidGameSettings, MalformedAction
from .payload import check_json_value

log = logging.getLogger(__name__)

ACTION_MAX_CHARS = 4_000
OPTIONS_MAX_CHARS = 10_000


def engine_for(kind: str):
    """The rules engine for a game kind (`games.engines.get_engine`); InvalidGameSettings if
    there is none."""
    try:
        return get_engine(kind)
    except (LookupError, ValueError, TypeError) as exc:
        raise InvalidGameSettings(
            _("Unknown game: %(kind)s."), params={"kind": str(kind)[:40]}
        ) from exc


def coerce_id(value, error_cls: type[GameError] = GameNotFound) -> int:
    """An integer id from an int or a digit string; `error_cls` for anything else."""
    if isinstance(value, bool):
        raise error_cls()
    if isinstance(value, int):
        if value < 0:
            raise error_cls()
        return value
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 19:
        return int(value.strip())
    raise error_cls()


def coerce_seq(value) -> int:
    try:
        return coerce_id(value, MalformedAction)
    except MalformedAction:
        raise MalformedAction(
            _("Your page's position in the game is missing or invalid: reload the page.")
        ) from None


PLAYER_ID_MAX_CHARS = 16  # Seat.player_id


def is_player_id(value) -> bool:
    """Whether a client's `value` may be looked up as a seat's player id: a short string
    without NUL (which PostgreSQL text cannot hold: a query with one is a DataError)."""
    return isinstance(value, str) and 0 < len(value) <= PLAYER_ID_MAX_CHARS and "\x00" not in value


def check_json_dict(value, *, max_chars: int, error_cls: type[GameError]) -> dict:
    """A JSON-clean dict (string keys, JSON types, no NUL nor lone surrogate, bounded depth,
    values and size) or `error_cls`. The bounds are checked iteratively first
    (`payload.check_json_value`), so no client value makes anything here recurse deeply."""
    if not isinstance(value, dict):
        raise error_cls()
    check_json_value(value, error_cls=error_cls)
    try:
        text = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        raise error_cls() from None
    if len(text) > max_chars:
        raise error_cls()
    return json.loads(text)


def lock_game(game_id) -> Game:
    """The game row, locked until the end of the transaction (SELECT ... FOR UPDATE)."""
    pk = coerce_id(game_id)
    try:
        return Game.objects.select_for_update().get(pk=pk)
    except Game.DoesNotExist:
        raise GameNotFound() from None


DECISION_KEY_MAX_CHARS = 128


def decision_key(engine, state, player_id, *, view=None, legal=None) -> str | None:
    """The engine's `decision_key(state, player_id)` (see games.engines.base.Engine).

    An engine that keeps the base definition gets it from `view` and `legal` when the caller
    already has them (no second view). None (no key: only the exact seq is fresh) when the
    engine fails."""
    try:
        if type(engine).decision_key is Engine.decision_key:
            if view is None:
                view = engine.view(state, player_id)
            if legal is None:
                legal = engine.legal_actions(state, player_id)
            return decision_key_of(view, legal)
        key = engine.decision_key(state, player_id)
    except Exception:  # a key is a convenience: never let it break a page or a move
        log.error("engine %s: decision_key failed", engine, exc_info=True)
        return None
    return key if isinstance(key, str) and len(key) <= DECISION_KEY_MAX_CHARS else None


def coerce_decision_key(value) -> str | None:
    """The decision key a form posted: None when absent, else a bounded string."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > DECISION_KEY_MAX_CHARS:
        raise MalformedAction(
            _("Your page's position in the game is missing or invalid: reload the page.")
        )
    return value


def decision_is_window(engine, state) -> bool:
    """True when the pending decision is a response window (short deadline), False for a
    turn: the engine's `in_window(state)` (by default, a waiting player may `pass`)."""
    return bool(engine.in_window(state))


def decision_continues(engine, state) -> bool | None:
    """Whether the last action left the pending decision open (its deadline is kept), as
    the engine says with `decision_continues(state)`; None when the engine does not say
    (the clock then reads "fewer players waited for" as the same decision going on)."""
    if engine.decision_continues is None:
        return None
    return bool(engine.decision_continues(state))


def store_state(game: Game, engine, state, *, seq: int, now) -> None:
    """Refresh the game's cache after event `seq`: state dump, seq, revision, deadline,
    status/result when over, and the seats' `to_act` / eliminated status. Saves the game."""
    game.state = json.loads(json.dumps(engine.dump(state)))
    game.state_seq = seq
    game.revision += 1
    outcome = engine.outcome(state)
    fields = ["state", "state_seq", "revision", "deadline_at"]
    if outcome is not None:
        waiting = []
        game.status = Game.Status.FINISHED
        game.result = json.loads(json.dumps(outcome))
        game.finished_at = now
        game.deadline_at = None
        fields += ["status", "result", "finished_at"]
    else:
        waiting = list(engine.waiting_for(state))
        seconds = game.window_seconds if decision_is_window(engine, state) else game.turn_seconds
        # A tutorial has no clock: nobody is ever hurried nor played for.
        game.deadline_at = None if game.tutorial else now + timedelta(seconds=seconds)
    game_changed_send(game, saving=True)  # the clock's bookkeeping may set game.deadline_at
    game.save(update_fields=fields)
    if outcome is not None and not game.tutorial:
        from games.table import records

        records.game_finished(game)
        game_over.send(sender=Game, game=game)

    seats = Seat.objects.filter(game=game)
    seats.update(to_act=Case(When(player_id__in=waiting, then=Value(True)), default=Value(False)))
    public = engine.view(state, None)
    dead = [
        p.get("id")
        for p in public.get("players", [])
        if isinstance(p, dict) and p.get("alive") is False
    ]
    if dead:
        seats.filter(player_id__in=dead, status=Seat.Status.PLAYING).update(
            status=Seat.Status.ELIMINATED
        )
