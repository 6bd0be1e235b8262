"""A new decision gets its whole time: the clock tells decisions apart by the engine's
`decision_id`, never by who is still waited for. A window where someone passed keeps its
deadline; a new turn, a new window and a "lose a life" choice start their full time."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games.engines import get_engine
from games.table.models import Game
from games.table.services import action_submit, game_create, game_start, seat_join

pytestmark = pytest.mark.django_db

WINDOW, TURN = 20, 120  # the "live" time control
HANDS = {
    "p1": ["duchesse", "assassin"],
    "p2": ["comtesse", "capitaine"],
    "p3": ["ambassadeur", "duchesse"],
}


def live_complots(users, setup):
    game = game_create(
        host=users[0],
        kind="complots",
        options={"setup": setup},
        time_control="live",
        min_seats=len(users),
        max_seats=len(users),
        allow_setup=True,
    )
    for user in users[1:]:
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


class Table:
    """A live game played move by move, the time frozen and moved on 6 s per move."""

    def __init__(self, traveller, users, setup):
        self.traveller = traveller
        self.users = {f"p{i}": user for i, user in enumerate(users, start=1)}
        self.game = live_complots(users, setup)

    def play(self, player, action, *, after=6):
        self.traveller.shift(timedelta(seconds=after))
        action_submit(
            game_id=self.game.pk,
            user=self.users[player],
            action=action,
            expected_seq=self.game.state_seq,
        )
        self.game = Game.objects.get(pk=self.game.pk)
        return self.game

    def left(self):
        return (self.game.deadline_at - timezone.now()).total_seconds()

    def waiting(self):
        engine = get_engine("complots")
        return sorted(engine.waiting_for(engine.load(self.game.state)))


@pytest.fixture
def frozen():
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        yield traveller


def test_carols_turn_after_bob_lost_his_last_card_to_a_challenge_gets_her_whole_turn(
    frozen, alice, bob, carol
):
    """Bob (1 life) claims the Duchesse; the window waits for Carol and Alice; Alice
    challenges, Bob loses his last card: Carol's turn starts with its 2 minutes, not the
    14 s left of the window."""
    table = Table(frozen, [alice, bob, carol], {"hands": HANDS, "coins": {"p1": 7}})
    table.play("p1", {"type": "coup", "target": "p2"})
    table.play("p2", {"type": "lose", "character": "comtesse"})
    table.play("p2", {"type": "power", "character": "duchesse"})
    assert table.waiting() == ["p1", "p3"]
    assert table.left() == WINDOW
    table.play("p1", {"type": "challenge"})
    assert table.waiting() == ["p3"]
    assert table.left() == TURN


def test_a_turn_after_a_challenged_block_gets_its_whole_time(frozen, alice, bob, carol):
    """Bob (1 life) blocks Alice's Foreign Aid with a Duchesse he does not hold; Alice
    challenges the block, Bob is out: Carol's turn gets its whole time."""
    table = Table(frozen, [alice, bob, carol], {"hands": HANDS, "coins": {"p1": 7}})
    table.play("p1", {"type": "coup", "target": "p2"})
    table.play("p2", {"type": "lose", "character": "comtesse"})
    table.play("p2", {"type": "income"})
    table.play("p3", {"type": "income"})
    table.play("p1", {"type": "foreign_aid"})
    table.play("p2", {"type": "block", "character": "duchesse"})
    assert table.waiting() == ["p1", "p3"]
    assert table.left() == WINDOW
    table.play("p1", {"type": "challenge"})
    assert table.waiting() == ["p3"]
    assert table.left() == TURN


def test_losing_a_life_after_a_failed_challenge_gets_its_whole_time(frozen, alice, bob, carol):
    """Alice claims the Duchesse she holds; Bob challenges and must lose a life: his choice
    gets a turn's time, not what was left of the window."""
    table = Table(frozen, [alice, bob, carol], {"hands": HANDS})
    table.play("p1", {"type": "power", "character": "duchesse"})
    assert table.waiting() == ["p2", "p3"]
    table.play("p2", {"type": "challenge"})
    assert table.waiting() == ["p2"]
    assert table.left() == TURN


def test_a_window_keeps_its_deadline_while_players_pass(frozen, alice, bob, carol):
    table = Table(frozen, [alice, bob, carol], {"hands": HANDS})
    table.play("p1", {"type": "power", "character": "duchesse"})
    assert table.left() == WINDOW
    table.play("p2", {"type": "pass"}, after=5)
    assert table.waiting() == ["p3"]
    assert table.left() == WINDOW - 5


def test_a_decision_open_at_deploy_time_keeps_its_deadline(frozen, alice, bob, carol):
    """The data migration gives the clock of a running game the id of its open decision:
    the first pass after the deploy keeps the window's deadline."""
    import importlib

    from django.apps import apps

    from games.clock.models import GameClock

    fill = importlib.import_module("games.clock.migrations.0005_fill_decision_id").fill
    table = Table(frozen, [alice, bob, carol], {"hands": HANDS})
    table.play("p1", {"type": "power", "character": "duchesse"})
    GameClock.objects.filter(game=table.game).update(decision_id="")  # before the deploy
    fill(apps, None)
    assert GameClock.objects.get(game=table.game).decision_id
    table.play("p2", {"type": "pass"}, after=5)
    assert table.left() == WINDOW - 5
