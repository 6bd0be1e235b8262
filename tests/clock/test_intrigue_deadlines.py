"""Intrigue over days: one deadline per negotiation stage (bargaining never moves it), the
timeout of a stage in one pass (petitioners done, the host refusing each offer, then placing
by the fixed rule) counted as one missed deadline, and "your turn" mails per stage."""

from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from games.clock import sweeper, timeouts, votes
from games.mail.models import MailRecord
from games.table.models import Seat
from games.table.services import game_create, game_start, seat_join

from .helpers import fresh, play, system_events

pytestmark = pytest.mark.django_db

SETUP = {
    "round": 2,
    "castles": {"p1": {"1000": ["p3", "ecrivain-1"]}},
    "waiting": {"p1": [["p2", "medecin-1"], ["p3", "religieux-1"], ["p2", "ecrivain-2"]]},
}


def intrigue_game(users, setup=SETUP):
    host, *others = users
    game = game_create(
        host=host,
        kind="intrigue",
        options={"setup": setup},
        time_control="corr-1d",
        min_seats=3,
        max_seats=3,
        allow_setup=True,
    )
    for user in others:
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=host)
    return fresh(game)


def stage(game):
    return game.state["stage"]


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_bargaining_never_moves_the_stage_deadline(alice, bob, carol):
    game = intrigue_game([alice, bob, carol])
    deadline = game.deadline_at
    assert stage(game)["kind"] == "place"
    for when, (user, action) in enumerate(
        [
            (bob, {"type": "offer", "amount": 3}),
            (bob, {"type": "offer", "amount": 5, "slot": 10000}),  # revised
            (carol, {"type": "offer", "amount": 1}),
            (alice, {"type": "refuse", "from": "p3"}),
            (alice, {"type": "accept", "from": "p2"}),
            (carol, {"type": "done"}),
        ],
        start=1,
    ):
        with time_machine.travel(deadline - timedelta(hours=10 - when), tick=False):
            play(game, user, action)
        assert fresh(game).deadline_at == deadline, action
    # the host's decision opens the next stage (the internal conflict): a new deadline
    moment = deadline - timedelta(hours=2)
    with time_machine.travel(moment, tick=False):
        play(game, alice, {"type": "place", "owner": "p2", "advisor": "medecin-1", "slot": 10000})
    game = fresh(game)
    assert stage(game)["kind"] == "place"  # carol's religieux still to place: same stage
    assert game.deadline_at == deadline
    with time_machine.travel(moment, tick=False):
        play(game, alice, {"type": "place", "owner": "p3", "advisor": "religieux-1", "slot": 6000})
    game = fresh(game)
    assert stage(game)["kind"] == "internal"
    assert game.deadline_at == moment + timedelta(days=1)


def test_a_stage_times_out_in_one_pass_as_one_missed_deadline(alice, bob, carol):
    game = intrigue_game([alice, bob, carol])
    play(game, bob, {"type": "offer", "amount": 3})
    play(game, carol, {"type": "offer", "amount": 2, "slot": 10000})
    game = fresh(game)
    money = list(game.state["money"])
    stats = sweeper.deadlines_sweep(now=game.deadline_at + timedelta(seconds=1))
    assert stats["timeouts"] == 1  # the host, first in seat order, closes the stage
    assert system_events(game) == [
        ("p1", "refuse", "timeout"),
        ("p1", "refuse", "timeout_follow"),
        ("p1", "place", "timeout_follow"),
        ("p1", "place", "timeout_follow"),
    ]
    game = fresh(game)
    assert game.state["money"] == money  # every offer refused: nothing paid
    assert stage(game)["kind"] == "internal"  # the next stage, with its own full deadline
    assert game.deadline_at > timezone.now() + timedelta(hours=23)
    host = Seat.objects.get(game=game, player_id="p1")
    assert timeouts.missed_in_row(host) == 1
    assert not any(kind == "accept" for _p, kind, _r in system_events(game))


def test_the_host_is_told_of_each_stage_and_petitioners_of_theirs(alice, bob, carol, run_on_commit):
    with run_on_commit():
        game = intrigue_game([alice, bob, carol])
    keys = lambda user: sorted(  # noqa: E731
        MailRecord.objects.filter(user=user, kind=MailRecord.Kind.TURN).values_list(
            "key", flat=True
        )
    )
    # the start: the host (alice) started the game herself; bob and carol are petitioners
    assert keys(alice) == [] and len(keys(bob)) == 1 and len(keys(carol)) == 1
    with run_on_commit():
        play(game, carol, {"type": "done"})
        play(game, alice, {"type": "place", "owner": "p2", "advisor": "medecin-1", "slot": 10000})
        play(game, alice, {"type": "place", "owner": "p3", "advisor": "religieux-1", "slot": 6000})
    # stage 3 (bob's ecrivain against carol's): both petitioners told again, per stage
    assert len(keys(bob)) == 2 and len(keys(carol)) == 2
    with run_on_commit():
        play(game, bob, {"type": "done"})
        play(game, carol, {"type": "offer", "amount": 4})
    assert len(keys(carol)) == 2  # bargaining opens nothing new
    # a stage opened by a timeout tells the host too
    game = fresh(game)
    with run_on_commit():
        sweeper.deadlines_sweep(now=game.deadline_at + timedelta(seconds=1))
    game = fresh(game)
    assert game.state["phase"] == "send"
    assert len(keys(alice)) == 1
    assert mail.outbox  # the eager tasks sent them


def test_the_reminder_fires_once_per_stage_whatever_the_bargaining(
    alice, bob, carol, run_on_commit
):
    game = intrigue_game([alice, bob, carol])
    deadline = game.deadline_at
    with time_machine.travel(deadline - timedelta(hours=4), tick=False):
        with run_on_commit():
            assert sweeper.deadlines_sweep()["reminders"] == 3
        with run_on_commit():
            play(game, bob, {"type": "offer", "amount": 2})
    with time_machine.travel(deadline - timedelta(hours=3), tick=False):
        with run_on_commit():
            assert sweeper.deadlines_sweep()["reminders"] == 0
    assert MailRecord.objects.filter(kind=MailRecord.Kind.REMINDER).count() == 3


def test_a_carried_skip_plays_the_host_until_the_stage_closes(alice, bob, carol):
    game = intrigue_game([alice, bob, carol])
    play(game, bob, {"type": "offer", "amount": 3})
    play(game, carol, {"type": "done"})
    game = fresh(game)
    votes.skip_play(game, "p1")
    kinds = [kind for _p, kind, _r in system_events(game)]
    assert kinds == ["refuse", "place", "place"]
    assert stage(fresh(game))["kind"] == "internal"
