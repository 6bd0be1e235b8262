"""During play: a player's action, or an action the platform plays for a seat."""

from __future__ import annotations

import hmac
import logging

from django.db import transaction
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.engines import IllegalAction
from games.table import live, records, recount
from games.table.models import Event, Game, Seat

from . import common
from .common import (
    ACTION_MAX_CHARS,
    check_json_dict,
    coerce_decision_key,
    coerce_seq,
    lock_game,
    store_state,
)
from .errors import GameNotRunning, IllegalMove, MalformedAction, NotYourSeat, StaleAction
from .paced import standing_defer

log = logging.getLogger(__name__)

# "bot": a bot plays a dropped seat the timeout policy handed to it (games.bot_seats).
SYSTEM_REASONS = ("timeout", "timeout_follow", "autopilot", "moderation", "bot")
# The default moves after the first one that a timeout plays for a seat within one decision
# the engine keeps open (Intrigue: the host refuses each offer, then places): one missed
# deadline, however many moves.
TIMEOUT_FOLLOW = "timeout_follow"
# `Event.reason` of a move a player's standing order played (kind "action": their own move)
STANDING_REASON = "standing"
# a bound on the standing-order moves after one event (each one answers a distinct question)
STANDING_MAX_MOVES = 500
# Engine actions by which a player leaves a running game: an abandon in their record
# (games.table.records); the platform's own drops and kicks also mark the seat "left".
RESIGN_ACTION_TYPES = recount.RESIGN_ACTION_TYPES


def engine_reason(error: Exception) -> str:
    """The engine's refusal in the active language: its `N_`-marked template translated,
    then its parameters filled in (`IllegalAction.template`, `.params`). An engine that
    raises a plain string gets it back as it is (unless the catalogue knows it)."""
    template = getattr(error, "template", None)
    formatted = getattr(error, "formatted", None)
    if not template or formatted is None:
        return str(error)
    return formatted(gettext(template))


# evaluated when the message is shown, in the reader's language
engine_reason_lazy = lazy(engine_reason, str)


def _apply(
    game: Game, seat: Seat, action: dict, *, kind: str, reason: str = "", engine=None, state=None
) -> Event:
    """Ask the engine, append the event, refresh the cache. The game row is locked."""
    if engine is None:
        engine = common.engine_for(game.kind)
        state = engine.load(game.state)
    try:
        new_state = engine.apply(state, seat.player_id, action)
    except IllegalAction as exc:
        raise IllegalMove(
            _("This move is not allowed: %(reason)s"), params={"reason": engine_reason_lazy(exc)}
        ) from exc
    except Exception as exc:  # the contract says never; a bug must still not write anything
        log.error(
            "engine %s raised on game %s action %r", game.kind, game.pk, action, exc_info=True
        )
        raise IllegalMove() from exc
    now = timezone.now()
    seq = game.state_seq + 1
    event = Event.objects.create(
        game=game, seq=seq, seat=seat, kind=kind, action=action, reason=reason
    )
    game._new_event = event  # the deadlines bookkeeping (game_changed) need not re-read it
    records.timeout_counted(event, game.kind)
    if action.get("type") in RESIGN_ACTION_TYPES:
        records.abandons_changed([seat.user_id], game.kind)
    store_state(game, engine, new_state, seq=seq, now=now)
    live.publish_on_commit(game)
    event.game = game
    return event


def standing_orders_play(game: Game, engine=None, state=None) -> int:
    """Play the standing orders of the players now waited for, one move at a time, until
    none answers: each is an ordinary `action` event of that seat (`reason` "standing"), in
    the same transaction, at once — exactly when the player could have answered. An answer
    that depends on the player's hidden cards (`engine.standing_answer_hidden`) is not
    played here but by a task, at a person's pace (`services.paced`). Orders that lapse are
    saved. The game row is locked. Returns how many moves were played at once."""
    if game.status != Game.Status.RUNNING:
        return 0
    if engine is None:
        engine = common.engine_for(game.kind)
    if not engine.standing_orders:
        return 0
    played = 0
    deferred = set()  # (seq, player) whose answer a task plays later, at a person's pace
    while played < STANDING_MAX_MOVES and game.status == Game.Status.RUNNING:
        seats = [
            seat
            for seat in game.seats.filter(to_act=True).order_by("position")
            if seat.standing_orders and seat.status == Seat.Status.PLAYING
        ]
        if not seats:
            return played
        if state is None:
            state = engine.load(game.state)
        move = None
        for seat in seats:
            if (game.state_seq, seat.player_id) in deferred:
                continue
            orders = set(seat.standing_orders)
            action, left = engine.standing_answer(state, seat.player_id, orders)
            if set(left) != set(seat.standing_orders):
                seat.standing_orders = [o for o in seat.standing_orders if o in left]
                seat.save(update_fields=["standing_orders"])
            if action is not None and engine.standing_answer_hidden(state, seat.player_id, orders):
                # an answer from hidden cards: never at once (services.paced)
                deferred.add((game.state_seq, seat.player_id))
                standing_defer(game, engine, state, seat)
                continue
            if action is not None:
                move = (seat, action)
                break
        if move is None:
            return played
        event = _apply(game, move[0], move[1], kind=Event.Kind.ACTION, reason=STANDING_REASON)
        move[0].standing_seq = event.seq
        move[0].save(update_fields=["standing_seq"])
        state = None
        played += 1
    return played


def standing_answer_apply(game_id: int, player_id: str, seq: int, decision_key=None) -> str:
    """What the paced task does (`services.paced`): play `player_id`'s standing answer if
    they still face the decision of `seq` (the game at that seq, or the same decision key:
    others answered the same window meanwhile). Returns "played", "stale" or "none"."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.RUNNING or seq > game.state_seq:
            return "stale"
        seat = game.seats.filter(player_id=player_id).first()
        if seat is None or seat.status != Seat.Status.PLAYING or not seat.standing_orders:
            return "none"
        engine = common.engine_for(game.kind)
        state = engine.load(game.state)
        if player_id not in engine.waiting_for(state):
            return "stale"
        if seq != game.state_seq:
            current = common.decision_key(engine, state, player_id)
            if current is None or decision_key is None or current != decision_key:
                return "stale"
        action, left = engine.standing_answer(state, player_id, set(seat.standing_orders))
        if set(left) != set(seat.standing_orders):
            seat.standing_orders = [o for o in seat.standing_orders if o in left]
            seat.save(update_fields=["standing_orders"])
        if action is None:
            return "none"
        event = _apply(
            game,
            seat,
            action,
            kind=Event.Kind.ACTION,
            reason=STANDING_REASON,
            engine=engine,
            state=state,
        )
        seat.standing_seq = event.seq
        seat.save(update_fields=["standing_seq"])
        standing_orders_play(game, engine)
    return "played"


def _check_running(game: Game) -> None:
    if game.status != Game.Status.RUNNING:
        raise GameNotRunning()


def action_submit(*, game_id, user, action, expected_seq, decision_key=None) -> Event:
    """Play `action` (an engine action dict) for the user's seat.

    `expected_seq` is the `state_seq` the player's page was showing and `decision_key` the
    key of the decision it showed them (`GameView.decision_key`). The move is fresh when the
    seq is still the game's, or when the seq moved on but the player's decision key is still
    the same: other players answered the same window meanwhile (a pass), which does not
    change this player's question. Otherwise (the claim was challenged or resolved, the
    window closed, the player already answered, no key given) it is refused: StaleAction.
    So of two players racing to close the same window exactly one is accepted, while all the
    players passing a window at once are all accepted, and a double click applies once.
    Locks the game row, asks the engine, appends the Event
    (seq = state_seq + 1), refreshes the cached state, deadline, seats and, when the engine
    gives an outcome, status finished + result; publishes a change notice after commit.
    Returns the new Event (its `.game` is the updated game).
    Raises GameNotFound, MalformedAction, GameNotRunning, NotYourSeat, StaleAction,
    IllegalMove; nothing is written when it raises.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotYourSeat()
    action = check_json_dict(action, max_chars=ACTION_MAX_CHARS, error_cls=MalformedAction)
    expected_seq = coerce_seq(expected_seq)
    decision_key = coerce_decision_key(decision_key)
    with transaction.atomic():
        game = lock_game(game_id)
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise NotYourSeat()
        _check_running(game)
        engine = common.engine_for(game.kind)
        state = None
        if expected_seq != game.state_seq:
            if decision_key is None or expected_seq > game.state_seq:
                raise StaleAction()
            state = engine.load(game.state)
            current = common.decision_key(engine, state, seat.player_id)
            if current is None or not hmac.compare_digest(current, decision_key):
                raise StaleAction()
        else:
            state = engine.load(game.state)
        event = _apply(game, seat, action, kind=Event.Kind.ACTION, engine=engine, state=state)
        standing_orders_play(game, engine)
        return event


def system_action_submit(
    *, game_id, player_id: str, expected_seq, action: dict | None = None, reason: str = "timeout"
) -> Event:
    """The platform plays for seat `player_id` (a timeout, autopilot...), recorded as a
    `system` event with that seat and `reason`. `action=None` plays the engine's
    `default_action` for that player. `expected_seq` is the seq the caller was scheduled for:
    a game that has moved on raises StaleAction (so a late timer does nothing).
    Raises GameNotFound, MalformedAction, GameNotRunning, NotYourSeat (no such player),
    StaleAction, IllegalMove (e.g. the player is not waited for).
    """
    if reason not in SYSTEM_REASONS:
        raise MalformedAction(_("Unknown reason for a system action."))
    if action is not None:
        action = check_json_dict(action, max_chars=ACTION_MAX_CHARS, error_cls=MalformedAction)
    expected_seq = coerce_seq(expected_seq)
    with transaction.atomic():
        game = lock_game(game_id)
        _check_running(game)
        seat = (
            game.seats.filter(player_id=player_id).first() if isinstance(player_id, str) else None
        )
        if seat is None:
            raise NotYourSeat(_("There is no such player in this game."))
        if expected_seq != game.state_seq:
            raise StaleAction()
        if action is None:
            engine = common.engine_for(game.kind)
            state = engine.load(game.state)
            if player_id not in engine.waiting_for(state):
                raise IllegalMove(_("This player has nothing to decide now."))
            action = engine.default_action(state, player_id)
        event = _apply(game, seat, action, kind=Event.Kind.SYSTEM, reason=reason)
        standing_orders_play(game)
        return event
