"""The deadline rule: when the decision the engine waits for runs out of time.

The time control gives the base (a response window or a turn, `base_deadline`); a decision
that goes on with fewer players keeps its deadline; away mode pushes it back in
correspondence games (at most AWAY_MAX_EXTENSION per seat and game); a seat on autopilot
makes it due at once. The bookkeeping (`games.clock.bookkeeping`) applies
this rule after every change of a game.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Sum

from accounts.models import preference
from games.clock.models import AwayExtension, GameClock, SeatClock, TimeoutPolicy
from games.table.models import Seat
from games.table.services.common import decision_continues, decision_is_window, engine_for

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


def decision_goes_on(engine, state, waiting: set, previous: set | None) -> bool:
    """Whether the decision in `state` is the one before it going on (its deadline kept).
    Engines that say so (`decision_continues`: Intrigue's bargaining within a stage, its two
    sends) are taken at their word, with nobody new waited for; otherwise a decision that
    waits for fewer players (a window where someone passed) goes on."""
    if previous is None:
        return False
    continues = decision_continues(engine, state)
    if continues is None:
        return waiting < previous
    return continues and waiting <= previous


def base_deadline(game, engine, state, waiting, started_at) -> datetime:
    seconds = (
        game.window_seconds if decision_is_window(engine, state) else game.turn_seconds
    )
    return started_at + timedelta(seconds=seconds)


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

    def previous_decision(self, game):
        """(players waited for, deadline) of the decision before `game.state_seq`, when the
        bookkeeping saw it (clock one seq behind), else (None, None)."""
        clock = self.clock
        if clock is None or clock.deadline_at is None or clock.seq != game.state_seq - 1:
            return None, None
        return self.waiting_before(), clock.deadline_at


def human_deadline(game, state, now, *, engine=None, record=True, table=None):
    """When the players waited for in `state` run out of time (autopilot aside).

    The time control gives the base (window or turn length) from `now`; a decision that
    goes on with fewer players (a window where someone passed) keeps its deadline. A waiting
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
    previous, previous_deadline = table.previous_decision(game)
    if decision_goes_on(engine, state, waiting, previous):
        deadline = previous_deadline
    else:
        deadline = base_deadline(game, engine, state, list(waiting), now)
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
