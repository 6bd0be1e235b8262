"""Regicide in the browser (Debian's Chromium against uvicorn): a solo table created from the
lobby starts at once; a solo game with a rigged deal is won to the end by clicks, with the
previews and the piles on the page; a three-player game goes through a Jester: the Jester's
player chooses who plays next while the others say how good their game is with the phrases
the rules allow (no free text)."""

import json
import re
from pathlib import Path

import pytest

from tests.table.regicide_helpers import SOLO_WIN, TRIO_HANDS, solo_setup

from .conftest import logged_in_context
from .test_play_live import LIVE_TIMEOUT, mark_no_reload, seq_of, still_same_document, wait_for_seq

pytestmark = pytest.mark.e2e

SHOTS = Path("test-results")


def button_for(page, action):
    value = json.dumps(action, sort_keys=True, separators=(",", ":"))
    return page.locator(f"form.move-form button[value='{value}']")


def click_move(page, action):
    before = seq_of(page)
    button_for(page, action).click()
    wait_for_seq(page, before + 1)


def test_a_solo_table_from_the_lobby_starts_at_once(browser, site):
    data = site.setup("solene")
    page = logged_in_context(browser, site, data["sessions"]["solene"]).new_page()
    page.goto("/games/")
    page.select_option("select[name=kind]", "regicide")
    page.select_option("select[name=max_seats]", "1")
    page.locator("form.create-form:not(.practice-form) button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    assert page.locator("[data-testid=your-turn]").is_visible()
    assert page.locator("[data-testid=enemy]").is_visible()
    assert page.locator(".rcard-playable").count() == 8  # every card of the hand can be played


def test_a_rigged_solo_game_won_to_the_end(browser, site):
    data = site.setup("rosa", "--regicide", json.dumps(solo_setup()))
    page = logged_in_context(
        browser, site, data["sessions"]["rosa"], viewport={"width": 1280, "height": 900}
    ).new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/games/{data['game']}/")
    mark_no_reload(page)
    assert "Jack of Hearts" in page.locator("[data-testid=enemy]").inner_text()
    assert page.locator("[data-testid=tavern]").inner_text() == "32"
    SHOTS.mkdir(exist_ok=True)  # for a human to look at
    page.screenshot(path=str(SHOTS / "regicide-solo.png"), full_page=True)
    first = button_for(page, SOLO_WIN[0])
    assert "20 damage (doubled)" in first.inner_text()
    click_move(page, SOLO_WIN[0])  # exact kill: the Jack goes onto the Tavern
    assert "Jack of Clubs" in page.locator("[data-testid=enemy]").inner_text()
    assert page.locator("[data-testid=tavern]").inner_text() == "33"
    click_move(page, SOLO_WIN[1])
    assert "step 4" in page.locator("[data-testid=moment]").inner_text()
    assert page.locator("[data-testid=enemy-damage]").inner_text() == "10"
    assert page.locator('.rcard[data-owner="table"]').count() == 1
    click_move(page, SOLO_WIN[2])
    click_move(page, SOLO_WIN[3])
    page.locator("[data-testid=result-line]").wait_for(timeout=LIVE_TIMEOUT)
    assert "gold medal" in page.locator("[data-testid=result-line]").inner_text()
    assert still_same_document(page)
    assert not errors, errors
    page.goto("/players/rosa/")
    assert "Gold × 1" in page.locator("[data-testid=player-stats]").inner_text()


def test_three_players_through_a_jester(browser, site):
    setup = {"hands": TRIO_HANDS, "castle": ["JS"]}
    data = site.setup("ana", "ben", "cyd", "--regicide", json.dumps(setup))
    pages = {}
    for name in ("ana", "ben", "cyd"):
        page = logged_in_context(browser, site, data["sessions"][name]).new_page()
        page.goto(f"/games/{data['game']}/")
        mark_no_reload(page)
        pages[name] = page
    ana, ben, cyd = pages["ana"], pages["ben"], pages["cyd"]
    # Nobody types free text while the game runs: only phrases, and no "good game" yet.
    assert ben.locator(".chat-form").count() == 0
    assert ben.locator("[data-phrase=good]").count() == 0
    # Other hands are backs only.
    assert ben.locator('.rcard[data-owner="p1"][data-card="hidden"]').count() == 6
    jester = button_for(ana, {"type": "play", "cards": ["X1"]})
    assert "you choose who plays next" in jester.inner_text()
    click_move(ana, {"type": "play", "cards": ["X1"]})
    for page in (ben, cyd):
        page.locator("[data-phrase=good]").wait_for(timeout=LIVE_TIMEOUT)
    ben.locator("[data-phrase=good]").click()
    # cyd's chat (phrases included) is refetched when ben's message arrives: click after it.
    cyd.locator(".chat-list", has_text="I have a good game.").wait_for(timeout=LIVE_TIMEOUT)
    cyd.locator("[data-phrase=rather_not]").click()
    for text in ("I have a good game.", "I would rather not go next."):
        ana.locator(".chat-list", has_text=text).wait_for(timeout=LIVE_TIMEOUT)
    before = seq_of(ana)
    ana.locator("form.move-form button", has_text="ben").click()
    wait_for_seq(ana, before + 1)
    ben.locator("[data-testid=your-turn]").wait_for(timeout=LIVE_TIMEOUT)
    # The next player started: the Jester's phrases are gone.
    cyd.locator("[data-phrase=good]").wait_for(state="detached", timeout=LIVE_TIMEOUT)
    assert "immunity" in ben.locator("[data-testid=enemy-immunity]").inner_text()
    for page in pages.values():
        assert still_same_document(page)
