"""Applying timeouts: the default move of each player still owing a decision at its
deadline, the run of missed deadlines, and the drop (autopilot, or out through the engine's
resign action) that the game's timeout policy orders after too many.

Missed deadlines are counted from the event log (`games.clock.missed`): the trailing run of
a seat's `system` events with reason "timeout" (any action of the player's own ends it).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone

from games.clock import signals
from games.clock.bookkeeping import clock_sync
from games.clock.deadlines import bot_played, engine_of, policy_for
from games.clock.missed import missed_in_row
from games.clock.models import GameClock, SeatClock, TimeoutPolicy
from games.table import records
from games.table.models import Game, Seat
from games.table.services import system_action_submit
from games.table.services.common import decision_continues
from games.table.services.play import RESIGN_ACTION_TYPES, TIMEOUT_FOLLOW

log = logging.getLogger(__name__)

# Events a single timeout run may play (autopilot chains); the next run continues.
MAX_EVENTS_PER_RUN = 200
# Default moves a decision the engine keeps open may take beyond one per owing player.
MAX_DEFAULTS_PER_DECISION = 24


def drop_out_action(engine, state, player_id):
    """The engine's resign/forfeit action for `player_id` if it has one, else None."""
    try:
        actions = engine.legal_actions(state, player_id)
    except Exception:
        return None
    for action in actions:
        if action.get("type") in RESIGN_ACTION_TYPES:
            return action
    return None


def seat_drop(game, seat, *, reason: str, now) -> str:
    """Drop a seat: autopilot, out through the engine's resign action when the policy
    says "out" and the engine has one, or handed to a bot of the policy's level (the seat
    on autopilot, `SeatClock.bot_level` set: `signals.seat_dropped` tells the bots' layer).
    Returns the mode applied. The game row is locked."""
    policy = policy_for(game)
    clock, _c = SeatClock.objects.get_or_create(seat=seat)
    mode = TimeoutPolicy.DropMode.AUTOPILOT
    if policy.drop_mode == TimeoutPolicy.DropMode.BOT and policy.bot_level:
        mode = TimeoutPolicy.DropMode.BOT
        clock.bot_level = policy.bot_level
    if policy.drop_mode == TimeoutPolicy.DropMode.OUT:
        engine = engine_of(game)
        action = drop_out_action(engine, engine.load(game.state), seat.player_id)
        if action is not None:
            system_action_submit(
                game_id=game.pk,
                player_id=seat.player_id,
                expected_seq=game.state_seq,
                action=action,
                reason="timeout",
            )
            game.refresh_from_db()
            mode = TimeoutPolicy.DropMode.OUT
            Seat.objects.filter(pk=seat.pk).update(status=Seat.Status.LEFT)
    if mode in (TimeoutPolicy.DropMode.AUTOPILOT, TimeoutPolicy.DropMode.BOT):
        Seat.objects.filter(pk=seat.pk, status=Seat.Status.PLAYING).update(
            status=Seat.Status.AUTOPILOT
        )
    records.abandons_changed([seat.user_id], game.kind)
    clock.dropped_at, clock.drop_reason = now, reason
    clock.save(update_fields=["dropped_at", "drop_reason", "bot_level"])
    log.info("game %s: seat %s dropped (%s, %s)", game.pk, seat.player_id, mode, reason)
    signals.seat_dropped.send(sender=SeatClock, game=game, seat=seat, mode=mode)
    return mode


def _apply_defaults(game, owing: list[str], reasons: dict[str, str]) -> list[str]:
    """Play the default action of each owing player while the same decision lasts.

    Stops when the engine waits for someone new or again for someone already played for
    (a new decision: it gets its own deadline). An engine that says its decision goes on
    (`decision_continues`: Intrigue's host refusing each offer, then placing) gets its
    defaults until it closes; a seat's moves after its first are `TIMEOUT_FOLLOW` (one
    missed deadline). Returns the players played for (once each).
    """
    engine = engine_of(game)
    done: list[str] = []
    previous = set(engine.waiting_for(engine.load(game.state)))
    for _i in range(len(owing) + MAX_DEFAULTS_PER_DECISION):
        state = engine.load(game.state)
        waiting = set(engine.waiting_for(state))
        continues = decision_continues(engine, state) if done else None
        if continues is False or (
            done and not continues and (waiting - previous or waiting & set(done))
        ):
            break
        candidates = [p for p in owing if p in waiting and (continues or p not in done)]
        if not candidates or game.status != Game.Status.RUNNING:
            break
        player = candidates[0]
        again = player in done
        reason = TIMEOUT_FOLLOW if again and reasons[player] == "timeout" else reasons[player]
        system_action_submit(
            game_id=game.pk, player_id=player, expected_seq=game.state_seq, reason=reason
        )
        game.refresh_from_db()
        previous = waiting
        if not again:
            done.append(player)
    return done


def timeout_locked(game, now) -> int:
    """Apply what is due on a locked, running game. Returns the number of events played."""
    played = 0
    for _round in range(MAX_EVENTS_PER_RUN):
        if game.status != Game.Status.RUNNING or not game.state:
            break
        clock_sync(game, now)
        engine = engine_of(game)
        waiting = list(engine.waiting_for(engine.load(game.state)))
        seats = {
            s.player_id: s
            for s in Seat.objects.filter(game=game, player_id__in=waiting).select_related("clock")
        }
        autopilot = [
            p
            for p in waiting
            if seats[p].status == Seat.Status.AUTOPILOT and not bot_played(seats[p])
        ]
        human = GameClock.objects.filter(game=game).values_list("deadline_at", flat=True)[0]
        # Later rounds only play autopilot moves: a new decision gets its full time.
        due = _round == 0 and human is not None and human <= now
        owing = waiting if due else autopilot
        if not owing:
            break
        reasons = {p: "autopilot" if p in autopilot else "timeout" for p in owing}
        done = _apply_defaults(game, owing, reasons)
        if not done:
            break
        played += len(done)
        policy = policy_for(game)
        for player in done:
            seat = seats[player]
            if reasons[player] == "timeout" and seat.status == Seat.Status.PLAYING:
                seat.refresh_from_db()
                if (
                    seat.status == Seat.Status.PLAYING
                    and missed_in_row(seat) >= policy.max_missed_deadlines
                    and game.status == Game.Status.RUNNING
                ):
                    seat_drop(game, seat, reason=SeatClock.DropReason.MISSED, now=now)
                    game.refresh_from_db()
        if played >= MAX_EVENTS_PER_RUN:
            break
    if game.status != Game.Status.RUNNING:
        clock_sync(game, now)
    return played


def game_timeout_apply(game_id: int, expected_seq: int, now=None) -> int:
    """Apply the timeout (or autopilot moves) a task was scheduled for at `expected_seq`.

    Locks the game row (waiting for a concurrent move to commit), then does nothing if the
    game moved on (seq differs), is over, or nothing is due yet. One transaction. Returns
    the number of system events played.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.RUNNING:
            return 0
        if game.state_seq != expected_seq:
            return 0
        return timeout_locked(game, now)
