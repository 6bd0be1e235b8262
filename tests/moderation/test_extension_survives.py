"""A moderator's extension belongs to the decision it was granted for: kicks, takeovers (a
bot taking a dropped seat), returns ("Take my seat back"), away mode and votes keep it; a new
decision gets its own time and does not inherit it."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games.clock import seats as clock_seats
from games.clock import votes
from games.clock.models import TimeoutPolicy
from games.clock.timeouts import seat_drop
from games.moderation.services import game_deadline_extend, seat_kick
from games.table.models import Game, Seat
from games.table.services import (
    action_submit,
    game_create,
    game_start,
    seat_join,
    system_action_submit,
)

pytestmark = pytest.mark.django_db

DAY, WINDOW = timedelta(days=1), timedelta(hours=12)
EXTRA = timedelta(hours=24)
HANDS = {
    "p1": ["duchesse", "assassin"],
    "p2": ["comtesse", "capitaine"],
    "p3": ["ambassadeur", "duchesse"],
}


@pytest.fixture
def frozen():
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        yield traveller


@pytest.fixture
def table(alice, bob, carol):
    game = game_create(
        host=alice,
        kind="complots",
        options={"setup": {"hands": HANDS}},
        time_control="corr-1d",
        min_seats=3,
        max_seats=3,
        allow_setup=True,
    )
    for user in (bob, carol):
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=alice)
    return Game.objects.get(pk=game.pk)


def fresh(game):
    return Game.objects.get(pk=game.pk)


def seat(game, player):
    return Seat.objects.get(game=game, player_id=player)


def extend(moderator, game):
    game = fresh(game)
    return game_deadline_extend(moderator=moderator, game=game, hours=24, reason="storm")


def test_a_kick_to_autopilot_keeps_the_extension(frozen, moderator, table, alice):
    start = timezone.now()
    assert extend(moderator, table).deadline_at == start + DAY + EXTRA
    frozen.shift(timedelta(hours=1))
    seat_kick(moderator=moderator, seat=seat(table, "p3"), mode="autopilot", reason="gone")
    assert fresh(table).deadline_at == start + DAY + EXTRA
    # The next decision gets its own day, without the extension.
    frozen.shift(timedelta(hours=1))
    action_submit(game_id=table.pk, user=alice, action={"type": "income"}, expected_seq=3)
    assert fresh(table).deadline_at == timezone.now() + DAY


def test_a_bot_taking_a_dropped_seat_keeps_the_extension(frozen, moderator, table, alice):
    TimeoutPolicy.objects.update_or_create(
        game=table, defaults={"drop_mode": "bot", "bot_level": "random"}
    )
    frozen.shift(timedelta(hours=1))
    action_submit(
        game_id=table.pk,
        user=alice,
        action={"type": "power", "character": "duchesse"},
        expected_seq=1,
    )
    opened = timezone.now()
    assert fresh(table).deadline_at == opened + WINDOW
    extend(moderator, table)
    frozen.shift(timedelta(hours=1))
    game = fresh(table)
    seat_drop(game, seat(game, "p3"), reason="missed", now=timezone.now())
    assert fresh(table).deadline_at == opened + WINDOW + EXTRA
    frozen.shift(timedelta(hours=1))
    system_action_submit(  # the bot's move, as the bots' layer plays it
        game_id=table.pk,
        player_id="p3",
        expected_seq=fresh(table).state_seq,
        action={"type": "pass"},
        reason="bot",
    )
    assert fresh(table).deadline_at == opened + WINDOW + EXTRA


def test_taking_ones_seat_back_keeps_the_extension(frozen, moderator, table, alice):
    start = timezone.now()
    extend(moderator, table)
    frozen.shift(timedelta(hours=1))
    seat_kick(moderator=moderator, seat=seat(table, "p1"), mode="autopilot", reason="gone")
    assert fresh(table).deadline_at <= timezone.now()  # autopilot: due at once
    frozen.shift(timedelta(seconds=1))
    clock_seats.seat_resume(game_id=table.pk, user=alice)
    assert fresh(table).deadline_at == start + DAY + EXTRA


def test_away_mode_keeps_the_extension(frozen, moderator, table, alice):
    start = timezone.now()
    extend(moderator, table)
    alice.profile.away_until = start + timedelta(hours=30)  # before the extended deadline
    alice.profile.save(update_fields=["away_until"])
    frozen.shift(timedelta(hours=1))
    seat_kick(moderator=moderator, seat=seat(table, "p3"), mode="autopilot", reason="gone")
    assert fresh(table).deadline_at == start + DAY + EXTRA


def test_a_carried_vote_keeps_the_extension(frozen, moderator, table, alice, bob, carol):
    action_submit(
        game_id=table.pk,
        user=alice,
        action={"type": "power", "character": "duchesse"},
        expected_seq=1,
    )
    opened = timezone.now()
    extend(moderator, table)
    carol.profile.away_until = opened + timedelta(days=3)  # absent: a vote is open
    carol.profile.save(update_fields=["away_until"])
    frozen.shift(timedelta(hours=1))
    for voter in (alice, bob):
        result = votes.vote_cast(
            game_id=table.pk,
            user=voter,
            target_player_id="p3",
            kind="drop",
            expected_seq=fresh(table).state_seq,
        )
    assert result["carried"]
    game = fresh(table)
    assert seat(game, "p3").status == Seat.Status.AUTOPILOT
    assert game.events.filter(seat__player_id="p3", reason="autopilot").exists()  # passed
    assert game.deadline_at == opened + WINDOW + EXTRA
