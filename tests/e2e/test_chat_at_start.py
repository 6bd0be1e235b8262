"""A page open since the waiting room gets the game's own chat when the game starts, without
a reload nor a message: Regicide's phrases (with the numbers of the hand shown), Intrigue's
private lines, Complots' free text; typing is never lost to a refresh."""

import re

import pytest

from .conftest import logged_in_context
from .test_play_live import LIVE_TIMEOUT, mark_no_reload, still_same_document

pytestmark = pytest.mark.e2e


def host_page_through_the_start(browser, site, kind, names):
    data = site.setup(*names, "--open", kind)
    game = data["game"]
    contexts = [logged_in_context(browser, site, data["sessions"][n]) for n in names]
    host = contexts[0].new_page()
    errors = []
    host.on("pageerror", lambda exc: errors.append(str(exc)))
    host.goto(f"/games/{game}/")
    host.locator("form.chat-form").wait_for()  # free text in the waiting room
    mark_no_reload(host)
    for context in contexts[1:]:  # the others join; the third seat starts the game
        page = context.new_page()
        page.goto(f"/games/{game}/")
        page.get_by_role("button", name="Join this game").click()
        page.wait_for_load_state()
    host.wait_for_function(
        "() => { const p = document.getElementById('game-panel');"
        " return p && parseInt(p.dataset.seq, 10) >= 1; }",
        timeout=LIVE_TIMEOUT * 2,
    )
    return host, contexts, errors


def test_regicide_the_phrases_come_with_the_start(browser, site):
    host, contexts, errors = host_page_through_the_start(
        browser, site, "regicide", ["rhea", "remi", "rosa"]
    )
    phrases = host.locator("#chat-form [data-testid=chat-phrases]")
    phrases.wait_for(timeout=LIVE_TIMEOUT)
    assert host.locator("#chat-form form.chat-form").count() == 0
    hand = host.locator("[data-phrase=hand]")
    value = hand.get_attribute("value")
    shown = re.search(r"\d+", hand.inner_text()).group(0)
    assert value == f"hand:{shown}"
    hand.click()
    host.locator(".chat-list li").filter(has_text=hand.inner_text()).wait_for(timeout=LIVE_TIMEOUT)
    assert host.locator(".flash-error").count() == 0
    assert still_same_document(host) and errors == []
    for context in contexts:
        context.close()


def test_intrigue_the_private_lines_come_with_the_start(browser, site):
    host, contexts, errors = host_page_through_the_start(
        browser, site, "intrigue", ["ivan", "iris", "ines"]
    )
    to = host.locator("#chat-form [data-testid=chat-to]")
    to.wait_for(timeout=LIVE_TIMEOUT)
    assert to.locator("option").count() == 3  # everyone, and each of the two others
    to.select_option(index=1)
    host.locator("#chat-form input[name=text]").fill("Entre nous")
    host.locator("#chat-form button[type=submit]").click()
    host.locator("[data-testid=chat-private]").wait_for(timeout=LIVE_TIMEOUT)
    assert still_same_document(host) and errors == []
    for context in contexts:
        context.close()


def test_complots_keeps_the_free_text_and_what_is_typed(browser, site):
    host, contexts, errors = host_page_through_the_start(
        browser, site, "complots", ["cleo", "cyril", "cora"]
    )
    box = host.locator("#chat-form input[name=text]")
    box.fill("Bonne partie")
    with host.expect_response(lambda r: "/panel/" in r.url):
        host.evaluate("htmx.trigger(document.body, 'panel-changed', {})")
    host.wait_for_timeout(300)
    assert box.input_value() == "Bonne partie"  # the same form: kept as it is
    host.locator("#chat-form button[type=submit]").click()
    host.locator(".chat-list li").filter(has_text="Bonne partie").wait_for(timeout=LIVE_TIMEOUT)
    assert still_same_document(host) and errors == []
    for context in contexts:
        context.close()
