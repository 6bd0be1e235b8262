"""Five players in five browsers: at every claim, the four others click Pass at the same
moment (back to back, before any answer comes back), while live updates replace their panels.
Every pass is played, no page shows an error, and every page ends on the same position."""

import pytest

from .conftest import logged_in_context

pytestmark = pytest.mark.e2e

NAMES = ["ann", "ben", "cat", "dan", "eve"]
TIMEOUT = 20000  # ms (five browsers on a loaded two-core machine)


def seq_of(page):
    return int(page.get_attribute("#game-panel", "data-seq"))


def wait_for_seq(page, seq):
    page.wait_for_function(
        "seq => { const p = document.getElementById('game-panel');"
        " return p && parseInt(p.dataset.seq, 10) >= seq; }",
        arg=seq,
        timeout=TIMEOUT,
    )


def test_four_players_pass_one_window_at_once(browser, site):
    data = site.setup(*NAMES, "--demo-game", "0")
    game = data["game"]
    pages = {}
    for name in NAMES:
        context = logged_in_context(
            browser, site, data["sessions"][name], viewport={"width": 1280, "height": 900}
        )
        pages[name] = context.new_page()
    errors = []
    for page in pages.values():
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"/games/{game}/")
        page.wait_for_selector("#game-panel .table")

    windows = 0
    for round_ in range(2):
        for active in NAMES:  # seat order: each player's turn in turn
            page = pages[active]
            before = seq_of(page)
            page.locator(".action-group-power-duchesse button").click()
            others = [name for name in NAMES if name != active]
            if round_:
                others.reverse()
            for name in others:  # every page shows the window before anyone answers
                wait_for_seq(pages[name], before + 1)
                pages[name].locator("form.move-form button.btn-pass").wait_for(timeout=TIMEOUT)
            # Then all click, back to back: each click straight on the button (Playwright's
            # own click waits, scrolls and checks first, tens of milliseconds apiece on a
            # loaded machine: time enough for the first pass's notice to swap a later page's
            # panel under its pointer, and the click to land on nothing).
            for name in others:
                pages[name].evaluate(
                    "document.querySelector('form.move-form button.btn-pass').click()"
                )
            for name in NAMES:
                try:
                    wait_for_seq(pages[name], before + 5)
                except Exception as exc:
                    state = {
                        n: (
                            seq_of(p),
                            p.locator("[data-testid=flash]").all_inner_texts(),
                            p.locator("form.move-form button").all_inner_texts(),
                        )
                        for n, p in pages.items()
                    }
                    raise AssertionError(
                        f"round {round_} {active} before {before}: {state}"
                    ) from exc
            for name in NAMES:
                flash = pages[name].locator("[data-testid=flash]")
                assert not flash.count(), f"{name}: {flash.all_inner_texts()}"
                assert seq_of(pages[name]) == before + 5
            windows += 1
    assert windows == 10
    assert not errors, errors
    for page in pages.values():
        page.context.close()
