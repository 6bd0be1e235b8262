"""Answering in one tap: a GET changes nothing, a POST answers once through the table's
service; every refused case gets a clear page, never a 500."""

from datetime import timedelta

import pytest
import time_machine
from django.core import signing
from django.test import Client

from games.push import onetap
from games.push.facts import question_for
from tests.clock.helpers import fresh, play, start_game

pytestmark = pytest.mark.django_db


def token(user, game, player_id):
    return onetap.token_for(user, question_for(fresh(game), player_id))


def window(alice, bob, carol):
    game = start_game([alice, bob, carol])
    play(game, alice, {"type": "claim"})
    return fresh(game)


def test_get_shows_the_question_and_changes_nothing_post_answers_once(alice, bob, carol):
    game = window(alice, bob, carol)
    link = onetap.answer_path(token(bob, game, "p2"))
    client = Client()  # not logged in
    page = client.get(link)
    assert page.status_code == 200 and b"Pass</button>" in page.content
    assert fresh(game).state_seq == game.state_seq
    done = client.post(link)
    assert done.status_code == 200 and b'data-testid="one-tap-done"' in done.content
    assert fresh(game).state_seq == game.state_seq + 1
    again = client.post(link, HTTP_ACCEPT="application/json")
    assert again.status_code == 410 and again.json()["reason"] == "used"
    assert client.get(link).status_code == 410


def test_a_changed_decision_is_refused(alice, bob, carol):
    game = window(alice, bob, carol)
    link = onetap.answer_path(token(bob, game, "p2"))
    play(game, carol, {"type": "challenge"})  # the window closed otherwise
    response = Client().post(link, HTTP_ACCEPT="application/json")
    assert response.status_code == 410 and response.json()["reason"] == "changed"
    assert b"already answered" in Client().get(link).content


def test_forged_expired_and_another_players_tokens_are_refused(alice, bob, carol):
    game = window(alice, bob, carol)
    good = token(bob, game, "p2")
    data = signing.loads(good, salt=onetap.SALT)
    forged = signing.dumps({**data, "u": carol.pk, "p": "p3"}, salt="another salt")
    for bad in (forged, good[:-3] + "abc", "nonsense"):
        response = Client().post(onetap.answer_path(bad))
        assert response.status_code == 400 and b"not valid" in response.content
    as_carol = Client()
    as_carol.force_login(carol)
    response = as_carol.post(onetap.answer_path(good))
    assert response.status_code == 403
    assert b"another player" in response.content
    with time_machine.travel(fresh(game).deadline_at + timedelta(seconds=1)):
        response = Client().post(onetap.answer_path(good), HTTP_ACCEPT="application/json")
    assert response.status_code == 410 and response.json()["reason"] == "expired"
    assert fresh(game).state_seq == game.state_seq  # nothing was played


def test_no_one_tap_answer_for_a_choice(alice, bob):
    game = start_game([alice, bob])
    question = question_for(fresh(game), "p1")
    assert question is not None and question.answer is None  # a turn needs a choice
