"""LEAK TEST, Regicide: seeded random games at 1-4 players played through the services; at
every step every page, panel, chat fragment and change notice served to each player and to
a spectator shows exactly the cards that viewer's engine view allows: their own hand face
up, the other hands as backs (their size is public), the enemy and the plays against it.
Once the game is over every hand is shown. The chat phrases offered are built from the
viewer's own view and never name a card."""

import json
import os
import random
import re
from collections import Counter

import pytest
from django.test import Client

from games.table import services
from games.table.models import Game

from .factories import NAMES, UserFactory, make_game
from .web_helpers import engine_state, url

pytestmark = pytest.mark.django_db

GAMES = int(os.environ.get("LEAK_GAMES", "8"))
MAX_STEPS = 400
CARD = re.compile(r'data-card="([^"]*)" data-owner="([^"]*)"')
CARD_NAME = re.compile(r"\b(?:[2-9]|10|Ace|Jack|Queen|King) of (?:Hearts|Diamonds|Clubs|Spades)\b")


def served_cards(html):
    return Counter(CARD.findall(html))


def allowed_cards(view, *, everything=None):
    expected = Counter()
    if view["enemy"]:
        expected[(view["enemy"]["card"], "enemy")] += 1
    for play in view["table"]:
        for card in play["cards"]:
            expected[(card, "table")] += 1
    for player in view["players"]:
        hand = (everything or {}).get(player["id"], player["hand"])
        if hand is None:
            expected[("hidden", player["id"])] += player["hand_size"]
        else:
            for card in hand:
                expected[(card, player["id"])] += 1
    return expected


@pytest.fixture(autouse=True)
def fast_client(monkeypatch):
    monkeypatch.setattr("django.test.client.store_rendered_templates", lambda *a, **k: None)


REVEAL = 'data-testid="reveal"'


def check_everyone(clients, spectator, game, engine, state, step):
    over = game.status == Game.Status.FINISHED
    hands = None
    if over:
        hands = {
            p["id"]: next(q for q in engine.view(state, p["id"])["players"] if q["id"] == p["id"])[
                "hand"
            ]
            for p in engine.view(state, None)["players"]
        }
    for player, client in [*clients.items(), (None, spectator)]:
        view = engine.view(state, player)
        expected = allowed_cards(view, everything=hands)
        for name in ("detail", "panel") if step % 7 == 0 or over else ("panel",):
            html = client.get(url(name, game)).content.decode()
            assert served_cards(html) == expected, (player, name, game.state_seq)
            # the end-of-game reveal (every hand at each enemy's arrival) only at the end
            assert (REVEAL in html) == over, (player, name, game.state_seq)
        chat = client.get(url("chat", game)).content.decode()
        assert not CARD.findall(chat) and not CARD_NAME.search(chat)
    response = spectator.get(url("changed", game), {"since": -1})
    assert response.content == b""
    assert set(json.loads(response["HX-Trigger"])["game-changed"]) == {"seq", "rev"}


@pytest.mark.parametrize(
    "seed",
    [pytest.param(seed, marks=[pytest.mark.slow] if seed >= 4 else []) for seed in range(GAMES)],
)
def test_no_regicide_page_shows_another_hand(seed):
    rng = random.Random(seed)
    count = seed % 4 + 1
    users = [UserFactory(username=name) for name in NAMES[:count]]
    game = make_game(users, kind="regicide", min_seats=1, max_seats=count)
    clients = {}
    for seat in game.seats.select_related("user"):
        client = Client()
        client.force_login(seat.user)
        clients[seat.player_id] = client
    by_player = {s.player_id: s.user for s in game.seats.all()}
    spectator = Client()
    for step in range(MAX_STEPS):
        engine, state = engine_state(game)
        check_everyone(clients, spectator, game, engine, state, step)
        if game.status != Game.Status.RUNNING:
            break
        player = engine.waiting_for(state)[0]
        if rng.random() < 0.1:  # the players talk, with the phrases offered to them
            phrases = re.findall(
                r'name="phrase" value="([^"]+)"',
                clients[player].get(url("panel", game)).content.decode(),
            )
            try:
                services.chat_post(
                    game_id=game.pk, user=by_player[player], phrase=rng.choice(phrases)
                )
            except services.RateLimited:
                pass
        action = rng.choice(engine.legal_actions(state, player))
        services.action_submit(
            game_id=game.pk, user=by_player[player], action=action, expected_seq=game.state_seq
        )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, f"seed {seed}: not over after {MAX_STEPS} steps"
