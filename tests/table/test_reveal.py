"""The end-of-game reveal: built from the log once the game is over, never before."""

from __future__ import annotations

import random

import pytest
from django.core.cache import cache

from games.engines import get_engine
from games.table.descriptors import descriptor_for
from games.table.models import Event, Game
from games.table.reveal import game_reveal, replay_steps
from tests.table.factories import make_game, users
from tests.table.finished_games import finished_game
from tests.table.web_helpers import play_step, url

pytestmark = pytest.mark.django_db


def chooser(seed):
    rng = random.Random(seed)

    def choose(legal):
        moves = [a for a in legal if a.get("type") != "resign"] or legal
        return rng.choice(moves)

    return choose


@pytest.fixture(autouse=True)
def _clear_cache():
    cache.clear()
    yield
    cache.clear()


def finished(kind, names, seed=3, **kwargs):
    return finished_game(kind, names, seed=seed, **kwargs)


def test_steps_replay_every_event_with_every_view():
    game = finished("complots", ["alice", "bob", "carol"])
    steps = replay_steps(game, list(game.events.select_related("seat").order_by("seq")))
    assert steps[0].kind == "start" and steps[-1].seq == game.state_seq
    players = {s.player_id for s in game.seats.all()}
    assert set(steps[-1].views) == players | {None}
    # the public log lines, numbered one way: each step's lines follow the ones before
    pairs = zip(steps, steps[1:], strict=False)
    assert all(b.number == a.number + len(a.entries) for a, b in pairs)


@pytest.mark.parametrize("kind", ["intrigue", "regicide"])
def test_each_view_is_computed_when_read_and_is_the_engines_view_then(kind, monkeypatch):
    game = finished(kind, ["alice", "bob", "carol"])
    events = list(game.events.select_related("seat").order_by("seq"))
    engine = get_engine(kind)
    calls = []
    view = engine.view
    monkeypatch.setattr(
        engine,
        "view",
        lambda state, player: calls.append((id(state), player)) or view(state, player),
    )
    steps = replay_steps(game, events)
    # the spectator's view only, which gives each step's lines
    assert [player for _state, player in calls] == [None] * len(steps)
    descriptor_for(kind).reveal(steps=steps, names={})
    # A player's view only where the reveal reads one (Intrigue: at a round's end; Regicide:
    # when an enemy arrives), never all of them, and none computed twice.
    assert len(calls) < len(steps) * 4
    assert len(set(calls)) == len(calls)
    # A view read late is the one the engine gave at that step, before and after the event.
    state = None
    for event, step in zip(events, steps, strict=True):
        before = state
        if event.kind == Event.Kind.START:
            state = engine.new_game(
                event.action["players"], options=game.options, seed=bytes.fromhex(game.seed)
            )
        else:
            state = engine.apply(state, event.seat.player_id, event.action)
        for player in step.views:
            assert step.views[player] == view(state, player)
            if before is not None:
                assert step.before[player] == view(before, player)
    with pytest.raises(KeyError):
        steps[-1].views["nobody"]


def test_complots_reveal_marks_claims_and_reads(client):
    game = finished("complots", ["alice", "bob", "carol"], seed=5)
    client.force_login(game.seats.first().user)
    html = client.get(url("detail", game)).content.decode()
    assert 'data-testid="reveal"' in html
    assert "Successful bluffs" in html and "Caught bluffs" in html and "Good reads" in html
    assert "Cards through the game" in html
    assert ("— <strong>true</strong>" in html) or ("— <strong>bluff</strong>" in html)
    replay = client.get(url("replay", game) + "?step=1").content.decode()
    assert 'data-testid="reveal"' in replay


def test_reveal_in_french(client):
    game = finished("complots", ["alice", "bob", "carol"], seed=5)
    client.force_login(game.seats.first().user)
    html = client.get(url("detail", game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Bluffs réussis" in html


def test_no_reveal_before_the_end(client):
    game = make_game(users("alice", "bob", "carol"), kind="complots")
    for _ in range(6):
        play_step(game, chooser(1))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert game_reveal(game, names={}, lang="en") == ""
    for seat in game.seats.select_related("user"):
        client.force_login(seat.user)
        html = client.get(url("detail", game)).content.decode()
        assert 'data-testid="reveal"' not in html
        assert "Successful bluffs" not in html


def test_aborted_game_has_no_reveal():
    game = make_game(users("alice", "bob"), kind="complots")
    Game.objects.filter(pk=game.pk).update(status=Game.Status.ABORTED)
    game.refresh_from_db()
    assert game_reveal(game, names={}, lang="en") == ""


def test_intrigue_reveal_draws_money_and_promises(client):
    game = finished("intrigue", ["alice", "bob", "carol"], seed=5)
    client.force_login(game.seats.first().user)
    html = client.get(url("detail", game)).content.decode()
    assert 'data-testid="reveal-chart"' in html and "<svg" in html
    assert "Bribes paid" in html and "Bribes received" in html
    assert "Promises" in html


def test_regicide_reveal_shows_health_and_damage(client):
    game = finished("regicide", ["alice", "bob"], seed=5)
    client.force_login(game.seats.first().user)
    html = client.get(url("detail", game)).content.decode()
    assert "Who dealt what" in html and "Damage dealt" in html
    assert "Jack of" in html


def test_finished_page_reads_the_reveal_from_the_cache(client, django_assert_max_num_queries):
    game = finished("complots", ["alice", "bob", "carol"], seed=5)
    client.force_login(game.seats.first().user)
    first = client.get(url("detail", game)).content.decode()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as second:
        again = client.get(url("detail", game)).content.decode()
    assert first.count('data-testid="reveal"') == again.count('data-testid="reveal"') == 1
    assert not any("table_event" in q["sql"] and "ORDER BY" in q["sql"] for q in second)
