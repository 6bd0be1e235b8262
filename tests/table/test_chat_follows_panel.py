"""The chat form follows the panel: a page open since the waiting room gets the game's own
chat form with the panel that shows the start (Regicide's phrases, Intrigue's private
lines), the phrases' numbers follow every change, and a phrase posts what its button showed
or is refused as stale."""

import json
import re

import pytest
from django.test import Client

from games.table import services
from games.table.models import ChatMessage

from .factories import make_game
from .regicide_helpers import TRIO_HANDS
from .web_helpers import url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def logged(user):
    client = Client()
    client.force_login(user)
    return client


def chat_form(html):
    """The chat form the fragment brings out of band (None without one)."""
    found = re.search(r'<div id="chat-form"[^>]*hx-swap-oob="true"[^>]*>(.*?)\n</div>', html, re.S)
    return found.group(1) if found else None


def open_then_start(users, kind, options=None):
    """A table whose host's page was opened in the waiting room, alone; then the others
    join and the game starts."""
    host, *others = users
    game = services.game_create(
        host=host, kind=kind, options=options, min_seats=3, max_seats=3, allow_setup=True
    )
    waiting = logged(host).get(url("detail", game)).content.decode()
    for user in others:
        services.seat_join(game_id=game.pk, user=user)
    services.game_start(game_id=game.pk, user=host)
    return game, waiting


def test_regicide_the_panel_of_the_start_brings_the_phrases(players):
    users = players(3)
    setup = {"setup": {"hands": TRIO_HANDS, "castle": ["JS"]}}
    game, waiting = open_then_start(users, "regicide", setup)
    assert 'class="chat-form"' in waiting  # free text in the waiting room
    panel = logged(users[0]).get(url("panel", game), **HTMX).content.decode()
    form = chat_form(panel)
    assert form is not None, "the panel brings the chat form"
    assert 'class="chat-form"' not in form and 'data-testid="chat-phrases"' in form
    assert 'value="hand:6"' in form and "I have 6 cards in hand." in form


def test_intrigue_the_panel_of_the_start_brings_the_private_lines(players):
    users = players(3)
    game, waiting = open_then_start(users, "intrigue")
    assert 'data-testid="chat-to"' not in waiting
    panel = logged(users[0]).get(url("panel", game), **HTMX).content.decode()
    form = chat_form(panel)
    assert form is not None and 'data-testid="chat-to"' in form
    assert 'value="p2"' in form and 'value="p3"' in form and 'value="p1"' not in form


def test_regicide_phrase_numbers_follow_the_game_and_a_stale_one_is_refused(players):
    users = players(3)
    game = make_game(
        users,
        kind="regicide",
        options={"setup": {"hands": TRIO_HANDS, "castle": ["JS"]}},
        min_seats=3,
        max_seats=3,
    )
    alice = logged(users[0])
    form = chat_form(alice.get(url("panel", game), **HTMX).content.decode())
    assert 'value="hand:6"' in form
    # alice plays a card: her panel's phrase says 5 now, without anyone chatting
    response = alice.post(
        url("act", game),
        {"action": json.dumps({"type": "play", "cards": ["2C"]}), "expected_seq": 1},
        **HTMX,
    )
    form = chat_form(response.content.decode())
    assert 'value="hand:5"' in form and "I have 5 cards in hand." in form
    # the button shown before the move: refused, with a clear message; nothing posted
    reply = alice.post(url("chat", game), {"phrase": "hand:6"}, **HTMX).content.decode()
    assert "changed since this phrase was shown" in reply
    assert ChatMessage.objects.count() == 0
    alice.post(url("chat", game), {"phrase": "hand:5"}, **HTMX)
    assert [m.phrase for m in ChatMessage.objects.all()] == [{"key": "hand", "n": 5}]
