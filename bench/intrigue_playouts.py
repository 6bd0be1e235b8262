"""Random playouts of Intrigue: games and decisions per second at 3, 4 and 5 players.

    PYTHONPATH=. python bench/intrigue_playouts.py [--seconds N] [--seed S]

Two ways of playing each row, timed in CPU time of this process (``time.process_time``):

- "random": at each decision, one player drawn uniformly among ``waiting_for`` (the host and
  the petitioners still bargaining act in any order), then one of that player's
  ``legal_actions`` uniformly. A petitioner lists every offer (amounts 0..money/1000 x the
  slots they may ask for) and ``done``, so this row pays for building those lists; the host
  ends a stage by deciding, which lets the unaccepted offers lapse.
- "timeouts": every decision is ``default_action`` (petitioners ``done``, the host refuses
  and places by the fixed rule): the shortest game, what a table of absent players plays.

Every action goes through ``apply``, which validates it, as the web platform drives a game.
The random source of the *players* is Python's ``random`` (seeded); the engine draws
nothing at random.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines import get_engine  # noqa: E402

PLAYER_COUNTS = (3, 4, 5)
NAMES = ["alice", "bob", "carol", "dave", "erin"]


def random_game(engine, players, rng):
    state = engine.new_game(players)
    decisions = 0
    while True:
        waiting = engine.waiting_for(state)
        if not waiting:
            assert engine.outcome(state)["winners"], "a finished game has winners"
            return decisions
        player = waiting[rng.randrange(len(waiting))] if len(waiting) > 1 else waiting[0]
        legal = engine.legal_actions(state, player)[:-1]  # never the resignation (last)
        state = engine.apply(state, player, legal[rng.randrange(len(legal))])
        decisions += 1


def timeout_game(engine, players, rng):
    state = engine.new_game(players)
    decisions = 0
    while True:
        waiting = engine.waiting_for(state)
        if not waiting:
            return decisions
        player = waiting[0]
        state = engine.apply(state, player, engine.default_action(state, player))
        decisions += 1


def run(play, engine, count, seconds, rng):
    players = NAMES[:count]
    games = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        decisions += play(engine, players, rng)
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games, decisions, now - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time budget per row")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random players")
    parser.add_argument("--warmup", type=float, default=0.3, help="warm-up seconds per row")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    engine = get_engine("intrigue")
    header = f"{'game':<22}{'games/s':>10}{'decisions/s':>13}{'d/game':>9}{'games':>8}"
    print(f"Intrigue playouts, {args.seconds:g} s of CPU per row (+ warm-up)")
    print(header)
    print("-" * len(header))
    for label, play in (("random", random_game), ("timeouts", timeout_game)):
        for count in PLAYER_COUNTS:
            rng = random.Random(f"{args.seed}/{label}/{count}")
            run(play, engine, count, args.warmup, rng)
            games, decisions, seconds = run(play, engine, count, args.seconds, rng)
            print(
                f"{label + f', {count} players':<22}{games / seconds:>10,.1f}"
                f"{decisions / seconds:>13,.0f}{decisions / games:>9,.1f}{games:>8,}"
            )


if __name__ == "__main__":
    main()
