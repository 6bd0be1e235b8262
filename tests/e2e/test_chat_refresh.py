"""A chat refresh asked for while another is in flight is not lost. htmx queues it on the
chat's element, then drops it with that element when the answer of the first fetch replaces
it: the page must ask again, or a message posted meanwhile never shows until the next one."""

import pytest

from .conftest import logged_in_context
from .test_play_live import LIVE_TIMEOUT, mark_no_reload, still_same_document

pytestmark = pytest.mark.e2e


def post_chat(page, text):
    page.fill(".chat-form input[name=text]", text)
    page.locator(".chat-form button").click()
    page.locator(".chat-list", has_text=text).wait_for(timeout=LIVE_TIMEOUT)


def test_a_message_posted_while_the_chat_is_being_fetched_still_shows(browser, site):
    data = site.setup("ana", "ben", "--demo-game", "0")
    ana, ben = (
        logged_in_context(browser, site, data["sessions"][name]).new_page()
        for name in ("ana", "ben")
    )
    errors = []
    ana.on("pageerror", lambda exc: errors.append(str(exc)))
    for page in (ana, ben):
        page.goto(f"/games/{data['game']}/")
        mark_no_reload(page)

    # ana's next chat fetch is answered as the server renders it then, but held back.
    held = []

    def hold(route):
        if route.request.method == "GET" and not held:
            held.append((route, route.fetch()))
        else:
            route.continue_()

    ana.route(f"**/games/{data['game']}/chat/", hold)
    post_chat(ben, "First message")
    for _ in range(50):
        if held:
            break
        ana.wait_for_timeout(100)
    assert held, "ana's page did not fetch its chat after ben's message"
    # While that fetch is in flight, ben says more: ana's refresh is queued behind it.
    post_chat(ben, "Second message")
    ana.wait_for_timeout(1000)
    route, stale = held[0]
    assert "Second message" not in stale.text()
    route.fulfill(response=stale)
    ana.locator(".chat-list", has_text="Second message").wait_for(timeout=LIVE_TIMEOUT)
    assert "First message" in ana.locator(".chat-list").inner_text()
    assert still_same_document(ana)
    assert not errors, errors
