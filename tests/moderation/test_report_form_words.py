"""The report form: the reported message quoted, no empty "Player" box, a way back."""

import pytest
from django.urls import reverse

from games.table import services

pytestmark = pytest.mark.django_db


def _report_url(game):
    return reverse("moderation:report", args=[game.pk])


def test_the_form_quotes_the_reported_message(client, game, bob, alice):
    insult = services.chat_post(game_id=game.pk, user=alice, text="You are an idiot")
    client.force_login(bob)
    html = client.get(_report_url(game), {"message": insult.pk}).content.decode()
    quote = html.split('data-testid="report-quote"', 1)[1].split("</blockquote>", 1)[0]
    assert "You are an idiot" in quote and "alice" in quote.lower()
    assert 'name="player"' not in html


def test_a_reported_player_is_named_and_no_box_is_left_empty(client, game, bob, alice):
    client.force_login(bob)
    html = client.get(_report_url(game), {"player": "alice"}).content.decode()
    assert 'data-testid="report-player-name"' in html
    assert '<input type="hidden" name="player" value="alice">' in html
    general = client.get(_report_url(game)).content.decode()
    assert '<select id="report-player-' in general and 'value="alice"' in general
    assert '<input id="report-player-' not in general
    assert 'value="bob"' not in general.split('name="player"', 1)[1].split("</select>")[0]


def test_the_thank_you_links_back_to_the_game(client, game, bob):
    client.force_login(bob)
    response = client.post(
        _report_url(game),
        {"category": "stalling", "player": "alice"},
        headers={"HX-Request": "true"},
    )
    assert f'href="/games/{game.pk}/"' in response.content.decode()
