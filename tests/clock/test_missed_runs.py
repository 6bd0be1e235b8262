"""Runs of missed deadlines kept on the seat clocks by the bookkeeping, event by event, and
read by the pages instead of the log; counted from the log again whenever they are behind."""

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.clock import seats, sweeper
from games.clock.missed import missed_in_row, missed_in_rows, run_after
from games.clock.models import GameClock, SeatClock
from games.table.models import Event, Seat
from games.table.services.play import TIMEOUT_FOLLOW

from .helpers import after, fresh, play, start_game

pytestmark = pytest.mark.django_db


def _miss(game):
    sweeper.deadlines_sweep(now=after(game))


def _kept(game) -> dict[str, int]:
    return {
        c.seat.player_id: c.missed
        for c in SeatClock.objects.filter(seat__game=game).select_related("seat")
    }


def _from_log(game) -> dict[str, int]:
    return {s.player_id: missed_in_row(s) for s in Seat.objects.filter(game=game)}


def test_the_bookkeeping_keeps_each_run_as_the_log_counts_it(alice, bob, carol):
    game = start_game([alice, bob, carol], goal=50)
    expected = []
    # alice plays, bob and carol miss; twice; then bob plays, carol misses again
    for _ in range(2):
        play(game, alice, {"type": "income"})
        _miss(game)
        _miss(game)
        expected.append(_kept(game))
    play(game, alice, {"type": "income"})
    play(game, bob, {"type": "income"})
    _miss(game)
    final = _kept(game)
    assert expected == [{"p1": 0, "p2": 1, "p3": 1}, {"p1": 0, "p2": 2, "p3": 2}]
    assert final == {"p1": 0, "p2": 0, "p3": 3}
    assert final == _from_log(game)
    game = fresh(game)
    assert GameClock.objects.get(game=game).missed_seq == game.state_seq
    flags = seats.seat_flags(game)
    assert {p: f["missed"] for p, f in flags.items()} == final


def test_the_page_reads_the_kept_runs_in_one_query(alice, bob):
    game = start_game([alice, bob], goal=50)
    play(game, alice, {"type": "income"})
    _miss(game)
    game = fresh(game)
    seated = list(Seat.objects.filter(game=game).select_related("user__profile"))
    with CaptureQueriesContext(connection) as queries:
        read = seats.read_seat_clocks(game, seats=seated)
    assert len(queries) == 1
    assert read.flags["p2"]["missed"] == 1
    clock = GameClock.objects.get(game=game)
    assert read.clock == (clock.seq, clock.deadline_at)


def test_runs_behind_the_game_are_counted_from_the_log_then_kept_again(alice, bob):
    game = start_game([alice, bob], goal=50)
    play(game, alice, {"type": "income"})
    _miss(game)
    # as after a change the bookkeeping did not see (or the first one after deploying)
    GameClock.objects.filter(game=game).update(missed_seq=None)
    SeatClock.objects.filter(seat__game=game).update(missed=7)
    game = fresh(game)
    with CaptureQueriesContext(connection) as queries:
        flags = seats.seat_flags(game)
    assert len(queries) == 3  # seats, their clocks, the log
    assert flags["p2"]["missed"] == 1
    play(game, alice, {"type": "income"})
    _miss(game)
    assert _kept(game) == {"p1": 0, "p2": 2} == _from_log(game)


def test_the_log_count_skips_notes_and_follow_ups_and_stops_at_the_seats_own_events(alice, bob):
    game = start_game([alice, bob], goal=50)
    play(game, alice, {"type": "income"})
    _miss(game)
    game = fresh(game)
    bob_seat = Seat.objects.get(game=game, user=bob)
    seq = game.state_seq
    for reason in ("moderation", TIMEOUT_FOLLOW, "timeout"):
        seq += 1
        Event.objects.create(
            game=game, seq=seq, kind=Event.Kind.SYSTEM, seat=bob_seat, reason=reason, action={}
        )
    assert missed_in_rows(game)[bob_seat.pk] == 2 == missed_in_row(bob_seat)
    seq += 1
    Event.objects.create(
        game=game, seq=seq, kind=Event.Kind.SYSTEM, seat=bob_seat, reason="standing", action={}
    )
    assert bob_seat.pk not in missed_in_rows(game)
    assert missed_in_row(bob_seat) == 0


def _trailing_timeouts(newest_first) -> int:
    """The rule read from the log's end: timeouts count, notes and follow-ups are skipped,
    anything else of the seat's stops the count."""
    count = 0
    for kind, reason in newest_first:
        if kind == Event.Kind.SYSTEM and reason == "timeout":
            count += 1
        elif not (kind == Event.Kind.SYSTEM and reason in ("moderation", TIMEOUT_FOLLOW)):
            break
    return count


def test_one_step_at_a_time_agrees_with_reading_the_log_back():
    rng = random.Random(3)
    kinds = [
        (Event.Kind.SYSTEM, "timeout"),
        (Event.Kind.SYSTEM, "moderation"),
        (Event.Kind.SYSTEM, TIMEOUT_FOLLOW),
        (Event.Kind.SYSTEM, "autopilot"),
        (Event.Kind.SYSTEM, "standing"),
        (Event.Kind.ACTION, ""),
    ]
    for _ in range(500):
        events = [rng.choice(kinds) for _ in range(rng.randrange(0, 30))]
        run = 0
        for kind, reason in events:
            run = run_after(run, kind, reason)
        assert run == _trailing_timeouts(reversed(events)), events
