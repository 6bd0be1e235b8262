import pytest
from django.urls import reverse

from .factories import make_game

pytestmark = pytest.mark.django_db


def test_smoke(client, alice, bob):
    game = make_game([alice, bob])
    client.force_login(alice)
    r = client.get(reverse("games:detail", args=[game.pk]))
    print(r.content.decode()[-6000:])
    assert r.status_code == 200
    r = client.get(reverse("games:lobby"))
    assert r.status_code == 200
