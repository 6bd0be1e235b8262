"""The clock's bookkeeping after each change of a game: the deadline of the new decision,
who waits since when, the 80 % reminder time and the countdown task.

It runs on the table's `game_changed` signal (`on_game_changed`, connected by the app),
and again from the sweeper for any game whose last change it has not seen (`clock_sync` is
idempotent per seq).
What the mail must know (a new decision, the end) leaves through `games.clock.signals`.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.clock import signals
from games.clock.deadlines import (
    TableRead,
    autopilot_waiting,
    decision_goes_on,
    decision_of,
    engine_of,
    human_deadline,
)
from games.clock.missed import keep_runs
from games.clock.models import GameClock, SeatClock
from games.table.models import Event, Game, Seat
from games.table.services.common import decision_continues

log = logging.getLogger(__name__)

# A countdown task is scheduled only for deadlines at most this far away (seconds).
TIMER_MAX_COUNTDOWN = getattr(settings, "DEADLINE_TIMER_MAX_COUNTDOWN", 300)
# Decisions shorter than this get no "your turn" mail (live windows) and no reminder.
MAIL_MIN_DECISION = timedelta(seconds=getattr(settings, "MAIL_MIN_DECISION_SECONDS", 300))
REMINDER_FRACTION = 0.8
TIMER_TASK = "clock.game_timeout"


def _last_event(game):
    """The event at `game.state_seq`: the one the writer just appended when it handed it
    over (`game._new_event`, set by the play services), else read from the log."""
    event = getattr(game, "_new_event", None)
    if event is not None and event.seq == game.state_seq and event.game_id == game.pk:
        return event
    return Event.objects.filter(game=game, seq=game.state_seq).first()


def clock_sync(game, now=None, *, saving=False) -> bool:
    """Catch up the deadline bookkeeping with the game's last event. The row is locked.

    Idempotent per seq: recomputes the deadline (away, autopilot), updates who waits since
    when and the seats' runs of missed deadlines (`games.clock.missed`), tells the mail of
    a new decision or the end (`games.clock.signals`), sets the reminder time and schedules
    the countdown task. Returns True when it did something.
    """
    now = now or timezone.now()
    clock = GameClock.objects.filter(game=game).first()
    if clock is not None and clock.seq == game.state_seq and clock.started_at is not None:
        return False
    if game.status == Game.Status.RUNNING and not game.state:
        return False
    table = TableRead(game, clock=clock)
    clock = table.clock
    event = _last_event(game)
    started_at = event.created_at if event else now
    if game.tutorial:
        return _tutorial_sync(game, clock, started_at, saving=saving)
    actor = (
        table.seat(event.seat_id)
        if event is not None and event.kind == Event.Kind.ACTION and event.seat_id
        else None
    )
    # Whose own doing the change is (no mail for it): the mover, or the host who started.
    actor_user_id = actor.user_id if actor is not None else None
    if event is not None and event.kind == Event.Kind.START:
        actor_user_id = game.host_id
    if game.status == Game.Status.FINISHED:
        signals.game_over.send(
            sender=GameClock, game=game, actor_user_id=actor_user_id, seats=table.seats
        )
        clock.seq, clock.started_at, clock.deadline_at, clock.reminder_at = (
            game.state_seq,
            started_at,
            None,
            None,
        )
        clock.save()
        return True
    if game.status != Game.Status.RUNNING:
        return False
    engine = engine_of(game)
    state = engine.load(game.state)
    waiting = list(engine.waiting_for(state))
    decision = decision_of(engine, state)
    going_on = clock.started_at is not None and decision_goes_on(
        decision, set(waiting), table.previous_decision(game, event)
    )
    if going_on:
        started_at = clock.started_at  # the same decision goes on
    # An engine that tells its decisions apart opens a new one for everyone it waits for
    # (Intrigue: the host of stage after stage); otherwise waiting without a break is one.
    opens = decision_continues(engine, state) is False
    deadline = human_deadline(
        game, state, started_at, engine=engine, table=table, event=event, going_on=going_on
    )
    effective = deadline
    if deadline is not None and autopilot_waiting(game, state, engine, table):
        effective = min(deadline, started_at)
    if effective != game.deadline_at:
        if not saving:  # while saving, the caller's UPDATE stores the instance's value
            Game.objects.filter(pk=game.pk).update(deadline_at=effective)
        game.deadline_at = effective

    view = engine.view(state, None)
    current = view.get("current_player") if isinstance(view, dict) else None
    if current and (current != clock.turn_player or not clock.turn_started_seq):
        clock.turn_player, clock.turn_started_seq = str(current), game.state_seq

    clocks = table.seat_clocks
    missing = [SeatClock(seat=s) for s in table.seats if s.pk not in clocks]
    if missing:
        SeatClock.objects.bulk_create(missing, ignore_conflicts=True)
        clocks = {c.seat_id: c for c in SeatClock.objects.filter(seat__game=game)}
    newly_waiting, changed = [], []
    for seat in table.seats:
        seat_clock = clocks[seat.pk]
        if seat.player_id in waiting:
            if seat_clock.waiting_since_seq is None or (
                opens and seat_clock.waiting_since_seq != game.state_seq
            ):
                seat_clock.waiting_since_seq = game.state_seq
                changed.append(seat_clock)
                newly_waiting.append(seat)
        elif seat_clock.waiting_since_seq is not None:
            seat_clock.waiting_since_seq = None
            changed.append(seat_clock)
    counted = keep_runs(game, clock, event, clocks)  # runs of missed deadlines
    if changed or counted:
        changed.extend(c for c in counted if c not in changed)
        SeatClock.objects.bulk_update(changed, ["waiting_since_seq", "missed"])

    long_enough = deadline is not None and deadline - started_at >= MAIL_MIN_DECISION
    told = [
        s for s in newly_waiting if s.status == Seat.Status.PLAYING and s.user_id != actor_user_id
    ]
    awaited = {
        "sender": GameClock,
        "game": game,
        "clock": clock,
        "seats": told,
        "view": view if isinstance(view, dict) else {},
        "actor": actor,
        "deadline": deadline,
        "decision_seq": game.state_seq if opens else None,
    }
    if deadline is not None and told:
        signals.seats_awaited.send(**awaited, long_enough=long_enough)
    if long_enough and told:
        signals.decision_opened.send(**awaited)
    clock.seq, clock.started_at, clock.deadline_at = game.state_seq, started_at, deadline
    clock.decision_id = decision or ""
    if not going_on:  # a decision going on keeps its reminder (or its having fired)
        clock.reminder_at = (
            started_at + (deadline - started_at) * REMINDER_FRACTION if long_enough else None
        )
    clock.save()
    if effective is not None and _timers_enabled():
        seq = game.state_seq
        transaction.on_commit(lambda: timer_schedule(game.pk, seq, effective), robust=True)
    return True


def _tutorial_sync(game, clock, started_at, *, saving: bool) -> bool:
    """A tutorial has no clock: no deadline, no reminder, no countdown, no missed deadline,
    and nothing for the mail (no "your turn", no "game over"). Its clock row only keeps the
    seq it has seen, so that the sweeper does not come back to it."""
    if game.deadline_at is not None:
        if not saving:
            Game.objects.filter(pk=game.pk).update(deadline_at=None)
        game.deadline_at = None
    clock.seq, clock.started_at, clock.deadline_at, clock.reminder_at = (
        game.state_seq,
        started_at,
        None,
        None,
    )
    clock.save()
    return True


def _timers_enabled() -> bool:
    """Countdown timers need a real broker: with eager tasks (tests, CELERY_TASK_ALWAYS_EAGER)
    a countdown would run at once; the sweeper alone enforces deadlines then."""
    from celery import current_app

    return not current_app.conf.task_always_eager


def timer_task():
    """The countdown task (`games.clock.tasks.game_timeout`), looked up by name: the tasks
    module imports this one, not the other way round (the app's `ready` registers it)."""
    from celery import current_app

    return current_app.tasks[TIMER_TASK]


def timer_schedule(game_id: int, seq: int, deadline: datetime) -> bool:
    """Enqueue a countdown timeout task when the deadline is near; never raises."""
    delay = (deadline - timezone.now()).total_seconds()
    if delay > TIMER_MAX_COUNTDOWN or not _timers_enabled():
        return False  # the sweeper will see it
    try:
        timer_task().apply_async((game_id, seq), countdown=max(0.0, delay) + 0.05)
        return True
    except Exception:
        log.warning(
            "could not enqueue the timer of game %s; the sweeper will", game_id, exc_info=True
        )
        return False


def on_game_changed(sender, *, game, saving: bool, **kwargs) -> bool:
    """The bookkeeping of a change the writer is about to save (the table's `game_changed`
    signal: inside the writer's transaction, with the row locked, after setting the game's
    new `state_seq` (or status) and before saving the row). The sweeper catches up whatever
    a writer missed (`clock_sync` is idempotent per seq).

    With `saving`, the caller's UPDATE stores the `deadline_at` this sets on the instance
    (its update_fields include it); otherwise it is written here. A failure is logged and
    rolled back to a savepoint: the move stands, and the sweeper does the bookkeeping on
    its next pass. Returns True when it did something.
    """
    if game.status not in (Game.Status.RUNNING, Game.Status.FINISHED):
        return False
    try:
        with transaction.atomic():
            return clock_sync(game, saving=saving)
    except Exception:
        log.exception("deadline bookkeeping of game %s failed; the sweeper will retry", game.pk)
        return False
