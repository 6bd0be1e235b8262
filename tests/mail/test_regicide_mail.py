"""The game-over mail of a Regicide game: the medal of a won solo game, a cooperative
victory or defeat with several players; public facts only (no card)."""

import re
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from games.clock import sweeper
from games.table.models import Game
from games.table.services import action_submit, game_create, game_start, seat_join

pytestmark = pytest.mark.django_db

FACES = [r + s for r in "JQK" for s in "HDCS"]
CARD = re.compile(r"\b(?:[2-9]|10|[AJQK])[HDCS]\b")


def regicide_game(users, setup):
    game = game_create(
        host=users[0],
        kind="regicide",
        options={"setup": setup},
        time_control="corr-1d",
        min_seats=len(users),
        max_seats=len(users),
        allow_setup=True,
    )
    for user in users[1:]:
        seat_join(game_id=game.pk, user=user)
    if game.status == Game.Status.OPEN:
        game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def castle_of(enemy, *in_hands):
    """A Castle of one enemy: the other face cards out of play (or in the hands)."""
    return {
        "castle": [enemy],
        "discard": [c for c in FACES if c != enemy and c not in in_hands],
    }


def game_over_mails(user):
    return [
        m
        for m in mail.outbox
        if m.to == [user.email] and m.subject.startswith(("Game over", "Partie terminée"))
    ]


def texts(message):
    return [message.subject, message.body, message.alternatives[0][0]]


def run_out_the_clock(game):
    """The solo player lets the deadline pass: the engine's default play (the lowest card)
    is made for them."""
    with time_machine.travel(timezone.now() + timedelta(days=1, minutes=1), tick=False):
        sweeper.deadlines_sweep()
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize(
    ("jesters_left", "medal", "french"),
    [(2, "A gold medal!", "Une médaille d’or\u00a0!"), (0, "A bronze medal!", None)],
)
def test_a_won_solo_game_mails_its_medal(
    alice, jesters_left, medal, french, django_capture_on_commit_callbacks
):
    if french:
        alice.profile.language = "fr"
        alice.profile.save()
    # The King of Clubs alone in hand: 40 damage fells the Jack of Hearts, the last enemy.
    setup = {"hands": {"p1": ["KC"]}, "jesters_left": jesters_left, **castle_of("JH", "KC")}
    game = regicide_game([alice], setup)
    assert game.status == Game.Status.RUNNING
    with django_capture_on_commit_callbacks(execute=True):
        game = run_out_the_clock(game)
    assert game.status == Game.Status.FINISHED and game.result["winners"] == ["p1"]
    [message] = game_over_mails(alice)
    if french:
        assert french in message.body and french in message.alternatives[0][0]
        assert "coopérative" not in message.body
    else:
        assert medal in message.body and medal in message.alternatives[0][0]
        assert "Winner: Alice." in message.body and "cooperative" not in message.body
    for text in texts(message):
        assert not CARD.findall(text)


def test_a_cooperative_victory_is_told_to_the_others(
    alice, bob, carol, django_capture_on_commit_callbacks
):
    setup = {"hands": {"p1": ["KC", "2D"]}, **castle_of("JH", "KC")}
    game = regicide_game([alice, bob, carol], setup)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(
            game_id=game.pk, user=alice, action={"type": "play", "cards": ["KC"]}, expected_seq=1
        )
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and game.result.get("medal") is None
    assert game_over_mails(alice) == []  # her own move
    for user in (bob, carol):
        [message] = game_over_mails(user)
        for text in texts(message)[1:]:
            assert "A cooperative victory: the players won together." in text
            assert "Winners: Alice, Bob, Carol." in text
            assert "medal" not in text and not CARD.findall(text)


def test_a_cooperative_defeat_is_told_to_the_others(alice, bob, django_capture_on_commit_callbacks):
    # The King of Spades takes 4 from the 2 of Clubs, then attacks for 20: Alice has nothing
    # left to cover it and the game is lost for both.
    setup = {"hands": {"p1": ["2C"]}, **castle_of("KS")}
    game = regicide_game([alice, bob], setup)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        action_submit(
            game_id=game.pk, user=alice, action={"type": "play", "cards": ["2C"]}, expected_seq=1
        )
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and game.result["winners"] == []
    [message] = game_over_mails(bob)
    for text in texts(message)[1:]:
        assert "A cooperative defeat: the players lost together." in text
        assert "Nobody won." not in text and "Winner" not in text
        assert not CARD.findall(text)
