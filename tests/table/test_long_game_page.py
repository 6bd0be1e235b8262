"""A long game's pages cost what a short one's do: the game page of a version already
shown reads neither the game's state (which holds the whole log) nor its log, and the
lobby never reads the states of the games it lists."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.engines import get_engine
from games.table import story

from .factories import NAMES, make_game
from .test_query_budgets import patient, play_moves
from .web_helpers import url

pytestmark = pytest.mark.django_db

STATE_COLUMN = '"games_game"."state"'


@pytest.fixture
def people(make_user):
    return [make_user(name, display_name=name.title()) for name in NAMES]


@pytest.fixture(autouse=True)
def short_tail(monkeypatch):
    """Logs cut to their newest 40 entries (a panel shows 30): long games of 100 moves."""
    monkeypatch.setattr(story, "TAIL_ENTRIES", 40)


def engine_calls(monkeypatch, kind) -> list:
    """The names of the engine's methods called from now on (load, view, legal actions)."""
    engine = get_engine(kind)
    calls = []
    for name in ("load", "view", "legal_actions"):
        method = getattr(engine, name)

        def counted(*args, _name=name, _method=method, **kwargs):
            calls.append(_name)
            return _method(*args, **kwargs)

        monkeypatch.setattr(engine, name, counted)
    return calls


def endless(legal, rng):
    """Complots that never ends: the Ambassadeur's exchange claimed, every window passed."""
    for action in legal:
        if action.get("type") == "power" and action.get("character") == "ambassadeur":
            return action
    for kind in ("pass", "exchange"):
        for action in legal:
            if action.get("type") == kind:
                return action
    return patient(legal, rng)


def test_a_version_already_shown_reads_neither_the_state_nor_the_log(client, people, monkeypatch):
    rng = random.Random(3)
    short = play_moves(make_game(people[:3], kind="complots"), 10, rng, patient)
    long = play_moves(make_game(people[:3], kind="complots"), 100, rng, endless)
    assert long.state_seq > 90 and long.status == "running"
    assert len(long.state["log"]) > story.TAIL_ENTRIES  # the page holds the newest ones
    client.force_login(people[1])
    pages = {}
    calls = engine_calls(monkeypatch, "complots")
    for game in (short, long):
        path = url("detail", game)
        first = client.get(path)  # the version's first page: the engine is asked once
        assert "load" in calls
        del calls[:]
        with CaptureQueriesContext(connection) as ctx:
            again = client.get(path)
        assert again.status_code == 200
        assert again.content == first.content.replace(  # the same page, its token aside
            first.context["csrf_token"].encode(), again.context["csrf_token"].encode()
        ) or again.content.count(b"<li") == first.content.count(b"<li")
        assert calls == [], calls
        assert not [q["sql"] for q in ctx.captured_queries if STATE_COLUMN in q["sql"]]
        pages[game.pk] = len(ctx)
    assert pages[short.pk] == pages[long.pk], pages
    total = long.state_seq  # the long game's panel links to its whole log
    assert b'data-testid="full-log"' in client.get(url("detail", long)).content and total


def test_the_whole_log_stays_on_its_own_page(client, people):
    rng = random.Random(4)
    game = play_moves(make_game(people[:3], kind="complots"), 100, rng, endless)
    client.force_login(people[0])
    client.get(url("detail", game))  # the version's newest lines kept for the pages
    engine = get_engine("complots")
    whole = engine.view(engine.load(game.state), "p1")["log"]
    response = client.get(reverse("games:log", args=[game.pk]) + "?page=1000")
    assert response.status_code == 200
    assert b'<li value="1">' in response.content  # the oldest page, from the first line
    assert response.context["page"].paginator.count >= len(whole) > story.TAIL_ENTRIES


def test_the_lobby_never_reads_the_games_states(client, people):
    rng = random.Random(5)
    play_moves(make_game(people[:3], kind="complots"), 20, rng, patient)
    make_game(people[:3], kind="complots", start=False)
    client.force_login(people[0])
    client.get("/games/")
    with CaptureQueriesContext(connection) as ctx:
        response = client.get("/games/")
    assert response.status_code == 200
    assert not [q["sql"] for q in ctx.captured_queries if STATE_COLUMN in q["sql"]]
