"""A whole three-player Complots game in three browsers (alice, bob, carol) against uvicorn:
the table is created and joined through the pages (it starts by itself once full), every
move is a click, and each move shows up in the other two browsers within a few seconds,
without reloading."""

import re

import pytest

from .conftest import logged_in_context

pytestmark = pytest.mark.e2e

LIVE_TIMEOUT = 5000  # ms: "within a few seconds"
SHOTS = "test-results"


def seq_of(page):
    return int(page.get_attribute("#game-panel", "data-seq"))


def wait_for_seq(page, seq):
    page.wait_for_function(
        "seq => { const p = document.getElementById('game-panel');"
        " return p && parseInt(p.dataset.seq, 10) >= seq; }",
        arg=seq,
        timeout=LIVE_TIMEOUT,
    )


def mark_no_reload(page):
    page.evaluate("window.__sameDocument = true")


def still_same_document(page):
    return page.evaluate("window.__sameDocument === true")


def newest_public_line(page):
    """The newest log line everyone has (private lines, "... (only you know this).", are in
    one player's log only)."""
    return (
        page.locator("#game-log li").filter(has_not_text="(only you know this)").first.inner_text()
    )


def choose_button(page):
    """The move this simple player makes: coup when possible, else income, else pass, else
    the first card to lose or keep."""
    form = page.locator("form.move-form")
    for selector in (
        ".action-group-coup button",
        ".action-group-turn button:has-text('Income')",
        "button:has-text('Pass')",
        ".action-group-lose button",
        "button",
    ):
        buttons = form.locator(selector)
        if buttons.count():
            return buttons.first
    return None


def test_three_players_see_each_other_live(browser, site, tmp_path):
    data = site.setup("alice", "bob", "carol")
    contexts = {
        name: logged_in_context(browser, site, key, viewport={"width": 1280, "height": 900})
        for name, key in data["sessions"].items()
    }
    pages = {name: context.new_page() for name, context in contexts.items()}
    alice, bob, carol = pages["alice"], pages["bob"], pages["carol"]
    errors = []
    for page in pages.values():
        page.on("pageerror", lambda exc: errors.append(str(exc)))

    # alice opens a table for three.
    alice.goto("/games/")
    alice.select_option("select[name=kind]", "complots")
    alice.select_option("select[name=max_seats]", "3")
    alice.locator("form.create-form:not(.practice-form) button[type=submit]").click()
    alice.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = alice.url
    mark_no_reload(alice)

    # bob and carol join from the lobby; alice's page shows them arrive without reloading.
    for name in ("bob", "carol"):
        page = pages[name]
        page.goto("/games/")
        page.locator(
            f"li[data-testid=open-game]:has(a[href='{game_url[len(site.base_url) :]}']) button"
        ).click()
        page.wait_for_url(game_url)
        if name == "bob":  # carol takes the last seat: the table then starts at once
            alice.locator("[data-testid=seat]", has_text=name).wait_for(timeout=LIVE_TIMEOUT)
    assert still_same_document(alice)
    for page in (bob, carol):
        mark_no_reload(page)

    # The form's "start as soon as every seat is taken" is on by default: carol took the
    # last seat, so the game started by itself, and every page shows the table.
    alice.wait_for_selector("#game-panel .table", timeout=LIVE_TIMEOUT)
    assert still_same_document(alice)
    for page in (bob, carol):  # the table appears for the others by itself
        page.wait_for_selector("#game-panel .table", timeout=LIVE_TIMEOUT)

    # An anonymous spectator: the stream pushes the shared public panel, no fetch needed.
    spectator_context = browser.new_context(
        base_url=site.base_url, viewport={"width": 1280, "height": 900}
    )
    spectator = spectator_context.new_page()
    spectator.on("pageerror", lambda exc: errors.append(str(exc)))
    spectator_fetches = []
    spectator.on(
        "request", lambda r: spectator_fetches.append(r.url) if "/panel/" in r.url else None
    )
    spectator.goto(game_url)
    spectator.wait_for_selector("#game-panel .table", timeout=LIVE_TIMEOUT)
    mark_no_reload(spectator)

    # Chat: bob's message reaches alice and carol live; their pages fetch the chat, not the
    # panel (the notice's chat version says only the chat changed).
    fetched = []
    for name in ("alice", "carol"):
        pages[name].on("request", lambda r, n=name: fetched.append((n, r.url)))
    bob.fill(".chat-form input[name=text]", "Bonne chance <tous>!")
    bob.locator(".chat-form button").click()
    for page in (alice, carol):
        page.locator(".chat-list", has_text="Bonne chance <tous>!").wait_for(timeout=LIVE_TIMEOUT)
    alice.wait_for_timeout(500)
    assert [u for _, u in fetched if u.endswith("/chat/")], fetched
    assert not [u for _, u in fetched if u.endswith("/panel/")], fetched

    shots = 0
    moves = 0
    for _ in range(200):
        if alice.locator("[data-testid=result]").count():
            break
        actor = next(
            (name for name, page in pages.items() if page.locator("form.move-form").count()),
            None,
        )
        assert actor, "nobody has a move to make and the game is not over"
        page = pages[actor]
        before = seq_of(page)
        if shots < 2 and page.locator(".action-group-turn").count():
            page.screenshot(path=str(tmp_path / f"turn-{actor}.png"), full_page=True)
            shots += 1
        button = choose_button(page)
        button.click()
        wait_for_seq(page, before + 1)
        new_seq = seq_of(page)
        latest = newest_public_line(page)
        for other, other_page in [*pages.items(), ("spectator", spectator)]:
            if other == actor:
                continue
            wait_for_seq(other_page, new_seq)  # the move arrived, no reload
            assert newest_public_line(other_page) == latest
        moves += 1

    assert moves > 10
    for name, page in pages.items():
        page.locator("[data-testid=result]").wait_for(timeout=LIVE_TIMEOUT)
        assert still_same_document(page), f"{name}'s page was reloaded"
    assert "Winner:" in alice.locator("[data-testid=result]").inner_text()
    spectator.locator("[data-testid=result]").wait_for(timeout=LIVE_TIMEOUT)
    assert still_same_document(spectator)
    # The spectator's panels came down the stream (a fetch only when a push is late).
    assert len(spectator_fetches) < moves // 4, spectator_fetches
    assert not errors, errors
    spectator_context.close()

    # The finished game: replay and verification pages.
    alice.locator("a", has_text="Verify the shuffle").click()
    assert "Verified" in alice.locator("[data-testid=verify-result]").inner_text()
    for context in contexts.values():
        context.close()


@pytest.mark.parametrize("width,height,label", [(1280, 900, "desktop"), (390, 844, "phone")])
def test_game_page_screenshots(browser, site, width, height, label):
    """Screenshots of a table in play (written to test-results/ for a human to look at)."""
    import pathlib

    data = site.setup("dora", "ed", "fay", "gus", "--demo-game", "4")
    context = logged_in_context(
        browser, site, data["sessions"]["dora"], viewport={"width": width, "height": height}
    )
    page = context.new_page()
    page.goto(f"/games/{data['game']}/")
    page.wait_for_selector("#game-panel .table")
    assert page.locator(".seat").count() == 4
    assert page.locator(".card-large").count() == 2
    out = pathlib.Path(SHOTS)
    out.mkdir(exist_ok=True)
    page.screenshot(path=str(out / f"game-{label}.png"), full_page=True)
    context.close()
