"""LEAK TEST: seeded random Complots games played through the services; at every step, every
page, fragment and change notice served to each player (and to a spectator) shows exactly the
cards that player's engine view allows, and no face-down card of anybody else.

Cards are checked as card elements (`data-card="<slug>|hidden" data-owner="<player>"`), not
as names: the aid cards and buttons name every character in play anyway.
"""

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

GAMES = int(os.environ.get("LEAK_GAMES", "100"))
MAX_STEPS = 400
REVEAL = 'data-testid="reveal"'
CARD = re.compile(r'data-card="([^"]*)" data-owner="([^"]*)"')


def served_cards(html):
    return Counter(CARD.findall(html))


def allowed_cards(view):
    """The card elements a page built from `view` must show: every player's cards as the
    view has them, plus the viewer's private cards."""
    expected = Counter()
    for player in view["players"]:
        for card in player["cards"]:
            expected[(card["character"] or "hidden", player["id"])] += 1
    private = view.get("private") or {}
    for slug in private.get("drawn") or []:
        expected[(slug, "drawn")] += 1
    for slug in private.get("pile") or []:
        expected[(slug, "pile")] += 1
    if isinstance(private.get("shown"), dict):
        expected[(private["shown"]["character"], "shown")] += 1
    if private.get("shown_by_me"):
        expected[(private["shown_by_me"], "shown_by_me")] += 1
    return expected


def public_cards_of_others(spectator_view, viewer):
    """What anyone may see of the other players' cards: the spectator's view of them."""
    public = Counter()
    for player in spectator_view["players"]:
        if player["id"] == viewer:
            continue
        for card in player["cards"]:
            public[(card["character"] or "hidden", player["id"])] += 1
    return public


def random_options(rng, players):
    options = {}
    roll = rng.random()
    if roll < 0.4:
        options["characters"] = "random"
    elif roll < 0.6:
        options["characters"] = [
            rng.choice(clan)
            for clan in (
                ["duchesse", "illusionniste", "ursuline"],
                ["assassin", "bourreau", "maitre_chanteur"],
                ["comtesse", "sorciere", "croque_mort"],
                ["capitaine", "justicier", "pape"],
                ["ambassadeur", "inquisiteur", "espion"],
            )
        ]
    if rng.random() < 0.3:
        options["saint_barthelemy"] = True
    if rng.random() < 0.3:
        options["tyrannie"] = True
    return options


PRIVATE_LINE = re.compile(r"<li>([^<]*\(only you know this\)[^<]*)</li>")


def private_lines_allowed(game, view, player):
    """The private log lines a player's page may show: their own view's, nobody else's,
    among the newest lines the panel shows (the whole log is on the log page)."""
    from games.engines.complots import describe
    from games.table.views.names import seat_names
    from games.table.views.table import PANEL_LOG_LINES

    names = seat_names(list(game.seats.select_related("user")))
    return sorted(
        describe(e, "en", names=names)
        for e in view["log"][-PANEL_LOG_LINES:]
        if "only" in e and e["only"] == player
    )


def check_everyone(clients, game, engine, state, spectator, *, full_page):
    if game.status == Game.Status.FINISHED:
        return check_finished(clients, game, engine, state, spectator)
    spectator_view = engine.view(state, None)
    for player, client in [*clients.items(), (None, spectator)]:
        view = engine.view(state, player)
        name = "detail" if full_page else "panel"
        response = client.get(url(name, game))
        assert response.status_code == 200
        served = served_cards(response.content.decode())
        assert served == allowed_cards(view), (player, game.state_seq)
        # the end-of-game reveal is built and shown only once the game is over
        assert REVEAL not in response.content.decode(), (player, game.state_seq)
        if full_page:  # the log: a player's own private lines, nobody else's
            import html as htmllib

            lines = sorted(
                htmllib.unescape(t) for t in PRIVATE_LINE.findall(response.content.decode())
            )
            assert lines == private_lines_allowed(game, view, player), (player, game.state_seq)
        others = Counter(
            {
                k: v
                for k, v in served.items()
                if k[1] not in (player, "drawn", "pile", "shown", "shown_by_me")
            }
        )
        assert others == public_cards_of_others(spectator_view, player), (player, game.state_seq)
        if player is None:
            assert not any(
                owner in ("drawn", "pile", "shown", "shown_by_me") for _, owner in served
            )
    # The change notice (polling) carries numbers only.
    response = spectator.get(url("changed", game), {"since": -1})
    assert response.content == b""
    assert set(json.loads(response["HX-Trigger"])["game-changed"]) == {"seq", "rev"}


def check_finished(clients, game, engine, state, spectator):
    """Once over, everyone sees every player's cards (each player's own view of them)."""
    expected = Counter()
    for player in engine.view(state, None)["players"]:
        own = next(
            p for p in engine.view(state, player["id"])["players"] if p["id"] == player["id"]
        )
        for card in own["cards"]:
            expected[(card["character"], player["id"])] += 1
    for client in [*clients.values(), spectator]:
        response = client.get(url("detail", game))
        assert response.status_code == 200
        served = served_cards(response.content.decode())
        assert served == expected
        assert REVEAL in response.content.decode()


@pytest.fixture(autouse=True)
def fast_client(monkeypatch):
    """The test client copies every template context it renders (for response.context);
    this test reads only the HTML, so it skips that bookkeeping."""
    monkeypatch.setattr("django.test.client.store_rendered_templates", lambda *a, **k: None)


@pytest.mark.parametrize(
    "seed",
    [pytest.param(seed, marks=[pytest.mark.slow] if seed >= 5 else []) for seed in range(GAMES)],
)
def test_no_page_shows_a_hidden_card(seed):
    rng = random.Random(seed)
    count = rng.choice([2, 2, 3, 3, 4, 5, 6])
    users = [UserFactory(username=name) for name in NAMES[:count]]
    options = random_options(rng, count)
    game = make_game(users, kind="complots", options=options, min_seats=count, max_seats=count)
    clients = {}
    for seat in game.seats.select_related("user"):
        client = Client()
        client.force_login(seat.user)
        clients[seat.player_id] = client
    by_player = {s.player_id: s.user for s in game.seats.all()}
    spectator = Client()
    for step in range(MAX_STEPS):
        engine, state = engine_state(game)
        check_everyone(clients, game, engine, state, spectator, full_page=step % 10 == 0)
        if game.status != Game.Status.RUNNING:
            break
        player = rng.choice(engine.waiting_for(state))
        action = rng.choice(engine.legal_actions(state, player))
        services.action_submit(
            game_id=game.pk, user=by_player[player], action=action, expected_seq=game.state_seq
        )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, f"seed {seed}: not over after {MAX_STEPS} steps"
    # Once over, the replay shows every card, and only then.
    response = spectator.get(url("replay", game), {"step": 2})
    assert response.status_code == 200
