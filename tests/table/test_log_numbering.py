"""One numbering of the log: the side log, the whole log's page and the replay give the same
line the same number (the oldest line is 1)."""

import random
import re

import pytest

from games.table.models import Game
from tests.table.factories import make_game, users
from tests.table.helpers import play_randomly
from tests.table.web_helpers import url

pytestmark = pytest.mark.django_db


def side_log(html):
    """(start, [lines]) of the side log, newest first."""
    match = re.search(
        r'<ol class="log-list" reversed(?: start="(\d+)")?[^>]*>(.*?)</ol>', html, re.S
    )
    lines = re.findall(r"<li[^>]*>(.*?)</li>", match.group(2), re.S)
    return int(match.group(1) or len(lines)), lines


def full_log(html):
    """{number: line} of a page of the whole log."""
    return {int(n): line for n, line in re.findall(r'<li value="(\d+)">(.*?)</li>', html, re.S)}


def test_the_same_line_has_the_same_number_everywhere(client):
    players = users("alice", "bob", "carol", "dave", "erin")
    client.force_login(players[0])
    for seed in range(20):  # deals are random: the first game long enough for the test
        game = play_randomly(make_game(players, kind="complots"), rng=random.Random(seed))
        assert game.status == Game.Status.FINISHED
        start, side = side_log(client.get(url("detail", game)).content.decode())
        if start > 30:
            break
    assert start > len(side) == 30, "a long game shows its newest 30 lines"
    numbered = full_log(client.get(url("log", game)).content.decode())
    assert numbered[start] == side[0] and numbered[start - 29] == side[29]
    replay = client.get(url("replay", game)).content.decode()
    replay_start, replay_lines = side_log(replay)
    assert replay_start == start
    assert replay_lines[0] == side[0] and replay_lines[29] == side[29]
