"""Every page state at a phone's size (390x844) and a laptop's (1280x900): no text clipped
or spilling out of its box, no two texts on top of each other, on a phone the player's hand,
the question and the moves on the first screen, and axe-core's zero serious or critical
violation. Game pages in English and in French; the lobby, the create form and a profile.

States are built through the services (tests/e2e/layout_setup.py), not by playing through
the pages; one browser, one page per size and language, reused. Screenshots of every state
are written under test-results/layout/ (not committed) for a reviewer.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT
from .test_table_ui import assert_accessible

pytestmark = pytest.mark.e2e

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
HERE = Path(__file__).resolve().parent
SHOTS = ROOT / "test-results" / "layout"

# In the page: the texts clipped by their box or spilling out of it, the texts drawn over
# one another, and whether the document scrolls sideways.
PROBLEMS = (HERE / "layout_problems.js").read_text()

# On a phone, with a move to make: the hand, the question and the moves on the first screen.
FIRST_SCREEN = (HERE / "layout_first_screen.js").read_text()


@pytest.fixture(scope="module")
def states(site):
    out = subprocess.run(
        [sys.executable, "tests/e2e/layout_setup.py"],
        cwd=ROOT,
        env=site.env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def check(page, where):
    problems = page.evaluate(PROBLEMS)
    found = []
    if problems["clipped"]:
        found.append(f"clipped or overflowing: {problems['clipped'][:8]}")
    if problems["overlaps"]:
        found.append(f"texts overlap: {problems['overlaps'][:5]}")
    if problems["sideways"]:
        found.append("the page scrolls sideways")
    assert not found, f"{where}: " + "; ".join(found)
    assert_accessible(page, where)


def shoot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


@pytest.mark.parametrize("size", list(SIZES))
def test_every_state_fits(browser, site, states, size):
    failures = []
    contexts = {}
    for lang in ("en", "fr"):
        context = browser.new_context(
            base_url=site.base_url, bypass_csp=True, viewport=SIZES[size], locale=lang
        )
        context.add_cookies([{"name": "django_language", "value": lang, "url": site.base_url}])
        contexts[lang] = context
    pages = {}

    def page_for(lang, viewer):
        key = (lang, viewer)
        if key not in pages:
            context = contexts[lang]
            # one session per viewer: a page of its own, reused for all their states
            context.add_cookies(
                [{"name": "sessionid", "value": states["sessions"][viewer], "url": site.base_url}]
            )
            pages[key] = context.new_page()
        return pages[key]

    def visit(lang, viewer, path, name, *, first_screen=False):
        page = page_for(lang, viewer)
        context = contexts[lang]
        context.add_cookies(
            [{"name": "sessionid", "value": states["sessions"][viewer], "url": site.base_url}]
        )
        page.goto(path)
        page.wait_for_load_state("domcontentloaded")
        where = f"{name} ({size}, {lang})"
        shoot(page, f"{name}-{size}-{lang}")
        try:
            check(page, where)
            if first_screen and size == "phone":
                found = page.evaluate(FIRST_SCREEN)
                assert found["moves"] is not None, f"{where}: no move button"
                assert found["hand"] is not None, f"{where}: the hand is not with the moves"
                for part in ("moves", "hand", "question"):
                    assert found[part] <= found["height"], f"{where}: {part} below the fold"
        except AssertionError as error:
            failures.append(str(error))

    for state in states["states"]:
        for lang in ("en", "fr"):
            visit(
                lang,
                state["viewer"],
                f"/games/{state['game']}/",
                state["name"],
                first_screen=state["name"].endswith(("move", "window")),
            )
    someone = next(iter(states["sessions"]))
    for path, name in (
        ("/games/", "lobby"),
        ("/games/new/", "create"),
        (states["profile"], "profile"),
    ):
        for lang in ("en", "fr"):
            visit(lang, someone, path, name)
    if size == "desktop":  # the moderators' game list: its last columns within the page
        context = contexts["en"]
        context.add_cookies(
            [{"name": "sessionid", "value": states["admin_session"], "url": site.base_url}]
        )
        page = context.new_page()
        page.goto("/admin/games/game/")
        shoot(page, "admin-games-desktop")
        edges = page.evaluate(
            "() => { const t = document.querySelector('#result_list');"
            " const last = t.querySelector('thead th:last-child');"
            " return {width: document.documentElement.clientWidth,"
            " table: t.getBoundingClientRect().right, last: last.getBoundingClientRect().right}; }"
        )
        if edges["last"] > edges["width"] or edges["table"] > edges["width"]:
            failures.append(f"admin game list cut at 1280 px: {edges}")
    for context in contexts.values():
        context.close()
    assert not failures, "\n".join(failures)
