"""Without Redis the pages poll a cheap endpoint every 2 s: a move still reaches the other
players within a few seconds, without reloading."""

import pytest

from .conftest import logged_in_context
from .test_play_live import mark_no_reload, seq_of, still_same_document, wait_for_seq

pytestmark = pytest.mark.e2e


def test_polling_fallback_carries_moves(browser, site_polling):
    data = site_polling.setup("hana", "ivo", "jon", "--demo-game", "0")
    pages = {}
    for name in ("hana", "ivo"):
        context = logged_in_context(browser, site_polling, data["sessions"][name])
        pages[name] = context.new_page()
        pages[name].goto(f"/games/{data['game']}/")
        mark_no_reload(pages[name])
    hana, ivo = pages["hana"], pages["ivo"]
    assert ivo.get_attribute("#game-page", "data-sse-url") is None
    assert ivo.locator(".live-poll").count() == 1
    before = seq_of(ivo)
    hana.locator(".action-group-turn button", has_text="Income").click()
    wait_for_seq(ivo, before + 1)
    assert "Turn 2: ivo." in ivo.locator("#game-log").inner_text()
    assert still_same_document(ivo)
