"""The deadline rule: when the decision the engine waits for runs out of time.

The time control gives the base (a response window or a turn, `base_deadline`); a decision
that goes on (the same engine `decision_id`) keeps its deadline; away mode pushes it back in
correspondence games (at most AWAY_MAX_EXTENSION per seat and game); a seat on autopilot
makes it due at once. The bookkeeping (`games.clock.bookkeeping`) applies
this rule after every change of a game.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import NamedTuple

from django.conf import settings
from django.db import connection
from django.db.models import Sum

from accounts.models import preference
from games.clock.models import AwayExtension, GameClock, SeatClock, TimeoutPolicy
from games.table.models import Event, Seat
from games.table.services.common import decision_is_window, engine_for

# Away mode may extend a player's deadlines by at most this much per game (correspondence).
AWAY_MAX_EXTENSION = timedelta(days=getattr(settings, "AWAY_MAX_EXTENSION_DAYS", 7))
ACTIVE_STATUSES = (Seat.Status.PLAYING, Seat.Status.AUTOPILOT)


def engine_of(game):
    return engine_for(game.kind)


def policy_for(game) -> TimeoutPolicy:
    policy = TimeoutPolicy.objects.filter(game=game).first()
    return policy or TimeoutPolicy(game=game)


def is_correspondence(game) -> bool:
    return getattr(game, "time_mode", "") == "correspondence"


def away_until(user, now) -> datetime | None:
    until = preference(user, "away_until", None)
    if until and until > now:
        return until
    return None


def skip_locked():
    return {"skip_locked": True} if connection.features.has_select_for_update_skip_locked else {}


# --- the deadline rule -----------------------------------------------------------------


def decision_of(engine, state) -> str | None:
    """The engine's `decision_id(state)` as a str, or None when the engine does not say."""
    decision = engine.decision_id(state)
    return None if decision is None else str(decision)


class Previous(NamedTuple):
    """What the clock knows of the decision it last set a deadline for."""

    decision: str  # its `decision_id` ("" when the engine did not say)
    waiting: set | None  # who it waited for, when the clock is one seq behind (else None)
    deadline: datetime
    note: bool  # the change since is a note (moderation) that leaves the state alone


def decision_goes_on(decision: str | None, waiting: set, previous: Previous | None) -> bool:
    """Whether the decision in `state` (its `decision_id`: `decision`) is the one the clock
    last set a deadline for, going on (its deadline kept).

    The engine's `decision_id` says it: the same id is the same decision (a window where
    someone passed, an Intrigue stage's bargaining), another id a new one (a new turn, a new
    window, a life to lose), whoever is waited for. Only for an engine whose `decision_id`
    is None, a decision that waits for fewer players than the one before it (a window where
    someone passed) goes on. A note that leaves the state alone (a moderation event) never
    opens a new decision."""
    if previous is None:
        return False
    if decision is not None:
        return decision == previous.decision
    if previous.note:
        return True
    return previous.waiting is not None and waiting < previous.waiting


def base_deadline(game, engine, state, waiting, started_at) -> datetime:
    seconds = (
        game.window_seconds if decision_is_window(engine, state) else game.turn_seconds
    )
    return started_at + timedelta(seconds=seconds)


def moderator_extension(clock, decision: str | None) -> timedelta:
    """The extension a moderator granted the decision `decision` (its `decision_id`), kept
    with it on the clock: a later decision does not inherit it."""
    if clock is None or not decision or clock.extension_decision != decision:
        return timedelta(0)
    return timedelta(seconds=clock.extension_seconds)


def moderator_extension_add(game, seconds: int) -> None:
    """Keep a moderator's extension of the pending decision with it (its `decision_id`): the
    deadline of that decision keeps it whatever happens while it goes on, a new decision
    does not inherit it. `game.deadline_at` is already pushed back by the caller."""
    if not game.state:
        return
    engine = engine_of(game)
    decision = decision_of(engine, engine.load(game.state))
    if decision is None:
        return
    clock, _c = GameClock.objects.get_or_create(game=game)
    kept = clock.extension_seconds if clock.extension_decision == decision else 0
    clock.extension_seconds, clock.extension_decision = kept + int(seconds), decision
    clock.save(update_fields=["extension_seconds", "extension_decision"])


class TableRead:
    """What the bookkeeping reads about a game, loaded once: its clock, its seats (users
    and profiles) and their clocks."""

    def __init__(self, game, *, create=True, clock=None):
        if clock is not None:
            self.clock = clock
        elif create:
            self.clock, _c = GameClock.objects.get_or_create(game=game)
        else:
            self.clock = GameClock.objects.filter(game=game).first()
        # One query for the seats, their users, profiles and clocks.
        self.seats = list(Seat.objects.filter(game=game).select_related("user__profile", "clock"))
        self.seat_clocks = {}
        for seat in self.seats:
            try:
                self.seat_clocks[seat.pk] = seat.clock
            except SeatClock.DoesNotExist:
                pass

    def seat(self, seat_id):
        return next((s for s in self.seats if s.pk == seat_id), None)

    def waiting_before(self):
        return {
            s.player_id
            for s in self.seats
            if getattr(self.seat_clocks.get(s.pk), "waiting_since_seq", None) is not None
        }

    def previous_decision(self, game, event=None) -> Previous | None:
        """The decision the clock last set a deadline for (its id, its deadline, and who it
        waited for when the clock is one seq behind `game.state_seq`), or None when the
        clock never set one. `event`: the event at `game.state_seq`, when read."""
        clock = self.clock
        if clock is None or clock.deadline_at is None or clock.seq >= game.state_seq:
            return None
        in_step = clock.seq == game.state_seq - 1
        return Previous(
            decision=clock.decision_id,
            waiting=self.waiting_before() if in_step else None,
            deadline=clock.deadline_at,
            note=in_step and event is not None and event.kind not in Event.STATE_KINDS,
        )


def human_deadline(
    game, state, now, *, engine=None, record=True, table=None, event=None, going_on=None
):
    """When the players waited for in `state` run out of time (autopilot aside).

    The time control gives the base (window or turn length) from `now`; the decision the
    clock last set a deadline for, going on (`decision_goes_on`: the same `decision_id`),
    keeps its deadline (a moderator's extension included). A waiting
    player who is away (`Profile.away_until`) pushes it to their return, by at most what
    remains of AWAY_MAX_EXTENSION for that seat in this game, in correspondence games only.
    With `record`, the extension granted is stored for `game.state_seq` (idempotent).
    """
    engine = engine or engine_of(game)
    if engine.outcome(state) is not None:
        return None
    waiting = set(engine.waiting_for(state))
    if not waiting:
        return None
    table = table or TableRead(game, create=False)
    previous = table.previous_decision(game, event)
    decision = decision_of(engine, state)
    if going_on is None:
        going_on = decision_goes_on(decision, waiting, previous)
    if going_on and previous is not None:
        deadline = previous.deadline
    else:
        deadline = base_deadline(game, engine, state, list(waiting), now)
        deadline += moderator_extension(table.clock, decision)
    if not is_correspondence(game):
        return deadline
    extended = deadline
    for seat in table.seats:
        if seat.player_id not in waiting:
            continue
        until = away_until(seat.user, now)
        if until is None or until <= deadline:
            continue
        used = (
            AwayExtension.objects.filter(seat=seat)
            .exclude(seq=game.state_seq)
            .aggregate(total=Sum("seconds"))["total"]
            or 0
        )
        budget = AWAY_MAX_EXTENSION - timedelta(seconds=used)
        if budget <= timedelta(0):
            continue
        wanted = min(until - deadline, budget)
        if record:
            AwayExtension.objects.update_or_create(
                seat=seat, seq=game.state_seq, defaults={"seconds": int(wanted.total_seconds())}
            )
        extended = max(extended, deadline + wanted)
    return extended


def bot_played(seat, seat_clocks=None) -> bool:
    """A dropped seat handed to a bot (`SeatClock.bot_level`): its deadlines stay a
    player's, and the bot, not the default move, plays it."""
    if seat_clocks is not None:
        clock = seat_clocks.get(seat.pk)
    else:
        try:
            clock = seat.clock
        except SeatClock.DoesNotExist:
            clock = None
    return bool(clock is not None and clock.bot_level)


def autopilot_waiting(game, state, engine=None, table=None) -> list[str]:
    """The waited-for seats on autopilot whose default move is due at once (not those a
    bot plays)."""
    engine = engine or engine_of(game)
    waiting = set(engine.waiting_for(state))
    if table is not None:
        seats, clocks = table.seats, table.seat_clocks
    else:
        seats, clocks = Seat.objects.filter(game=game).select_related("clock"), None
    return [
        s.player_id
        for s in seats
        if s.player_id in waiting
        and s.status == Seat.Status.AUTOPILOT
        and not bot_played(s, clocks)
    ]


# --- bookkeeping after each change -----------------------------------------------------
