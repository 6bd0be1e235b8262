"""The lobby's "Create a game" form in Debian's Chromium: games/js/lobby.js shows Complots'
characters and extensions for Complots only, the seat range of the chosen game, and keeps
the seat choice within it; what it hides is not posted."""

import re

import pytest
from django.test import Client

from games.table.models import Game

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

COMPLOTS_ONLY = [
    ".form-row-characters",
    ".form-row-saint_barthelemy",
    ".form-row-tyrannie",
    "fieldset.clan-choice",
]


def log_in(page, live_server, user):
    client = Client()
    client.force_login(user)
    cookie = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])


def visible(page, selector):
    return page.locator(selector).is_visible()


def test_the_form_shows_what_applies_to_the_chosen_game(page, live_server, alice):
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    log_in(page, live_server, alice)
    page.goto("/games/")
    form = page.locator("[data-testid=create-form]")
    seats = form.locator("select[name=max_seats]")
    # Complots first: its fields and its seat range only.
    assert all(visible(page, s) for s in COMPLOTS_ONLY)
    assert form.locator("[data-testid=seat-ranges] li:visible").all_inner_texts() == [
        "Complots: 2 to 8 players"
    ]
    assert seats.locator("option:disabled").all_inner_texts() == ["1"]

    page.select_option("select[name=kind]", "regicide")
    assert not any(visible(page, s) for s in COMPLOTS_ONLY)
    assert form.locator("[data-testid=seat-ranges] li:visible").all_inner_texts() == [
        "Regicide: 1 to 4 players"
    ]
    assert seats.locator("option:disabled").all_inner_texts() == ["5", "6", "7", "8"]
    assert seats.input_value() == "4"
    page.select_option("select[name=max_seats]", "1")

    # Intrigue takes 3 to 5 players: the solo seat count moves up to 3.
    page.select_option("select[name=kind]", "intrigue")
    assert not any(visible(page, s) for s in COMPLOTS_ONLY)
    assert seats.input_value() == "3"
    assert form.locator("[data-testid=seat-ranges] li:visible").all_inner_texts() == [
        "Intrigue: 3 to 5 players"
    ]

    page.select_option("select[name=kind]", "complots")
    assert all(visible(page, s) for s in COMPLOTS_ONLY)
    assert form.locator("select[name=characters]").is_enabled()

    # A Regicide table: the hidden Complots fields are not posted.
    page.select_option("select[name=kind]", "regicide")
    page.select_option("select[name=max_seats]", "2")
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    game = Game.objects.get()
    assert (game.kind, game.max_seats, game.options) == ("regicide", 2, {})
    assert errors == []
