"""The per-game mute on the game page: a seated player with a push device mutes and unmutes
the game's notifications there, with htmx (the form is swapped) or without JavaScript."""

import pytest
from django.urls import reverse

from games.push.models import PushSettings
from tests.clock.helpers import start_game

pytestmark = pytest.mark.django_db


def muted(user, game) -> bool:
    return PushSettings.objects.filter(user=user, muted_games=game).exists()


def test_a_seated_player_with_a_device_mutes_and_unmutes_from_the_game_page(
    client, alice, bob, subscribe
):
    subscribe(bob)
    game = start_game([alice, bob])
    page_url = reverse("games:detail", args=[game.pk])
    mute_url = reverse("push:mute", args=[game.pk])
    client.force_login(bob)
    html = client.get(page_url).content.decode()
    assert 'data-testid="push-mute"' in html and "Mute notifications of this game" in html
    assert f'hx-post="{mute_url}"' in html and 'name="csrfmiddlewaretoken"' in html
    # htmx: the form comes back in its new state.
    response = client.post(mute_url, {"place": "game", "muted": "1"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and muted(bob, game)
    assert "Unmute" in response.content.decode()
    assert "Unmute" in client.get(page_url).content.decode()
    # Without JavaScript: back to the game page.
    response = client.post(mute_url, {"place": "game", "muted": "0"})
    assert response.status_code == 302 and response["Location"] == page_url
    assert not muted(bob, game)
    # The notifications page's own form still goes back there.
    response = client.post(mute_url, {"muted": "1"})
    assert response["Location"] == reverse("push:devices") and muted(bob, game)


def test_no_form_without_a_device_nor_for_a_spectator_and_in_french(
    client, alice, bob, carol, subscribe
):
    subscribe(carol)
    game = start_game([alice, bob])
    page_url = reverse("games:detail", args=[game.pk])
    client.force_login(alice)  # seated, no device
    assert 'data-testid="push-mute"' not in client.get(page_url).content.decode()
    client.force_login(carol)  # a device, no seat
    response = client.get(page_url)
    assert response.status_code in (200, 403)
    assert 'data-testid="push-mute"' not in response.content.decode()
    assert client.post(reverse("push:mute", args=[game.pk]), {"muted": "1"}).status_code == 404
    subscribe(bob)
    client.force_login(bob)
    html = client.get(page_url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Couper les notifications de cette partie" in html
