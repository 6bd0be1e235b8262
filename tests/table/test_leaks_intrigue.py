"""LEAK TEST, Intrigue: seeded random games played through the services; at every step the
pages, fragments, change notices and mails served to each player (and to a spectator) are
exactly the same whatever the other players' money is, and show only the viewer's own
(`data-money`), until the final scores show everyone's.

Indistinguishability is checked directly: each page is rendered, then rendered again with
every other player's money changed in the stored state; the two must be identical.
"""

import os
import random
import re

import pytest
from django.test import Client

from games.mail.models import MailRecord
from games.mail.rendering import mail_render
from games.table import services
from games.table.models import Game

from .factories import NAMES, UserFactory, make_game
from .web_helpers import engine_state, url

pytestmark = pytest.mark.django_db

GAMES = int(os.environ.get("LEAK_GAMES_INTRIGUE", "4"))
MAX_STEPS = 3000
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"|"X-CSRFToken": "[^"]*"')
MONEY = re.compile(r'data-money="([^"]*)"')


@pytest.fixture(autouse=True)
def fast_client(monkeypatch):
    monkeypatch.setattr("django.test.client.store_rendered_templates", lambda *a, **k: None)


REVEAL = 'data-testid="reveal"'


def pages(client, game, *, full):
    out = {}
    for name in ("detail", "chat") if full else ("panel",):
        response = client.get(url(name, game))
        assert response.status_code == 200
        out[name] = CSRF.sub("", response.content.decode())
    return out


def diff(a, b):
    import difflib

    return "\n".join(difflib.unified_diff(a.splitlines(), b.splitlines(), lineterm="", n=0))


def with_others_money(game, viewer_index, rng):
    """The stored state with every other player's money changed (whole thousands)."""
    state = dict(game.state)
    money = list(state["money"])
    for i in range(len(money)):
        if i != viewer_index:
            money[i] = rng.randrange(0, 80) * 1000
    state["money"] = money
    return state


def check_everyone(clients, game, rng, *, full):
    game.refresh_from_db()
    over = game.status == Game.Status.FINISHED
    original = game.state
    players = list(game.state["players"])
    for player, client in [*clients.items(), (None, Client())]:
        served = pages(client, game, full=full)
        shown = [m for html in served.values() for m in MONEY.findall(html)]
        # the end-of-game reveal (everyone's money through the game) only once it is over
        assert all((REVEAL in html) == (over and name != "chat") for name, html in served.items())
        if over:
            assert set(shown) == {"final"}
        elif player is None:
            assert shown == []
        else:
            assert set(shown) == {player}, (player, shown)
        if over:
            continue
        viewer_index = players.index(player) if player else -1
        Game.objects.filter(pk=game.pk).update(state=with_others_money(game, viewer_index, rng))
        try:
            again = pages(client, game, full=full)
            for name, html in served.items():
                assert again[name] == html, (player, game.state_seq, diff(html, again[name]))
        finally:
            Game.objects.filter(pk=game.pk).update(state=original)


def check_mails(game, rng):
    """The mails rendered for the game's players carry no money of anybody."""
    game.refresh_from_db()
    records = list(MailRecord.objects.filter(game=game).select_related("user", "game"))
    assert records  # turn mails per stage, the game over
    for record in records:
        rendered = mail_render(record)
        Game.objects.filter(pk=game.pk).update(state=with_others_money(game, -1, rng))
        try:
            record.game.refresh_from_db()
            assert mail_render(record) == rendered
        finally:
            Game.objects.filter(pk=game.pk).update(state=game.state)


def choose(rng, engine, state, player):
    """A random move, biased to end stages: a quarter of the time the timeout's move."""
    if rng.random() < 0.25:
        return engine.default_action(state, player)
    legal = [a for a in engine.legal_actions(state, player) if a["type"] != "resign"]
    decisions = [a for a in legal if a["type"] not in ("offer",)]
    if decisions and rng.random() < 0.6:
        return rng.choice(decisions)
    return rng.choice(legal)


@pytest.mark.parametrize(
    "seed", [pytest.param(s, marks=[pytest.mark.slow] if s >= 2 else []) for s in range(GAMES)]
)
def test_no_page_or_mail_depends_on_the_others_money(seed, django_capture_on_commit_callbacks):
    rng = random.Random(seed)
    count = rng.choice([3, 4, 5])
    users = [UserFactory(username=name) for name in NAMES[:count]]
    game = make_game(
        users,
        kind="intrigue",
        min_seats=count,
        max_seats=count,
        time_control="corr-1d",
    )
    clients = {}
    for seat in game.seats.select_related("user"):
        client = Client()
        client.force_login(seat.user)
        clients[seat.player_id] = client
    by_player = {s.player_id: s.user for s in game.seats.all()}
    checks = 0
    for step in range(MAX_STEPS):
        engine, state = engine_state(game)
        if game.status != Game.Status.RUNNING:
            break
        if step % 7 == 0:
            check_everyone(clients, game, rng, full=step % 21 == 0)
            checks += 1
        player = rng.choice(engine.waiting_for(state))
        if rng.random() < 0.05:
            services.chat_post(
                game_id=game.pk, user=by_player[player], text=f"psst {step}", to=None
            )
        with django_capture_on_commit_callbacks(execute=False):
            services.action_submit(
                game_id=game.pk,
                user=by_player[player],
                action=choose(rng, engine, state, player),
                expected_seq=game.state_seq,
            )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, f"seed {seed}: not over after {MAX_STEPS}"
    check_everyone(clients, game, rng, full=True)
    check_mails(game, rng)
    assert checks > 5
