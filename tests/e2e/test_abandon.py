"""Abandoning a game from the page: the control sits apart from the moves, opens a
confirmation, asks once more (hx-confirm), then the player is out without a page reload and
the other players see it."""

import pytest

from .conftest import logged_in_context
from .test_play_live import mark_no_reload, seq_of, still_same_document, wait_for_seq

pytestmark = pytest.mark.e2e


def test_abandon_the_game_with_confirmation(browser, site_polling):
    data = site_polling.setup("kai", "lea", "max", "--demo-game", "0")
    pages = {}
    for name in ("kai", "lea"):
        context = logged_in_context(browser, site_polling, data["sessions"][name])
        pages[name] = context.new_page()
        pages[name].goto(f"/games/{data['game']}/")
        mark_no_reload(pages[name])
    kai, lea = pages["kai"], pages["lea"]
    # lea is not waited for: her only control is "Abandon the game", not a move button.
    assert lea.locator(".move-form").count() == 0
    confirm = lea.locator(".resign-form button")
    assert not confirm.is_visible()
    before = seq_of(lea)
    lea.locator(".resign summary").click()
    assert confirm.is_visible()
    dialogs = []

    def dismiss_then_accept(dialog):
        dialogs.append(dialog.message)
        dialog.dismiss() if len(dialogs) == 1 else dialog.accept()

    lea.on("dialog", dismiss_then_accept)
    confirm.click()  # dismissed: nothing is sent
    lea.wait_for_timeout(500)
    assert seq_of(lea) == before
    confirm.click()  # accepted
    wait_for_seq(lea, before + 1)
    assert len(dialogs) == 2 and "Abandon" in dialogs[0]
    assert lea.locator(".resign").count() == 0
    assert still_same_document(lea)
    wait_for_seq(kai, before + 1)
    assert "Eliminated" in kai.locator('.seat[data-player="p2"]').inner_text()
