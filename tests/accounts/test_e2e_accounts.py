"""In a real browser (Debian's Chromium), at phone size: log in, the menu, the language
switch, htmx loaded with the CSRF header."""

import re

import pytest

from tests.conftest import PASSWORD

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}


def test_log_in_switch_to_french_and_log_out_on_a_phone(page, alice):
    page.set_viewport_size(PHONE)
    page.goto("/")
    assert page.evaluate("typeof htmx") == "object"
    assert page.evaluate("htmx.version").startswith("2.")
    csrf = page.get_attribute("body", "hx-headers")
    assert re.fullmatch(r'\{"X-CSRFToken": "[A-Za-z0-9]{32,}"\}', csrf)

    page.click("header >> text=Log in")
    page.fill("input[name=login]", "alice@example.com")
    page.fill("input[name=password]", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(re.compile(r"/$"))
    assert page.inner_text(".user-menu summary") == "Alice"

    # Nothing overflows sideways at phone width.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    page.click(".language-switch button[value=fr]")
    page.wait_for_selector("html[lang=fr]")
    assert "Jeux de cartes de bluff" in page.inner_text("h1")

    page.click(".user-menu summary")
    page.click("text=Se déconnecter")
    page.wait_for_selector("header >> text=Se connecter")


def test_a_wrong_password_shows_an_error(page, alice):
    page.goto("/accounts/login/")
    page.fill("input[name=login]", "alice")
    page.fill("input[name=password]", "not-the-password")
    page.click("main button[type=submit]")
    page.wait_for_selector(".errorlist")
    assert page.locator(".user-menu").count() == 0
