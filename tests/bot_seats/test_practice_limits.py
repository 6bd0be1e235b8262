"""Practice games are limited per account: so many at once, so many started an hour
(PRACTICE_MAX_RUNNING, PRACTICE_MAX_PER_HOUR), with a clear message; tutorials (started
with ``limited=False``) are not counted."""

from datetime import timedelta

import pytest
import time_machine
from django.test import override_settings
from django.utils import timezone, translation

from games.bot_seats.services import PracticeLimitReached, practice_start
from games.table.models import Game

pytestmark = pytest.mark.django_db


def finish(game):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)


def start(user, **kwargs):
    return practice_start(user=user, kind="regicide", bots=0, **kwargs)


@override_settings(PRACTICE_MAX_RUNNING=3, PRACTICE_MAX_PER_HOUR=100)
def test_no_more_than_so_many_practice_games_at_once(alice, bob):
    games = [start(alice) for _ in range(3)]
    with pytest.raises(PracticeLimitReached) as refused:
        start(alice)
    assert str(refused.value) == (
        "You already have 3 practice games in progress: finish or resign one "
        "before starting another."
    )
    with translation.override("fr"):
        assert str(refused.value).startswith("Vous avez déjà 3 parties d’entraînement")
    assert Game.objects.filter(host=alice).count() == 3  # the refused one wrote nothing
    start(bob)  # per account
    finish(games[0])  # a game over frees its place
    start(alice)


@override_settings(PRACTICE_MAX_RUNNING=100, PRACTICE_MAX_PER_HOUR=4)
def test_no_more_than_so_many_practice_games_started_an_hour(alice):
    now = timezone.now()
    with time_machine.travel(now, tick=False):
        for _ in range(4):
            finish(start(alice))
        with pytest.raises(PracticeLimitReached) as refused:
            start(alice)
    assert "4 practice games in the last hour" in str(refused.value)
    with time_machine.travel(now + timedelta(minutes=61), tick=False):
        start(alice)


@override_settings(PRACTICE_MAX_RUNNING=1, PRACTICE_MAX_PER_HOUR=1)
def test_tutorials_are_not_counted(alice):
    start(alice)
    for _ in range(3):
        start(alice, limited=False)  # what a tutorial would call
    with pytest.raises(PracticeLimitReached):
        start(alice)


def test_the_defaults_stop_a_burst_of_practice_games(alice):
    started = 0
    with pytest.raises(PracticeLimitReached):
        for _ in range(15):
            start(alice)
            started += 1
    assert 1 <= started < 15


@override_settings(PRACTICE_MAX_RUNNING=1)
def test_the_lobby_says_why_a_practice_game_was_refused(alice, client):
    client.force_login(alice)
    data = {"opponents": "regicide:standard", "bots": "0", "time_control": "corr-1d"}
    client.post("/games/practice/", data)
    response = client.post("/games/practice/", data, follow=True)
    assert response.redirect_chain[-1][0] == "/games/"
    assert "practice game in progress" in response.content.decode()
    assert Game.objects.count() == 1
