"""Every tutorial, finished in Chromium at phone size (390x844) in both languages, with the
keyboard only: start it from /tutorials/, make each highlighted move or press Next, until
the last step; the step text sits in an aria-live region, and the completion shows on the
player's public profile."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from .conftest import logged_in_context

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


# Every lesson, in both languages, at phone size.
LESSONS = (
    "complots",
    "complots2",
    "complots-extensions",
    "regicide",
    "regicide-party",
    "intrigue",
)
RUNS = [(slug, lang) for slug in LESSONS for lang in ("en", "fr")]


STEP_MOVED = (
    "n => { const s = document.querySelector('#tutorial-step .tutorial-step');"
    " return s && s.dataset.step !== n; }"
)


def press_enter_until_the_step_moves(page, control, number):
    """Enter on `control`, and once more if the step has not moved after a while: the page
    polls, and a panel swapped between the focus and the key takes the focus away with it
    (a person would press again). A step that never moves still fails."""
    for wait in (8000, 15000):
        control.first.focus()
        page.keyboard.press("Enter")
        try:
            page.wait_for_function(STEP_MOVED, arg=number, timeout=wait)
            return
        except PlaywrightTimeout:
            if page.evaluate(STEP_MOVED, number):
                return  # it moved just then
            if wait == 15000:
                raise


@pytest.mark.parametrize(("slug", "lang"), RUNS)
def test_a_tutorial_to_the_end(browser, site_polling, slug, lang):
    name = f"learner_{slug.replace('-', '_')}_{lang}"
    data = site_polling.setup(name)
    context = logged_in_context(
        browser, site_polling, data["sessions"][name], viewport=PHONE, has_touch=True
    )
    context.add_cookies([{"name": "django_language", "value": lang, "url": site_polling.base_url}])
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto("/tutorials/")
    assert page.locator("html").get_attribute("lang") == lang
    start = page.locator(f"[data-testid=tutorial-{slug}] [data-testid=tutorial-start]")
    start.focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    assert page.locator("#tutorial-step").get_attribute("aria-live") == "polite"

    texts = []
    for _ in range(14):
        step = page.locator("[data-testid=tutorial-step], [data-testid=tutorial-finished]")
        step.first.wait_for()
        number = step.first.get_attribute("data-step")
        if number == "done":
            break
        texts.append(page.locator("#tutorial-text").inner_text())
        point = step.first.get_attribute("data-point")
        assert page.locator(point).count(), f"step {number} points at nothing: {point}"
        if step.first.get_attribute("data-expect"):
            control = page.locator("#game-panel button.tutorial-expected")
            # The panel may be swapped (and highlighted again) while the step settles.
            expect(control).to_have_count(1, timeout=10000)
        else:
            control = page.locator("[data-testid=tutorial-next]")
        press_enter_until_the_step_moves(page, control, number)
    assert page.locator("[data-testid=tutorial-finished]").count() == 1
    assert len(texts) >= 5
    if lang == "fr":
        assert any("Bienvenue" in t for t in texts), texts[:1]
    else:
        assert any("Welcome" in t for t in texts), texts[:1]
    page.goto(f"/players/{name}/")
    assert page.locator(f"[data-testid=tutorials-done] [data-tutorial={slug}]").count() == 1
    assert not errors, errors
    context.close()
