"""The chat of an Intrigue game: public, or a private line between two players, read by
those two only (and by moderators, in the admin)."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.table import services
from games.table.models import ChatMessage
from games.table.services import ChatInvalid

from .factories import UserFactory, make_game
from .web_helpers import url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table():
    users = [UserFactory(username=n) for n in ("alice", "bob", "carol")]
    game = make_game(users, kind="intrigue", min_seats=3, max_seats=3)
    clients = {}
    for user in users:
        client = Client()
        client.force_login(user)
        clients[user.username] = client
    return game, users, clients


def test_a_private_line_is_read_by_the_two_players_only(table):
    game, (alice, bob, carol), clients = table
    services.chat_post(game_id=game.pk, user=alice, text="Everyone: hello")
    services.chat_post(game_id=game.pk, user=alice, text="Bob: 5000 and my vote", to="p2")
    for name, sees in [("alice", True), ("bob", True), ("carol", False)]:
        for page in ("detail", "chat"):
            html = clients[name].get(url(page, game)).content.decode()
            assert "Everyone: hello" in html
            assert ("5000 and my vote" in html) is sees, (name, page)
    spectator = Client().get(url("detail", game)).content.decode()
    assert "Everyone: hello" in spectator and "5000 and my vote" not in spectator
    html = clients["bob"].get(url("chat", game)).content.decode()
    assert "to bob, privately" in html


def test_the_chat_form_offers_private_lines_to_the_other_players(table):
    game, _users, clients = table
    html = clients["bob"].get(url("detail", game)).content.decode()
    assert 'name="to"' in html and 'value="p1"' in html and 'value="p3"' in html
    assert 'value="p2"' not in html.split('name="to"')[1].split("</select>")[0]
    response = clients["bob"].post(url("chat", game), {"text": "psst", "to": "p3"}, **HTMX)
    assert response.status_code == 200 and "psst" in response.content.decode()
    message = ChatMessage.objects.get(text="psst")
    assert message.recipient.username == "carol"
    assert "psst" not in clients["alice"].get(url("chat", game)).content.decode()


@pytest.mark.parametrize("to", ["p2", "p9", "alice"])
def test_a_private_line_goes_to_another_player_of_the_game(table, to):
    game, (_alice, bob, _carol), _clients = table
    with pytest.raises(ChatInvalid):
        services.chat_post(game_id=game.pk, user=bob, text="hm", to=to)
    assert not ChatMessage.objects.exists()


def test_games_without_private_lines_refuse_them():
    users = [UserFactory(username=n) for n in ("alice", "bob")]
    game = make_game(users, kind="complots")
    with pytest.raises(ChatInvalid):
        services.chat_post(game_id=game.pk, user=users[0], text="hm", to="p2")
    html = Client().get(url("detail", game)).content.decode()
    assert 'name="to"' not in html


def test_moderators_read_private_lines_in_the_admin(table):
    game, (alice, _bob, _carol), _clients = table
    services.chat_post(game_id=game.pk, user=alice, text="a whispered threat", to="p3")
    admin = get_user_model().objects.create_superuser("mod", "mod@example.com", "pw")
    client = Client()
    client.force_login(admin)
    html = client.get("/admin/games/chatmessage/").content.decode()
    assert "a whispered threat" in html and "carol" in html
