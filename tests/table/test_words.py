"""The platform's own sentences: French elision before a name, "you" for oneself."""

from __future__ import annotations

import pytest

from games.table.sentences import named
from tests.table.factories import make_game, users
from tests.table.web_helpers import url

pytestmark = pytest.mark.django_db


def test_french_elides_before_a_vowel_and_keeps_de_before_a_consonant():
    assert named("Waiting for %(names)s", "fr", names="Alice") == "En attente d’Alice"
    assert named("Waiting for %(names)s", "fr", names="Bob") == "En attente de Bob"
    assert named("Waiting for %(names)s", "en", names="Alice") == "Waiting for Alice"


def test_the_player_waited_for_reads_you(client):
    game = make_game(users("alice", "bob"), kind="complots")
    waited = {s.player_id: s.user for s in game.seats.select_related("user")}
    from games.engines import get_engine

    engine = get_engine("complots")
    mover = waited[engine.waiting_for(engine.load(game.state))[0]]
    other = next(u for u in waited.values() if u != mover)
    client.force_login(mover)
    assert "Waiting for you" in client.get(url("detail", game)).content.decode()
    client.force_login(other)
    html = client.get(url("detail", game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    expected = "En attente d’alice" if mover.username == "alice" else "En attente de bob"
    assert expected in html


def test_an_aborted_game_has_no_turn_or_deciding_badge(client):
    from games.table.models import Game

    game = make_game(users("alice", "bob"), kind="complots")
    client.force_login(game.seats.first().user)
    before = client.get(url("detail", game)).content.decode()
    assert "badge-turn" in before or "badge-wait" in before
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    html = client.get(url("detail", game)).content.decode()
    assert "badge-turn" not in html and "badge-wait" not in html


def test_a_player_out_of_the_game_has_no_standing_orders(client):
    from games.table.models import Seat

    game = make_game(users("alice", "bob", "carol"), kind="complots")
    seat = game.seats.select_related("user").last()
    client.force_login(seat.user)
    assert "Standing orders" in client.get(url("detail", game)).content.decode()
    Seat.objects.filter(pk=seat.pk).update(status=Seat.Status.LEFT)
    assert "Standing orders" not in client.get(url("detail", game)).content.decode()
