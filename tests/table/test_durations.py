"""The time left before a deadline, worded one way on the page, in its script and in mails."""

import re
from datetime import timedelta

import pytest
from django.utils import timezone, translation

from games.table.durations import time_left, wording
from tests.table.factories import make_game, users
from tests.table.web_helpers import url


def test_one_wording_of_the_time_left():
    assert wording(2 * 86400 + 3 * 3600 + 59) == "2\u00a0d 3\u00a0h"
    assert wording(23 * 3600 + 59 * 60 + 30) == "23\u00a0h 59\u00a0min"
    assert wording(3600 + 5 * 60) == "1\u00a0h 05\u00a0min"
    assert wording(12 * 60 + 3) == "12\u00a0min"
    assert wording(45) == "45\u00a0s"
    assert wording(-5) == "0\u00a0s"
    with translation.override("fr"):
        assert wording(2 * 86400) == "2\u00a0j 0\u00a0h"
    now = timezone.now()
    assert time_left(now + timedelta(hours=11, minutes=59, seconds=30), now) == (
        "11\u00a0h 59\u00a0min"
    )


@pytest.mark.django_db
def test_the_countdown_and_its_script_use_the_same_words(client):
    alice, bob = users("alice", "bob")
    game = make_game([alice, bob], kind="complots")
    assert game.deadline_at is not None
    client.force_login(alice)
    html = client.get(url("detail", game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "data-units=" in html and "&quot;d&quot;: &quot;j&quot;" in html
    countdown = html.split('class="countdown"', 1)[1].split("</time>", 1)[0]
    assert re.search(r">dans \d+\u00a0(j|h|min|s)", countdown), countdown


def test_the_page_script_formats_like_the_server():
    from pathlib import Path

    from django.conf import settings

    script = (Path(settings.BASE_DIR) / "games/table/static/games/js/game.js").read_text()
    assert "u.d" in script and "pad(m) + nb + u.min" in script
    assert "Intl.RelativeTimeFormat" not in script
