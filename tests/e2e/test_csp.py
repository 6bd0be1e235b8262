"""The Content-Security-Policy in a real browser: the site's pages run (htmx, site.js), and
an inline script is refused, which the suite's console watcher (conftest.py) reports."""

import pytest

from .conftest import CSP_VIOLATIONS, logged_in_context

pytestmark = pytest.mark.e2e


def test_inline_script_is_refused_and_reported(browser, site):
    data = site.setup("cyrielle")
    context = logged_in_context(browser, site, data["sessions"]["cyrielle"])
    page = context.new_page()
    response = page.goto("/games/")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert page.evaluate("!!window.htmx && window.htmx.config.allowEval === false")
    assert page.evaluate("window.htmx.config.includeIndicatorStyles === false")
    page.evaluate(
        """() => { const s = document.createElement("script");
                   s.textContent = "window.injected = true"; document.body.appendChild(s); }"""
    )
    page.wait_for_timeout(300)
    assert page.evaluate("window.injected === undefined")
    found = list(CSP_VIOLATIONS)
    CSP_VIOLATIONS.clear()  # expected here: the watcher must not fail this test
    assert any("inline script" in message for message in found), found
    context.close()
