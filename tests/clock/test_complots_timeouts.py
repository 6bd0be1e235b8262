"""Deadlines and mail with the real Complots engine."""

from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from games.clock import sweeper
from games.table.models import Game, Seat
from games.table.services import action_submit, game_create, game_start, seat_join

pytestmark = pytest.mark.django_db

CHARACTERS = ["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"]
NAMES = ["Duchesse", "Assassin", "Comtesse", "Capitaine", "Ambassadeur"]


def complots_game(users, **options):
    game = game_create(
        host=users[0],
        kind="complots",
        options=options,
        time_control="corr-1d",
        min_seats=len(users),
        max_seats=len(users),
        allow_setup="setup" in options,
    )
    for user in users[1:]:
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def test_complots_mails_carry_no_card(alice, bob, carol, django_capture_on_commit_callbacks):
    setup = {
        "hands": {
            "p1": ["duchesse", "assassin"],
            "p2": ["comtesse", "capitaine"],
            "p3": ["ambassadeur", "duchesse"],
        }
    }
    game = complots_game([alice, bob, carol], setup=setup)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(game_id=game.pk, user=alice, action={"type": "income"}, expected_seq=1)
    assert [m.to for m in mail.outbox] == [[bob.email]]
    message = mail.outbox[0]
    text = " ".join([message.subject, message.body, message.alternatives[0][0]]).lower()
    for word in CHARACTERS + [n.lower() for n in NAMES]:
        assert word not in text


def test_a_complots_game_of_absent_players_ends_on_autopilot(alice, bob, carol):
    """Nobody plays: each misses three deadlines, goes on autopilot, and the engine's
    default actions (income, then the forced coup at 10 Or) finish the game."""
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        game = complots_game([alice, bob, carol])
        for _ in range(30):
            game = Game.objects.get(pk=game.pk)
            if game.status != Game.Status.RUNNING:
                break
            traveller.shift(timedelta(days=1, seconds=1))
            sweeper.deadlines_sweep()
        game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    assert len(game.result["winners"]) == 1
    statuses = set(Seat.objects.filter(game=game).values_list("status", flat=True))
    assert statuses <= {Seat.Status.AUTOPILOT, Seat.Status.ELIMINATED}
    assert game.events.filter(kind="system", reason="autopilot").exists()
    assert game.events.filter(kind="system", reason="timeout").count() == 9
