"""Intrigue's offer form on a phone, in French: one form (amount, slot asked, what will be
sent in words), no button per amount, usable with the keyboard alone."""

import re

import pytest

from .conftest import logged_in_context
from .test_play_live import LIVE_TIMEOUT, seq_of, wait_for_seq

pytestmark = pytest.mark.e2e

PHONE = {"width": 390, "height": 844}


def test_a_petitioner_offers_with_the_one_form_in_french_on_a_phone(browser, site):
    data = site.setup("kim", "lea", "max", "--intrigue-game")
    context = logged_in_context(
        browser, site, data["sessions"]["max"], viewport=PHONE, locale="fr-FR"
    )
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"/games/{data['game']}/")
    page.wait_for_selector("[data-testid=intrigue-table]")
    form = page.locator("[data-testid=offer-form]")
    assert form.count() == 1
    # No wall of buttons: nothing in the move form offers a bribe.
    assert page.locator("form.move-form button[value*='\"offer\"']").count() == 0
    assert page.get_by_role("button", name=re.compile(r"^offer$", re.I)).count() == 0
    # Labelled fields, in French, reachable by their names.
    amount = page.get_by_label("Pot-de-vin, en milliers de ducats")
    slot = page.get_by_label("Place demandée")
    assert amount.count() == 1 and slot.count() == 1
    summary = form.locator("[data-testid=offer-summary]")
    assert summary.get_attribute("aria-live") == "polite"
    # The keyboard alone: type the amount, Tab to the slot, choose it, Tab to the button.
    amount.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "slot"
    slot.select_option("6000")
    summary_text = summary.inner_text().replace("\u202f", " ").replace("\xa0", " ")
    assert summary_text == "Offrir 3 000 ducats pour la place à 6 000 ducats"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.testid") == "offer-send"
    assert page.evaluate("document.activeElement.textContent.trim()") == "Envoyer cette offre"
    before = seq_of(page)
    page.keyboard.press("Enter")
    wait_for_seq(page, before + 1)
    row = page.locator("[data-offer=p3]")
    row.wait_for(timeout=LIVE_TIMEOUT)
    assert "3" in row.inner_text() and "6" in row.inner_text()
    # The form now revises the standing offer; the page fits the phone's width.
    assert "Revoir" in page.locator("[data-testid=offer-form] h3").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    assert errors == []
    context.close()
