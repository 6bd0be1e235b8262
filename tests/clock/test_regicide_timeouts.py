"""Deadlines with the real Regicide engine: the step-4 discard is a decision of its own with
its deadline, a timeout plays the engine's default (the cheapest cover), and the mails carry
no card."""

import re

import pytest
import time_machine
from django.core import mail

from games.clock.timeouts import game_timeout_apply
from games.table.models import Event, Game
from games.table.services import action_submit, game_create, game_start, seat_join

from .helpers import after, fresh

pytestmark = pytest.mark.django_db

HANDS = {"p1": ["8C", "2H", "3D", "4S", "6H"], "p2": ["7C", "9D", "10H", "5S"]}
CARD_WORDS = re.compile(r"\b(?:Hearts|Diamonds|Clubs|Spades|Jester|Cœur|Carreau|Trèfle|Pique)\b")


def regicide_game(users, time_control="corr-1d"):
    game = game_create(
        host=users[0],
        kind="regicide",
        options={"setup": {"hands": HANDS, "castle": ["JS"]}},
        time_control=time_control,
        min_seats=len(users),
        max_seats=len(users),
        allow_setup=True,
    )
    for user in users[1:]:
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=users[0])
    return fresh(game)


def test_the_discard_has_its_own_deadline_and_a_timeout_covers_cheapest(alice, bob):
    game = regicide_game([alice, bob])
    first_deadline = game.deadline_at
    with time_machine.travel(first_deadline, tick=False):
        # 2♥ against the Jack of Spades: 2 damage, then alice must cover 10.
        action_submit(
            game_id=game.pk, user=alice, action={"type": "play", "cards": ["2H"]}, expected_seq=1
        )
        game = fresh(game)
        assert game.deadline_at > first_deadline  # a new decision, a full turn again
        assert game.seats.get(player_id="p1").to_act
    with time_machine.travel(after(game), tick=False):
        assert game_timeout_apply(game.pk, game.state_seq) == 1
    game = fresh(game)
    event = Event.objects.filter(game=game).order_by("-seq").first()
    assert (event.kind, event.reason, event.action) == (
        "system",
        "timeout",
        {"type": "discard", "cards": ["6H", "4S"]},  # 10: the cheapest cover of 10
    )
    assert game.seats.get(player_id="p2").to_act and game.status == Game.Status.RUNNING


def test_regicide_mails_name_the_game_and_no_card(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    game = regicide_game([alice, bob])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(
            game_id=game.pk, user=alice, action={"type": "play", "cards": ["8C"]}, expected_seq=1
        )
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(
            game_id=game.pk,
            user=alice,
            action={"type": "discard", "cards": ["6H", "4S"]},
            expected_seq=2,
        )
    assert [m.to for m in mail.outbox] == [[bob.email]]
    message = mail.outbox[0]
    text = " ".join([message.subject, message.body, message.alternatives[0][0]])
    assert f"Regicide #{game.pk}" in message.subject
    assert not CARD_WORDS.search(text)
    for card in HANDS["p2"]:
        assert not re.search(rf"\b{card}\b", text)
