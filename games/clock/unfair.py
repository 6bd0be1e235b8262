"""The timeouts the old deadline rule caused: replaying a game's log with the rule the clock
followed before decisions were told apart by the engine's `decision_id` ("a decision that
waits for fewer players than the one before goes on"), and with today's rule.

A timeout is unfair when the decision it answered had inherited a previous decision's
deadline under the old rule (a new turn, window or life to lose started with what was left
of the window before it) and, given its whole time (today's rule), it would not have run out
yet. Such timeouts are not recounted (no history is rewritten); `unfair_timeouts` finds them
for the `unfair_timeouts` management command and for whoever leaves them out of a player's
record. The replay knows the time control, not away mode, autopilot or moderators'
extensions, which only ever gave more time.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from games.table.models import Event, Game, Seat
from games.table.services.common import decision_continues, engine_for


@dataclass(frozen=True)
class UnfairTimeout:
    game_id: int
    seq: int  # the timeout event
    player_id: str
    user_id: int | None
    at: datetime  # when the timeout was played
    old_deadline: datetime  # the deadline it inherited
    whole_deadline: datetime  # the deadline its whole time gives


def _old_goes_on(engine, state, waiting: set, previous: set) -> bool:
    """The rule the clock followed before `decision_id`."""
    continues = decision_continues(engine, state)
    if continues is None:
        return waiting < previous
    return continues and waiting <= previous


def game_unfair_timeouts(game: Game) -> list[UnfairTimeout]:
    """The unfair timeouts of one game (see the module)."""
    engine = engine_for(game.kind)
    users = dict(Seat.objects.filter(game=game).values_list("player_id", "user_id"))
    events = Event.objects.filter(game=game).select_related("seat").order_by("seq")
    window, turn = timedelta(seconds=game.window_seconds), timedelta(seconds=game.turn_seconds)
    found: list[UnfairTimeout] = []
    state = None
    old_deadline = new_deadline = None
    old_opened_by = None  # the decision id the old rule's deadline was set for
    for event in events.iterator(chunk_size=500):
        if event.kind == Event.Kind.START:
            state = engine.new_game(
                event.action.get("players"), options=game.options, seed=bytes.fromhex(game.seed)
            )
            decision = engine.decision_id(state)
            if decision is None:
                return []  # the engine does not tell its decisions apart: nothing to compare
            base = window if engine.in_window(state) else turn
            old_deadline = new_deadline = event.created_at + base
            old_opened_by = decision
            continue
        if state is None or event.kind not in Event.STATE_KINDS or event.seat is None:
            continue  # a note (moderation) leaves the decision as it is
        decision = engine.decision_id(state)
        player = event.seat.player_id
        if (
            event.kind == Event.Kind.SYSTEM
            and event.reason == "timeout"
            and old_opened_by != decision
            and new_deadline > event.created_at
        ):
            found.append(
                UnfairTimeout(
                    game_id=game.pk,
                    seq=event.seq,
                    player_id=player,
                    user_id=users.get(player),
                    at=event.created_at,
                    old_deadline=old_deadline,
                    whole_deadline=new_deadline,
                )
            )
        previous = set(engine.waiting_for(state))
        state = engine.apply(state, player, event.action)
        if engine.outcome(state) is not None:
            break
        waiting = set(engine.waiting_for(state))
        after = engine.decision_id(state)
        base = window if engine.in_window(state) else turn
        if after != decision:
            new_deadline = event.created_at + base
        if not _old_goes_on(engine, state, waiting, previous):
            old_deadline, old_opened_by = event.created_at + base, after
    return found


def unfair_timeouts(games: Iterable[Game] | None = None) -> list[UnfairTimeout]:
    """The unfair timeouts of `games` (default: every running or finished game)."""
    if games is None:
        games = Game.objects.filter(
            status__in=[Game.Status.RUNNING, Game.Status.FINISHED]
        ).order_by("id")
    found: list[UnfairTimeout] = []
    for game in games:
        if not Event.objects.filter(game=game, kind=Event.Kind.SYSTEM, reason="timeout").exists():
            continue
        found.extend(game_unfair_timeouts(game))
    return found
