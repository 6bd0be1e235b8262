"""The panel shows the newest lines of the log, and links to the whole log, paged: same
access as the game page, each viewer's own lines (a player's private lines never reach
another player or a spectator)."""

from __future__ import annotations

import random
import re

import pytest

from games.engines import get_engine
from games.table.views.table import PANEL_LOG_LINES

from .factories import make_game
from .test_query_budgets import patient, play_moves
from .web_helpers import url

pytestmark = pytest.mark.django_db


def lines_of(html, pattern=r'<ol class="log-list[^"]*"[^>]*>(.*?)</ol>'):
    block = re.search(pattern, html, re.S)
    if block is None:
        return []
    return re.findall(r"<li[^>]*>(.*?)</li>", block.group(1), re.S)


def whole_log(client, game) -> list[str]:
    lines, page = [], 1
    while True:
        response = client.get(url("log", game), {"page": page})
        assert response.status_code == 200
        html = response.content.decode()
        lines += lines_of(html)
        if 'rel="next"' not in html:
            return lines
        page += 1


def mostly_patient(legal, rng):
    """Exchanges and challenges now and then (their private lines), income otherwise."""
    lively = [
        a
        for a in legal
        if a.get("character") == "ambassadeur" or a.get("type") in ("exchange", "challenge")
    ]
    return rng.choice(lively) if lively and rng.random() < 0.2 else patient(legal, rng)


@pytest.fixture
def long_game(players):
    """A running game of six with more than 80 events (the deal is random: a game that
    ends too soon is played again)."""
    rng = random.Random(5)
    for _attempt in range(6):
        game = make_game(players(6), kind="complots")
        while game.status == "running" and game.state_seq < 80:
            play_moves(game, 5, rng, mostly_patient)
        if game.status == "running":
            return game
        game.status = "aborted"
        game.save(update_fields=["status"])
    pytest.fail("no game of six lasted 80 events")


def test_the_panel_shows_the_newest_lines_and_links_to_the_whole_log(client, long_game, players):
    alice = players(1)[0]
    client.force_login(alice)
    full = whole_log(client, long_game)
    assert len(full) > PANEL_LOG_LINES + 20
    for name in ("detail", "panel"):
        html = client.get(url(name, long_game)).content.decode()
        shown = lines_of(html)
        assert shown == full[:PANEL_LOG_LINES]  # the newest first, as on the log page
        assert f'href="{url("log", long_game)}"' in html and f"({len(full)} lines)" in html


PRIVATE = "(only you know this)"


def test_each_viewer_reads_their_own_lines(client, long_game, players, make_user):
    """Each player's private lines are theirs alone: as many on their log page as the
    engine wrote for them; none on a spectator's."""
    engine = get_engine(long_game.kind)
    long_game.refresh_from_db()
    state = engine.load(long_game.state)
    seats = {s.user.username: s.player_id for s in long_game.seats.select_related("user")}
    owned = {
        name: sum(
            1
            for e in engine.view(state, None if player is None else player)["log"]
            if isinstance(e, dict) and e.get("only") == player
        )
        for name, player in seats.items()
    }
    assert sum(owned.values()) > 0  # this game has private lines
    for user in (*players(6), make_user("watcher")):
        client.force_login(user)
        lines = whole_log(client, long_game)
        assert sum(PRIVATE in line for line in lines) == owned.get(user.username, 0)


def test_the_log_page_has_the_game_pages_access_rules(client, players, make_user):
    alice, bob = players(2)
    game = make_game([alice, bob], kind="complots", visibility="private")
    client.force_login(make_user("stranger"))
    assert client.get(url("log", game)).status_code == 403
    assert client.get(url("log", 999_999)).status_code == 404
    client.force_login(bob)
    assert client.get(url("log", game)).status_code == 200


@pytest.mark.parametrize("page", ["0", "-3", "abc", "99999", "1" * 40, ""])
def test_any_page_number_gives_a_page(client, long_game, players, page):
    client.force_login(players(1)[0])
    response = client.get(url("log", long_game), {"page": page})
    assert response.status_code == 200 and lines_of(response.content.decode())


def test_a_short_game_has_no_link(client, players):
    alice, bob = players(2)
    game = make_game([alice, bob], kind="complots")
    client.force_login(alice)
    html = client.get(url("detail", game)).content.decode()
    assert 'data-testid="full-log"' not in html
