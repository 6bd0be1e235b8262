"""Random playouts: our Regicide engine against `regicide` (PyPI, Rust), side by side.

    python bench/regicide_playouts.py [--seconds N] [--seed S]

Both engines play uniformly random legal games at 1, 2, 3 and 4 players for the same time
budget per row (after a warm-up), in alternating slices so that a busy machine slows both
alike, and both are timed in CPU time of this process (``time.process_time``), not wall
time. Printed: games/s, decisions/s and decisions per game for ours, games/s for the
reference, and ours/reference (the issue's target is at least 0.25 at every count).

"Uniformly random legal play":
- ours: ``waiting_for`` (always one player in Regicide), then one of that player's
  ``legal_actions`` uniformly. Every action goes through the public contract
  (``new_game``, ``legal_actions`` + ``apply``, which checks it) exactly as the web
  platform drives a game. A step-4 discard draws among the minimal covers that
  ``legal_actions`` lists (see the engine's docstring).
- regicide (PyPI): ``RegicideGame([RandomPlayer(), ...]).playout()``, its own random
  players in Rust, the whole game in one call (it exposes no per-decision loop, so its
  decisions are not counted). Its random players draw from its own list of actions,
  whose discards are not ours: game lengths are comparable, not equal. It panics now and
  then (its random player finds no action to take: a loss it does not detect); such a game
  counts as a lost game and the panics are reported.

The random source of *our* players is Python's ``random`` (seeded): it drives the
benchmark, not the engine, whose chance comes from each game's seed. A player picks
``legal[int(random() * len(legal))]``: ``randrange`` would cost the harness (not the
engine) a few per cent of a game. It is as uniform up to the 53 bits of ``random()``: each
action's chance is off by the order of ``len(legal) / 2**53`` (relative), and the product
never rounds up to ``len(legal)``. The Rust engine seeds itself (its games are not
reproducible from here).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines import get_engine  # noqa: E402

PLAYER_COUNTS = (1, 2, 3, 4)
SLICES = 4  # alternate ours / reference this many times per row
NAMES = ["alice", "bob", "carol", "dave"]


class Tally:
    def __init__(self):
        self.games = 0
        self.decisions = 0
        self.wins = 0
        self.seconds = 0.0

    def add(self, games, decisions, wins, seconds):
        self.games += games
        self.decisions += decisions
        self.wins += wins
        self.seconds += seconds

    @property
    def games_per_s(self):
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_s(self):
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_game(self):
        return self.decisions / self.games if self.games else 0.0


# --- ours --------------------------------------------------------------------------------------


def ours_game(engine, players, rng):
    """One random game; returns (decisions, won)."""
    state = engine.new_game(players, seed=rng.getrandbits(64))
    decisions = 0
    waiting_for, legal_actions, apply = engine.waiting_for, engine.legal_actions, engine.apply
    random = rng.random
    while True:
        waiting = waiting_for(state)
        if not waiting:
            return decisions, bool(engine.outcome(state)["winners"])
        player = waiting[0]
        legal = legal_actions(state, player)
        state = apply(state, player, legal[int(random() * len(legal))])
        decisions += 1


def run_ours(engine, count, seconds, rng):
    players = NAMES[:count]
    games = decisions = wins = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        played, won = ours_game(engine, players, rng)
        decisions += played
        wins += won
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games, decisions, wins, now - start


# --- the reference: regicide (PyPI) ------------------------------------------------------------


PANICS = [0]


def run_reference(module, count, seconds):
    game_class, random_player = module.RegicideGame, module.players.RandomPlayer
    games = wins = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        game = game_class([random_player() for _ in range(count)])
        try:
            result = game.playout()
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException:  # pyo3's PanicException is a BaseException
            # its random player found no action (a hand it cannot play, a loss it does not
            # see): the game is over, lost; counted as a game played
            PANICS[0] += 1
            result = "Lost"
        wins += "Won" in str(result)
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games, 0, wins, now - start


# --- the table ---------------------------------------------------------------------------------


def fmt(value, width=10, digits=0):
    return f"{value:>{width},.{digits}f}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="time budget per engine/row")
    parser.add_argument("--seed", type=int, default=2024, help="seed of our random players")
    parser.add_argument("--warmup", type=float, default=0.5, help="warm-up seconds per row")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    engine = get_engine("regicide")
    os.environ["RUST_BACKTRACE"] = "0"  # a rare panic of the reference: one line, no trace
    try:
        import regicide as reference
    except ImportError:  # the dev extra installs it; say so instead of failing
        reference = None
        print("regicide (PyPI) is not installed (pip install regicide==0.1.5): ours only.\n")

    rows = []
    for count in PLAYER_COUNTS:
        rng = random.Random(f"{args.seed}/ours/{count}")
        run_ours(engine, count, args.warmup, rng)
        if reference is not None:
            run_reference(reference, count, args.warmup)
        ours, theirs = Tally(), Tally()
        for _ in range(SLICES):
            ours.add(*run_ours(engine, count, args.seconds / SLICES, rng))
            if reference is not None:
                theirs.add(*run_reference(reference, count, args.seconds / SLICES))
        rows.append((count, ours, theirs if reference is not None else None))

    header = (
        f"{'players':<9}{'ours g/s':>10}{'ours d/s':>11}{'d/game':>8}{'won':>6}"
        f"{'rust g/s':>11}{'won':>6}{'g/s ratio':>11}"
    )
    print(f"Uniformly random legal play, {args.seconds:g} s per engine per row (+ warm-up)")
    print(header)
    print("-" * len(header))
    for count, ours, theirs in rows:
        line = (
            f"{count:<9}{fmt(ours.games_per_s)}{fmt(ours.decisions_per_s, 11)}"
            f"{fmt(ours.decisions_per_game, 8, 1)}{ours.wins:>6}"
        )
        if theirs is not None:
            line += (
                f"{fmt(theirs.games_per_s, 11)}{theirs.wins:>6}"
                f"{fmt(ours.games_per_s / theirs.games_per_s, 11, 2)}"
            )
        else:
            line += f"{'-':>11}{'-':>6}{'-':>11}"
        print(line)
    print(
        "\nratio = ours / regicide (PyPI, Rust); above 1: ours is faster. Games played: "
        + ", ".join(f"{count}p: {ours.games}" for count, ours, _ in rows)
    )
    if PANICS[0]:
        print(f"The reference panicked in {PANICS[0]} game(s) (counted as lost games).")


if __name__ == "__main__":
    main()
