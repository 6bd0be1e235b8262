"""The chat stays open once the game is over (the players talk over the reveal), and a
player out of the game (eliminated, or who left) may still talk."""

import random

import pytest

from games.engines import get_engine
from games.table import services
from games.table.models import ChatMessage, Game
from tests.table.factories import make_game, users
from tests.table.helpers import play_randomly
from tests.table.web_helpers import url

pytestmark = pytest.mark.django_db


def test_the_chat_stays_open_after_the_end(client):
    players = users("alice", "bob", "carol")
    game = play_randomly(make_game(players, kind="complots"), rng=random.Random(5))
    assert game.status == Game.Status.FINISHED
    for user in players:
        services.chat_post(game_id=game.pk, user=user, text=f"gg from {user.username}")
    assert ChatMessage.objects.filter(game=game).count() == 3
    client.force_login(players[1])
    html = client.get(url("detail", game)).content.decode()
    assert 'class="chat-form"' in html and f'action="/games/{game.pk}/chat/"' in html
    assert "gg from alice" in html


def test_an_eliminated_player_may_still_chat(client):
    players = users("alice", "bob", "carol")
    game = make_game(players, kind="complots")
    engine_game = game
    engine = get_engine("complots")
    # play until someone is out while the game goes on
    rng = random.Random(11)
    out = None
    for _ in range(400):
        engine_game.refresh_from_db()
        if engine_game.status != Game.Status.RUNNING:
            break
        state = engine.load(engine_game.state)
        alive = {p["id"] for p in engine.view(state, None)["players"] if p.get("alive")}
        gone = [s for s in engine_game.seats.select_related("user") if s.player_id not in alive]
        if gone:
            out = gone[0]
            break
        player = rng.choice(engine.waiting_for(state))
        user = next(s.user for s in engine_game.seats.all() if s.player_id == player)
        action = rng.choice(engine.legal_actions(state, player))
        if action.get("type") == "resign":
            continue
        services.action_submit(
            game_id=game.pk, user=user, action=action, expected_seq=engine_game.state_seq
        )
    assert out is not None and engine_game.status == Game.Status.RUNNING
    client.force_login(out.user)
    assert 'class="chat-form"' in client.get(url("detail", game)).content.decode()
    services.chat_post(game_id=game.pk, user=out.user, text="still here")
    assert ChatMessage.objects.filter(game=game, user=out.user, text="still here").exists()
