"""Latency of the platform's hot paths on a throwaway test database.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench python bench/platform_actions.py
    python bench/platform_actions.py --games 20          # SQLite

Creates a test database (like the test runner, then destroys it), plays random 4-player
Complots games through `games.table.services.action_submit` and prints, per call: median and
95th percentile in milliseconds, for `action_submit` (lock, engine, event, cache, seats,
the deadlines bookkeeping the services call), `game_view` (the page's data for one player) and
`game_version` (the polling query). The deadlines' countdown timer tasks are switched off:
the test settings run Celery tasks eagerly, which would time the task, not the platform.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.test_settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402

NAMES = ["alice", "bob", "carol", "dave"]


def percentiles(samples):
    ms = sorted(s * 1000 for s in samples)
    return statistics.median(ms), ms[int(len(ms) * 0.95) - 1]


def run(games: int, seed: int) -> None:
    from django.contrib.auth import get_user_model

    from games.clock import bookkeeping
    from games.engines import get_engine
    from games.table import selectors, services
    from games.table.models import Game

    bookkeeping.TIMER_MAX_COUNTDOWN = -1  # no countdown tasks (see the docstring)
    rng = random.Random(seed)
    users = [get_user_model().objects.create_user(name) for name in NAMES]
    engine = get_engine("complots")
    timings = {"action_submit": [], "game_view": [], "game_version": []}
    for _ in range(games):
        game = services.game_create(host=users[0], kind="complots", max_seats=4)
        for user in users[1:]:
            services.seat_join(game_id=game.pk, user=user)
        services.game_start(game_id=game.pk, user=users[0])
        by_player = {s.player_id: s.user for s in game.seats.all()}
        while True:
            game.refresh_from_db()
            if game.status != Game.Status.RUNNING:
                break
            state = engine.load(game.state)
            player = rng.choice(engine.waiting_for(state))
            user = by_player[player]
            start = time.perf_counter()
            selectors.game_view(game_id=game.pk, user=user)
            timings["game_view"].append(time.perf_counter() - start)
            start = time.perf_counter()
            selectors.game_version(game_id=game.pk)
            timings["game_version"].append(time.perf_counter() - start)
            # resign is always listed: leave it out so games are played to their end
            action = rng.choice(
                [a for a in engine.legal_actions(state, player) if a["type"] != "resign"]
            )
            start = time.perf_counter()
            services.action_submit(
                game_id=game.pk, user=user, action=action, expected_seq=game.state_seq
            )
            timings["action_submit"].append(time.perf_counter() - start)
    print(f"database: {connection.vendor}, games: {games}, moves: {len(timings['action_submit'])}")
    for name, samples in timings.items():
        median, p95 = percentiles(samples)
        print(f"{name:14s} median {median:7.2f} ms   p95 {p95:7.2f} ms   n={len(samples)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args.games, args.seed)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
