"""Runs of missed deadlines: how many deadlines in a row a seat has let pass.

The event log is the truth: a seat's run is the trailing run of its `system` events with
reason "timeout"; a moderation note or a follow-up default move of the same missed deadline
(`TIMEOUT_FOLLOW`) leaves it as it is, and anything else of the seat's (its own move, a
standing order) ends it.

The bookkeeping keeps each seat's run on its `SeatClock.missed`, event by event, and marks
how far it counted on `GameClock.missed_seq` (`keep_runs`): pages read the runs with the
seat clocks instead of scanning the log. Whenever the count is behind (a change the
bookkeeping did not see, the first change after this was deployed), the runs are counted
again from the log (`missed_in_rows`).
"""

from __future__ import annotations

from django.db.models import Count, F, OuterRef, Subquery, Value
from django.db.models.functions import Coalesce

from games.table.models import Event
from games.table.services.play import TIMEOUT_FOLLOW

TIMEOUT = "timeout"
# System events of a seat that neither count as a missed deadline nor end a run.
NEUTRAL_REASONS = ("moderation", TIMEOUT_FOLLOW)
MISSED_LOOKBACK = 50  # the events of a seat `missed_in_row` reads back


def run_after(run: int, kind: str, reason: str) -> int:
    """A seat's run of missed deadlines after one more event of that seat."""
    if kind == Event.Kind.SYSTEM:
        if reason == TIMEOUT:
            return run + 1
        if reason in NEUTRAL_REASONS:
            return run
    return 0


def missed_in_row(seat) -> int:
    """The seat's trailing run of timeouts in the event log (its own action ends it), read
    from its last MISSED_LOOKBACK events (enough for any drop policy: at most 20)."""
    newest_first = (
        Event.objects.filter(game_id=seat.game_id, seat=seat)
        .order_by("-seq")
        .values_list("kind", "reason")[:MISSED_LOOKBACK]
    )
    run = 0
    for kind, reason in reversed(list(newest_first)):
        run = run_after(run, kind, reason)
    return run


def missed_in_rows(game) -> dict[int, int]:
    """Every seat's run of missed deadlines in `game`, counted from the log in one query:
    {seat id: run} (seats without a run left out). Each seat's timeouts after its last
    event that ends a run."""
    ends_run = (
        Event.objects.filter(game_id=OuterRef("game_id"), seat_id=OuterRef("seat_id"))
        .exclude(kind=Event.Kind.SYSTEM, reason__in=(TIMEOUT, *NEUTRAL_REASONS))
        .order_by("-seq")
        .values("seq")[:1]
    )
    rows = (
        Event.objects.filter(
            game_id=game.pk, seat__isnull=False, kind=Event.Kind.SYSTEM, reason=TIMEOUT
        )
        .annotate(run_start=Coalesce(Subquery(ends_run), Value(-1)))
        .filter(seq__gt=F("run_start"))
        .values("seat_id")
        .annotate(run=Count("id"))
        .values_list("seat_id", "run")
    )
    return dict(rows)


def keep_runs(game, clock, event, seat_clocks: dict) -> list:
    """Bring the seats' runs (`SeatClock.missed`) up to `game.state_seq`, whose event is
    `event` (None when unknown): one step when the runs were counted up to the seq before,
    else counted again from the log. Sets `clock.missed_seq` (the caller saves the clock)
    and returns the seat clocks whose `missed` changed (the caller saves them)."""
    changed = []
    if clock.missed_seq == game.state_seq - 1 and event is not None and event.seq == game.state_seq:
        seat_clock = seat_clocks.get(event.seat_id) if event.seat_id else None
        if seat_clock is not None:
            run = run_after(seat_clock.missed, event.kind, event.reason)
            if run != seat_clock.missed:
                seat_clock.missed = run
                changed.append(seat_clock)
    else:
        runs = missed_in_rows(game)
        for seat_id, seat_clock in seat_clocks.items():
            run = runs.get(seat_id, 0)
            if run != seat_clock.missed:
                seat_clock.missed = run
                changed.append(seat_clock)
    clock.missed_seq = game.state_seq
    return changed
