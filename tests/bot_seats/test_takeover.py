"""A dropped seat taken over by a bot: the timeout policy says "a bot plays for them"; after
the missed deadlines the seat is on autopilot with the bot's level, its moves are system
events with reason "bot" within a player's deadlines, and the player may take it back."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games.clock import sweeper
from games.clock.models import SeatClock, TimeoutPolicy
from games.clock.seats import seat_resume, timeout_policy_set
from games.table.models import Event, Game, Seat
from games.table.services import (
    InvalidGameSettings,
    action_submit,
    game_create,
    game_start,
    seat_join,
)

from .helpers import human_moves

pytestmark = pytest.mark.django_db


def table(users, **policy):
    game = game_create(
        host=users[0],
        kind="complots",
        time_control="corr-1d",
        min_seats=len(users),
        max_seats=len(users),
    )
    for user in users[1:]:
        seat_join(game_id=game.pk, user=user)
    if policy:
        timeout_policy_set(game_id=game.pk, user=users[0], **policy)
    game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def test_the_policy_needs_a_level_of_the_game(alice, bob):
    game = game_create(host=alice, kind="complots")
    with pytest.raises(InvalidGameSettings):
        timeout_policy_set(game_id=game.pk, user=alice, drop_mode="bot", bot_level="standard")
    with pytest.raises(InvalidGameSettings):
        timeout_policy_set(game_id=game.pk, user=alice, drop_mode="bot")
    assert not TimeoutPolicy.objects.exists()
    policy = timeout_policy_set(game_id=game.pk, user=alice, drop_mode="bot", bot_level="honest")
    assert (policy.drop_mode, policy.bot_level) == ("bot", "honest")
    policy = timeout_policy_set(game_id=game.pk, user=alice, bot_level="honest")
    assert (policy.drop_mode, policy.bot_level) == ("autopilot", "")


def test_a_dropped_seat_is_played_by_a_bot_to_the_end(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        game = table(
            [alice, bob, carol], max_missed_deadlines=1, drop_mode="bot", bot_level="bluffer"
        )
        # alice (p1) lets her first turn pass: the default move, then the drop
        traveller.shift(timedelta(days=1, seconds=5))
        with django_capture_on_commit_callbacks(execute=True):
            sweeper.deadlines_sweep()
        seat = Seat.objects.select_related("clock").get(game=game, user=alice)
        assert seat.status == Seat.Status.AUTOPILOT
        assert seat.clock.bot_level == "bluffer" and seat.clock.dropped_at is not None
        timeouts = Event.objects.filter(game=game, reason="timeout").count()
        assert timeouts == 1
        # bob and carol play; alice's bot answers within the game, never the default move
        human_moves(game, [bob, carol], django_capture_on_commit_callbacks)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    mine = Event.objects.filter(game=game, seat=seat).order_by("seq")
    assert list(mine.values_list("kind", "reason"))[0] == ("system", "timeout")
    later = list(mine.values_list("kind", "reason"))[1:]
    assert later and set(later) == {("system", "bot")}
    assert Event.objects.filter(game=game, reason="timeout").count() == timeouts
    assert not Event.objects.filter(game=game, reason="autopilot").exists()


def test_a_bot_takeover_keeps_a_players_deadline_and_the_player_takes_the_seat_back(
    alice, bob, carol, client
):
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        game = table(
            [alice, bob, carol], max_missed_deadlines=1, drop_mode="bot", bot_level="honest"
        )
        traveller.shift(timedelta(days=1, seconds=5))
        sweeper.deadlines_sweep()  # no commit callbacks here: the bot's task is not run
        dropped = Seat.objects.get(game=game, status=Seat.Status.AUTOPILOT)
        for _turn in range(2):  # the others take Revenu until the bot's seat is waited for
            game = Game.objects.get(pk=game.pk)
            if Seat.objects.get(pk=dropped.pk).to_act:
                break
            other = Seat.objects.get(game=game, to_act=True).user
            action_submit(
                game_id=game.pk, user=other, action={"type": "income"}, expected_seq=game.state_seq
            )
        game = Game.objects.get(pk=game.pk)
        assert Seat.objects.get(pk=dropped.pk).to_act
        # an autopilot seat would be due now; a bot's seat has the time of a player
        assert game.deadline_at > timezone.now() + timedelta(hours=1)
        sweeper.deadlines_sweep()
        assert Game.objects.get(pk=game.pk).state_seq == game.state_seq  # no default move
        client.force_login(other)
        page = client.get(f"/games/{game.pk}/").content.decode()
        assert 'data-testid="badge-bot-takeover"' in page
        seat_resume(game_id=game.pk, user=dropped.user)
    clock = SeatClock.objects.get(seat=dropped)
    assert clock.bot_level == "" and clock.seat.status == Seat.Status.PLAYING
