"""The deadline rule over random games of every kind and time control, driven through the
services with the time frozen and moved on: every new decision starts with exactly its whole
time (a turn's, or a window's for a response window), and a decision that goes on (the same
engine `decision_id`: a window where players pass, an Intrigue stage's bargaining) keeps its
deadline. A short run here; thousands of games in the slow tier."""

import os
import random
from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games.engines import get_engine
from games.table.models import Game
from games.table.services import action_submit, game_create, game_start, seat_join

pytestmark = pytest.mark.django_db

KINDS = {"complots": (2, 6), "regicide": (1, 4), "intrigue": (3, 5)}
TIME_CONTROLS = ["live", "corr-1d", "corr-3d"]


def new_table(users, kind, time_control, rng):
    low, high = KINDS[kind]
    players = users[: rng.randint(low, high)]
    game = game_create(
        host=players[0],
        kind=kind,
        options={},
        time_control=time_control,
        min_seats=len(players),
        max_seats=len(players),
    )
    for user in players[1:]:
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=players[0])
    return Game.objects.get(pk=game.pk), {f"p{i}": u for i, u in enumerate(players, start=1)}


def whole_time(game, engine, state):
    seconds = game.window_seconds if engine.in_window(state) else game.turn_seconds
    return timedelta(seconds=seconds)


def play_random_game(users, kind, time_control, seed, max_moves):
    rng = random.Random(f"{kind}:{time_control}:{seed}")
    engine = get_engine(kind)
    checked = {"new": 0, "kept": 0}
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        game, seats = new_table(users, kind, time_control, rng)
        state = engine.load(game.state)
        assert game.deadline_at == timezone.now() + whole_time(game, engine, state)
        for _move in range(max_moves):
            if game.status != Game.Status.RUNNING:
                break
            before_id, before_deadline = engine.decision_id(state), game.deadline_at
            before_waiting = set(engine.waiting_for(state))
            player = rng.choice(sorted(before_waiting))
            legal = [a for a in engine.legal_actions(state, player) if a["type"] != "resign"]
            action = dict(rng.choice(legal))
            left = (game.deadline_at - timezone.now()).total_seconds()
            traveller.shift(timedelta(seconds=rng.uniform(0, min(left - 1, 3 * 3600))))
            action_submit(
                game_id=game.pk,
                user=seats[player],
                action=action,
                expected_seq=game.state_seq,
            )
            game = Game.objects.get(pk=game.pk)
            state = engine.load(game.state)
            if game.status != Game.Status.RUNNING:
                assert game.deadline_at is None
                break
            waiting = set(engine.waiting_for(state))
            goes_on = engine.decision_id(state) == before_id
            context = f"{kind} {time_control} seed {seed}: {player} {action}"
            if goes_on:
                assert game.deadline_at == before_deadline, context
                checked["kept"] += 1
            else:
                assert game.deadline_at == timezone.now() + whole_time(game, engine, state), context
                checked["new"] += 1
            if action["type"] == "pass" and waiting and waiting < before_waiting:
                assert goes_on, f"a pass that leaves the window open keeps it: {context}"
    return checked


@pytest.fixture
def users(make_user):
    return [make_user(f"player{i}") for i in range(1, 7)]


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("time_control", ["live", "corr-1d"])
def test_every_new_decision_gets_its_whole_time(users, kind, time_control):
    totals = {"new": 0, "kept": 0}
    for seed in range(4):
        checked = play_random_game(users, kind, time_control, seed, max_moves=30)
        totals = {k: totals[k] + checked[k] for k in totals}
    assert totals["new"] > 10


@pytest.mark.slow
@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("time_control", TIME_CONTROLS)
def test_every_new_decision_gets_its_whole_time_over_many_games(users, kind, time_control):
    # Each game goes through the services and the database: CI's slow tier plays 12 games
    # of each kind and time control (108 games); CLOCK_PROPERTY_GAMES=112 plays 1,008.
    totals = {"new": 0, "kept": 0}
    for seed in range(4, 4 + int(os.environ.get("CLOCK_PROPERTY_GAMES", 12))):
        checked = play_random_game(users, kind, time_control, seed, max_moves=150)
        totals = {k: totals[k] + checked[k] for k in totals}
    assert totals["new"]
    assert totals["kept"] or kind == "regicide"  # every Regicide move is a new decision
