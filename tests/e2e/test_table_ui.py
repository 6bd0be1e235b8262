"""The table in Chromium: axe-core finds no serious or critical violation on the lobby, the
game page in each state, the profile and the replay (light and dark); the actions are on
screen without scrolling on a laptop and on a phone; the page calls the player (title,
favicon) and never asks for notifications on load; the keyboard alone plays a turn, the
focus is kept across panel refreshes and never taken from the chat box; the live region
outside the panel says "your move" and the newest log line; the page tells the server it is
seen only while visible.

axe-core comes from npm (devDependencies) and is put into the page by the test only.
"""

import json
import re
from pathlib import Path

import pytest

from .conftest import ROOT

pytestmark = pytest.mark.e2e

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
LIVE_TIMEOUT = 6000
PROFILE = "/me/profile/"


def context_for(browser, site, session_key, **kwargs):
    # bypass_csp: axe is injected by the test, never shipped, whatever CSP the site sends.
    context = browser.new_context(base_url=site.base_url, bypass_csp=True, **kwargs)
    context.add_cookies([{"name": "sessionid", "value": session_key, "url": site.base_url}])
    return context


def axe_violations(page):
    if not AXE.exists():
        pytest.skip("axe-core is missing: run npm ci")
    if not page.evaluate("!!window.axe"):
        page.add_script_tag(content=Path(AXE).read_text())
    result = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations']})).violations"
        ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3)"
        ".map(n => n.target.join(' ') + ' ' + (n.failureSummary || '').slice(0, 160))}))"
    )
    return [v for v in result if v["impact"] in ("serious", "critical")]


def assert_accessible(page, where):
    bad = axe_violations(page)
    assert not bad, f"{where}: " + json.dumps(bad, indent=1)


@pytest.fixture(scope="module")
def running(site):
    return site.setup("uia", "uib", "uic", "--demo-game", "3")


@pytest.fixture(scope="module")
def finished(site):
    return site.setup("uif", "uig", "--finished")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(browser, site, running, finished, scheme):
    names = list(running["sessions"])
    game = running["game"]
    for name in names:
        context = context_for(
            browser,
            site,
            running["sessions"][name],
            color_scheme=scheme,
            viewport={"width": 1280, "height": 900},
        )
        page = context.new_page()
        page.goto(f"/games/{game}/")
        page.wait_for_selector("#game-panel .table")
        state = "my move" if page.locator("form.move-form").count() else "waiting"
        assert_accessible(page, f"game page ({state}, {name}, {scheme})")
        if name == names[0]:
            page.goto("/games/")
            assert_accessible(page, f"lobby ({scheme})")
            page.goto("/games/new/")
            assert_accessible(page, f"create form ({scheme})")
            page.goto(f"/players/{name}/")
            assert_accessible(page, f"profile ({scheme})")
            page.goto(PROFILE)
            assert_accessible(page, f"profile and preferences ({scheme})")
        context.close()
    # An open table (the host's waiting room, with the invitation link) and a spectator.
    context = context_for(browser, site, running["sessions"][names[0]], color_scheme=scheme)
    page = context.new_page()
    page.goto("/games/new/")
    page.select_option("select[name=kind]", "complots")
    page.check("input[name=visibility][value=private]")
    page.locator("form.create-form:not(.practice-form) button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    assert_accessible(page, f"open table ({scheme})")
    context.close()
    anonymous = browser.new_context(base_url=site.base_url, bypass_csp=True, color_scheme=scheme)
    page = anonymous.new_page()
    page.goto(f"/games/{game}/")
    assert_accessible(page, f"game page (spectator, {scheme})")
    anonymous.close()
    # A finished game and its replay.
    context = context_for(browser, site, finished["sessions"]["uif"], color_scheme=scheme)
    page = context.new_page()
    page.goto(f"/games/{finished['game']}/")
    page.wait_for_selector("[data-testid=result]")
    assert_accessible(page, f"finished game ({scheme})")
    page.goto(f"/games/{finished['game']}/replay/?step=2")
    assert_accessible(page, f"replay ({scheme})")
    context.close()


def player_with_move(browser, site, data, viewport):
    for key in data["sessions"].values():
        context = context_for(browser, site, key, viewport=viewport)
        page = context.new_page()
        page.goto(f"/games/{data['game']}/")
        page.wait_for_selector("#game-panel .table")
        if page.locator("form.move-form").count():
            return context, page
        context.close()
    raise AssertionError("nobody has a move")


@pytest.mark.parametrize("width,height", [(1280, 900), (390, 844)])
def test_actions_are_on_screen_without_scrolling(browser, site, width, height):
    data = site.setup("vpa", "vpb", "vpc", "vpd", "--demo-game", "4")
    context, page = player_with_move(browser, site, data, {"width": width, "height": height})
    top = page.evaluate("document.getElementById('move-form').getBoundingClientRect().top")
    first = page.evaluate(
        "document.querySelector('#move-form button[name=action]').getBoundingClientRect().bottom"
    )
    print(f"{width}x{height}: actions start at {top:.0f}px, first action ends at {first:.0f}px")
    assert 0 <= top < height, f"the actions start at {top}px in a {height}px window"
    assert first <= height, f"the first action ends at {first}px in a {height}px window"
    # The "Your move" banner links to them.
    assert page.get_attribute("[data-testid=your-turn] a", "href") == "#move-form"
    context.close()


def test_the_page_calls_the_player_and_the_keyboard_plays_a_turn(browser, site):
    data = site.setup("kba", "kbb", "kbc", "--demo-game", "0")
    game = data["game"]
    pages = {}
    asked = {}
    for name, key in data["sessions"].items():
        context = context_for(browser, site, key, viewport={"width": 1280, "height": 900})
        context.add_init_script(
            "window.__asked = 0; if (window.Notification) { const ask = Notification"
            ".requestPermission.bind(Notification); Notification.requestPermission = "
            "function () { window.__asked += 1; return ask.apply(null, arguments); }; }"
        )
        page = context.new_page()
        seen = []
        page.on(
            "request", lambda r, seen=seen: seen.append(r) if r.url.endswith("/seen/") else None
        )
        page.goto(f"/games/{game}/")
        page.wait_for_selector("#game-panel .table")
        pages[name] = page
        asked[name] = seen
    movers = [n for n, p in pages.items() if p.locator("form.move-form").count()]
    assert len(movers) == 1, movers  # three players: the first turn is one player's
    mover = movers[0]
    other = next(n for n in pages if n != mover)
    me, them = pages[mover], pages[other]

    # Called: title and favicon while it is my move; never a permission prompt on load.
    assert me.title().startswith("(!) ")
    assert "favicon-move" in me.get_attribute("link[rel=icon]", "href")
    assert not them.title().startswith("(!)")
    for page in pages.values():
        assert page.evaluate("window.__asked") == 0
        assert page.locator("#call-notify").count() == 1
        assert page.locator("#call-sound").is_visible()
    # The visible page tells the server it is seen (presence), as soon as it loads.
    assert asked[mover] and asked[mover][0].method == "POST"

    # The other player types in the chat: a live update must not steal their focus.
    them.focus(".chat-form input[name=text]")
    them.keyboard.type("hello")

    # Keyboard only: from the top of the page, Tab to the "Your move!" link, follow it, then
    # Tab to the first action and press Enter.
    me.keyboard.press("Tab")
    for _ in range(40):
        if me.evaluate("document.activeElement.closest('[data-testid=your-turn]') !== null"):
            break
        me.keyboard.press("Tab")
    me.keyboard.press("Enter")
    assert me.evaluate("document.activeElement.id") == "move-form"
    seq = int(me.get_attribute("#game-panel", "data-seq"))
    me.keyboard.press("Tab")
    label = me.evaluate("document.activeElement.textContent.trim()")
    assert me.evaluate("document.activeElement.name") == "action", label
    me.keyboard.press("Enter")
    me.wait_for_function(
        "s => parseInt(document.getElementById('game-panel').dataset.seq, 10) > s",
        arg=seq,
        timeout=LIVE_TIMEOUT,
    )
    me.wait_for_timeout(300)
    focused = me.evaluate(
        "({id: document.activeElement.id, tag: document.activeElement.tagName,"
        " inPanel: !!document.activeElement.closest('#game-panel')})"
    )
    assert focused["tag"] != "BODY" and focused["inPanel"], focused

    # The other page got the change live: focus still in the chat box, with its text.
    them.wait_for_function(
        "s => parseInt(document.getElementById('game-panel').dataset.seq, 10) > s",
        arg=seq,
        timeout=LIVE_TIMEOUT,
    )
    assert them.evaluate("document.activeElement.name") == "text"
    assert them.input_value(".chat-form input[name=text]") == "hello"
    newest = them.locator("#game-log li").first.inner_text()
    announced = them.locator("#game-announcer").inner_text()
    assert newest in announced
    if them.locator("form.move-form").count():
        assert announced.startswith("Your move.")
        assert them.title().startswith("(!) ")
    for page in pages.values():
        page.context.close()


def test_countdown_shows_the_local_date_on_hover(browser, site):
    data = site.setup("cda", "cdb", "--demo-game", "0")
    context = context_for(
        browser, site, data["sessions"]["cda"], timezone_id="Asia/Tokyo", locale="en-GB"
    )
    page = context.new_page()
    page.goto(f"/games/{data['game']}/")
    time = page.locator("time[data-countdown]").first
    time.wait_for()
    page.wait_for_function("document.querySelector('time[data-countdown]').title.length > 0")
    expected = page.evaluate(
        "new Date(parseInt(document.querySelector('time[data-countdown]').dataset.countdown,"
        " 10) * 1000).toLocaleString(document.documentElement.lang,"
        " {dateStyle: 'full', timeStyle: 'short'})"
    )
    assert time.get_attribute("title") == expected
    assert re.match(r"^\d+:\d\d$|^in ", time.inner_text()), time.inner_text()
    # The browser's time zone reached the server (cookie -> profile).
    assert any(c["name"] == "tz" and c["value"] == "Asia/Tokyo" for c in context.cookies())
    context.close()


def test_old_messages_go_after_a_live_update_and_notifications_are_asked_by_a_button(browser, site):
    data = site.setup("fla", "flb")
    host = context_for(browser, site, data["sessions"]["fla"])
    guest = context_for(browser, site, data["sessions"]["flb"])
    page = host.new_page()
    page.goto("/games/new/")
    page.select_option("select[name=kind]", "complots")
    page.select_option("select[name=max_seats]", "3")
    page.locator("form.create-form:not(.practice-form) button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    assert page.locator("#messages .messages").count() == 1  # "Your table is open..."
    other = guest.new_page()
    other.goto(page.url)
    other.locator("button", has_text="Join this game").click()
    page.locator("[data-testid=seat]", has_text="flb").wait_for(timeout=LIVE_TIMEOUT)
    # The old messages go when the new panel has settled (htmx:afterSettle, a few ms after
    # the swap that shows the seat).
    page.locator("#messages .messages").wait_for(state="detached", timeout=LIVE_TIMEOUT)
    assert page.locator("#messages .messages").count() == 0
    # The host may cancel the open table.
    page.locator("[data-testid=cancel-table]").click()
    page.wait_for_url(re.compile(r"/games/$"))
    other.locator("#status-heading", has_text="aborted").wait_for(timeout=LIVE_TIMEOUT)
    host.close()
    guest.close()

    data = site.setup("nta", "ntb", "ntc", "--demo-game", "0")
    context = context_for(browser, site, data["sessions"]["nta"])
    context.add_init_script(
        "window.__asked = 0; if (window.Notification) { Notification.requestPermission = "
        "function () { window.__asked += 1; return Promise.resolve('granted'); }; }"
    )
    page = context.new_page()
    page.goto(f"/games/{data['game']}/")
    page.wait_for_selector("#game-panel .table")
    assert page.evaluate("window.__asked") == 0
    page.locator("#call-notify").click()
    assert page.evaluate("window.__asked") == 1
    context.close()
