"""The lobby's "Create a game" form tells which fields apply to which game (Complots'
characters and extensions) and how many players each game takes, for games/js/lobby.js to
show only what applies; the markup needs no inline script, handler or style (a Content
Security Policy is coming). Without the script every field shows and is posted: the server
ignores what does not apply to the chosen game."""

import re

import pytest
from django.urls import reverse

from games.table.models import Game
from games.table.services import seat_range

pytestmark = pytest.mark.django_db


def create_form(client, user):
    client.force_login(user)
    html = client.get(reverse("games:lobby")).content.decode()
    start = html.index('data-testid="create-form"')
    return html, html[start : html.index("</form>", start)]


def test_the_complots_only_fields_are_marked_and_the_others_apply_to_every_game(client, alice):
    _html, form = create_form(client, alice)
    marked = dict(re.findall(r'class="form-row form-row-(\w+)"(?: data-games="([^"]*)")?', form))
    assert marked == {
        "kind": "",
        "max_seats": "",
        "characters": "complots",
        "saint_barthelemy": "complots",
        "tyrannie": "complots",
        "visibility": "",
        "time_control": "",
        "auto_start": "",
        "rated": "complots intrigue",
    }
    assert re.search(r'<fieldset class="clan-choice" data-games="complots">', form)


def test_each_game_has_its_seat_range_from_its_engine(client, alice):
    _html, form = create_form(client, alice)
    ranges = {
        kind: (int(low), int(high))
        for kind, low, high in re.findall(
            r'data-seats-for="(\w+)" data-min="(\d+)" data-max="(\d+)"', form
        )
    }
    for kind in ("complots", "intrigue", "regicide"):
        assert ranges[kind] == seat_range(kind)
    assert ranges["regicide"] == (1, 4)
    assert "Regicide: 1 to 4 players" in form
    low, high = seat_range("intrigue")
    assert f"Intrigue: {low} to {high} players" in form


def test_the_script_is_a_file_and_the_form_has_no_inline_code(client, alice):
    html, form = create_form(client, alice)
    assert '<script src="/static/games/js/lobby.js" defer></script>' in html
    scripts = re.findall(r"<script\b[^>]*>", html)
    assert scripts and all("src=" in tag for tag in scripts)  # no inline script
    assert not re.search(r"\son[a-z]+=", form) and " style=" not in form


def test_without_the_script_the_complots_fields_posted_with_regicide_are_ignored(client, alice):
    client.force_login(alice)
    data = {
        "kind": "regicide",
        "max_seats": "3",
        "characters": "chosen",  # and no clan chosen: Complots would refuse it
        "saint_barthelemy": "on",
        "tyrannie": "on",
        "visibility": "public",
        "time_control": "live",
    }
    response = client.post(reverse("games:create"), data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert (game.kind, game.max_seats, game.options) == ("regicide", 3, {})


def test_the_script_posts_no_complots_field_for_another_game(client, alice):
    client.force_login(alice)
    data = {"kind": "intrigue", "max_seats": "4", "visibility": "public", "time_control": "live"}
    assert client.post(reverse("games:create"), data).status_code == 302
    data = {"kind": "complots", "max_seats": "4", "visibility": "public", "time_control": "live"}
    assert client.post(reverse("games:create"), data).status_code == 302  # the base game
    assert [(g.kind, g.options) for g in Game.objects.order_by("pk")] == [
        ("intrigue", {}),
        ("complots", {}),
    ]


def test_a_seat_count_outside_the_games_range_is_refused_with_the_range(client, alice):
    client.force_login(alice)
    data = {"kind": "regicide", "max_seats": "6", "characters": "base"}
    data |= {"visibility": "public", "time_control": "live"}
    response = client.post(reverse("games:create"), data)
    assert response.status_code == 400 and not Game.objects.exists()
    assert "Regicide is played by 1 to 4 players." in response.content.decode()


def test_the_unbound_form_is_rendered_once_per_language_and_matches_a_fresh_rendering(
    client, alice
):
    from django.template.loader import render_to_string
    from django.utils import translation

    from games.table.forms import GameCreateForm
    from games.table.views import lobby

    lobby._FORM_FIELDS_HTML.clear()
    _html, english = create_form(client, alice)
    client.cookies["django_language"] = "fr"
    _html, french = create_form(client, alice)
    assert len(lobby._FORM_FIELDS_HTML) == 2
    assert "Seats" in english and "Places" in french
    for lang, form in (("en", english), ("fr", french)):
        with translation.override(lang):
            fresh = render_to_string("games/_create_form_fields.html", {"form": GameCreateForm()})
        assert fresh.strip() in form
    # the CSRF token is the request's own, outside the cached fields
    assert 'name="csrfmiddlewaretoken"' in english
    assert all("csrfmiddlewaretoken" not in html for html in lobby._FORM_FIELDS_HTML.values())


def test_a_refused_form_shows_its_own_values_and_errors_not_the_cached_fields(client, alice):
    client.force_login(alice)
    create_form(client, alice)  # the cache is warm
    response = client.post(
        reverse("games:create"),
        {"kind": "complots", "max_seats": "99", "visibility": "public", "time_control": "x"},
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "errorlist" in html
