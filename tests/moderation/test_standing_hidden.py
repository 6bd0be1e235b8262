"""A moderator without moderation.view_hidden_information never learns which moves standing
orders played, nor a seat's standing orders (an order such as "block Foreign Aid with the
Duchesse" tells what its owner holds); one with it sees both."""

import pytest
from django.test import Client
from django.urls import reverse

from games.table import services
from games.table.models import Event

pytestmark = pytest.mark.django_db

HANDS = {"p1": ["capitaine", "assassin"], "p2": ["duchesse", "assassin"]}


def _game_with_orders(alice, bob, carol):
    game = services.game_create(
        host=alice,
        kind="complots",
        options={"setup": {"hands": HANDS}},
        min_seats=3,
        max_seats=3,
        time_control="corr-1d",
        allow_setup=True,
    )
    for user in (bob, carol):
        services.seat_join(game_id=game.pk, user=user)
    services.game_start(game_id=game.pk, user=alice)
    services.standing_orders_set(
        game_id=game.pk, user=carol, orders=["never_challenge", "block_foreign_aid"]
    )
    services.action_submit(  # carol's never_challenge passes at once
        game_id=game.pk,
        user=alice,
        action={"type": "power", "character": "capitaine", "target": "p2"},
        expected_seq=1,
    )
    assert Event.objects.filter(game=game, reason="standing").exists()
    return game


def _pages(client, game):
    carol_seat = game.seats.get(player_id="p3")
    urls = [
        reverse("admin:games_game_change", args=[game.pk]),
        reverse("admin:games_game_timeline", args=[game.pk]),
        reverse("admin:games_event_changelist") + f"?q={game.pk}",
        reverse("admin:games_seat_change", args=[carol_seat.pk]),
    ]
    urls += [
        reverse("admin:games_event_change", args=[e.pk]) for e in game.events.order_by("seq")
    ]
    pages = []
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        pages.append(response.content.decode())
    return "\n".join(pages)


def test_a_moderator_without_the_permission_sees_no_standing_orders(
    moderator, seer, alice, bob, carol
):
    game = _game_with_orders(alice, bob, carol)
    client = Client()
    client.force_login(moderator)
    html = _pages(client, game)
    assert "standing" not in html.lower()
    assert "block_foreign_aid" not in html and "never_challenge" not in html
    # nor by filtering the event list on the reason
    listing = client.get(reverse("admin:games_event_changelist") + "?reason=standing")
    assert listing.status_code != 200 or str(game.pk) not in listing.content.decode()
    seer_client = Client()
    seer_client.force_login(seer)
    html = _pages(seer_client, game)
    assert "standing" in html and "block_foreign_aid" in html
