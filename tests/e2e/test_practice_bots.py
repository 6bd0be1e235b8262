"""Practice against bots in a browser: the lobby's form starts a Complots game against three
Novice bots at once, the bots' seats say so, and every click of the player is answered by
the bots (their moves run by their tasks after the player's move commits) until the end."""

import re

import pytest

from .conftest import logged_in_context
from .test_play_live import choose_button, mark_no_reload, seq_of, still_same_document

pytestmark = pytest.mark.e2e


def test_a_practice_game_against_bots(browser, site_polling):
    data = site_polling.setup("nina")
    context = logged_in_context(browser, site_polling, data["sessions"]["nina"])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/games/")
    practice = page.locator("[data-testid=practice]")
    practice.locator("select[name=opponents]").select_option("complots:novice")
    practice.locator("select[name=bots]").select_option("3")
    practice.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    page.wait_for_selector("#game-panel .table")
    assert page.locator("[data-testid=badge-bot]").count() == 3
    mark_no_reload(page)

    clicks = answered = 0
    for _ in range(300):
        if page.locator("[data-testid=result]").count():
            break
        # with eager tasks the bots play inside the player's request: once the player is
        # out, the rest of the game takes one long request
        page.wait_for_selector("form.move-form, [data-testid=result]", timeout=60000)
        if page.locator("[data-testid=result]").count():
            break
        before = seq_of(page)
        choose_button(page).click()
        page.wait_for_function(
            "seq => parseInt(document.getElementById('game-panel').dataset.seq, 10) > seq",
            arg=before,
            timeout=60000,
        )
        clicks += 1
        answered += seq_of(page) > before + 1  # the bots moved after the player
    assert page.locator("[data-testid=result]").count(), f"not over after {clicks} clicks"
    assert answered > 3
    assert "Winner:" in page.locator("[data-testid=result]").inner_text()
    assert still_same_document(page)
    assert not errors, errors
    context.close()
