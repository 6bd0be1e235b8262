"""`unfair_timeouts`: the timeouts the old deadline rule caused, found by replaying the log.

The log below is what the old rule wrote: Carol's turn, opened by Alice's challenge that
took Bob's last card, timed out 15 s later (the window's time left); Alice's next turn timed
out after its whole 2 minutes, a fair timeout."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command

from games.clock.unfair import unfair_timeouts
from games.table.models import Game
from games.table.services import system_action_submit

from .test_fair_clock import HANDS, Table, frozen  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def timeout(game, player):
    game = Game.objects.get(pk=game.pk)
    return system_action_submit(
        game_id=game.pk, player_id=player, expected_seq=game.state_seq, reason="timeout"
    )


def test_a_timeout_of_a_decision_that_inherited_a_deadline_is_reported(
    frozen,  # noqa: F811
    alice,
    bob,
    carol,
):
    table = Table(frozen, [alice, bob, carol], {"hands": HANDS, "coins": {"p1": 7}})
    table.play("p1", {"type": "coup", "target": "p2"})
    table.play("p2", {"type": "lose", "character": "comtesse"})
    table.play("p2", {"type": "power", "character": "duchesse"})
    table.play("p1", {"type": "challenge"})  # Bob is out; Carol's turn
    frozen.shift(timedelta(seconds=15))
    unfair = timeout(table.game, "p3")  # what the old rule played: 14 s after the challenge
    frozen.shift(timedelta(seconds=121))
    timeout(table.game, "p1")  # Alice's turn, after its whole time: fair
    found = unfair_timeouts()
    assert [(t.game_id, t.seq, t.player_id, t.user_id) for t in found] == [
        (table.game.pk, unfair.seq, "p3", carol.pk)
    ]
    assert found[0].whole_deadline - found[0].at == timedelta(seconds=120 - 15)
    out = StringIO()
    call_command("unfair_timeouts", stdout=out)
    assert f"game {table.game.pk} seq {unfair.seq}: p3 (carol)" in out.getvalue()
    assert "carol: 1 unfair timeout(s)" in out.getvalue()
    assert "1 unfair timeout(s) in 1 game(s)." in out.getvalue()


def test_a_fresh_database_has_none():
    out = StringIO()
    call_command("unfair_timeouts", stdout=out)
    assert out.getvalue().strip() == "0 unfair timeout(s) in 0 game(s)."
