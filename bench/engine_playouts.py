"""Random playouts: our Complots engine against `coupml` (PyPI), side by side.

    python bench/engine_playouts.py [--seconds N] [--seed S]

Both engines play uniformly random legal games for the same time budget per row (after a
warm-up), in alternating slices so that a busy machine slows both alike, and both are timed
in CPU time of this process (``time.process_time``), not wall time. Printed: games/s,
decisions/s (one decision = one applied action), decisions per game, and ours/coupml.

"Uniformly random legal play":
- ours: at each decision, one player is drawn uniformly among ``waiting_for`` (several may
  be waited for in a response window), then one of that player's ``legal_actions``
  uniformly, except ``resign`` (always listed last; coupml has no resignation, and drawing
  it would end most games early). Every action goes through the public contract
  (``legal_actions`` + ``apply``, which validates it) exactly as the web platform drives
  a game.
- coupml: ``Coup(n, rng)``, then ``rng.choice(get_legal_actions())`` for
  ``player_to_act()`` until ``is_game_over()`` -- the loop of its README. coupml serialises
  response windows (every living player answers a challenge in turn), so both engines count
  a decision per player answer. coupml has no two-player variant (it deals two cards from
  15) while ours plays the rules' two-player setup (``choose``).

The extra row plays a random Complots 2 character set (``characters="random"``) with
Saint-Barthélemy and Tyrannie (ours only). The random source of the *players* is Python's
``random`` (seeded): it drives the benchmark, not the engine, whose chance comes from each
game's seed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engines import get_engine  # noqa: E402

PLAYER_COUNTS = (2, 4, 6)
SLICES = 4  # alternate ours / coupml this many times per row
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]


class Tally:
    def __init__(self):
        self.games = 0
        self.decisions = 0
        self.seconds = 0.0

    def add(self, games, decisions, seconds):
        self.games += games
        self.decisions += decisions
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


def ours_game(engine, players, options, rng):
    state = engine.new_game(players, options=options, seed=rng.getrandbits(64))
    decisions = 0
    while True:
        waiting = engine.waiting_for(state)
        if not waiting:
            assert engine.outcome(state)["winners"], "a finished game has a winner"
            return decisions
        player = waiting[rng.randrange(len(waiting))] if len(waiting) > 1 else waiting[0]
        legal = engine.legal_actions(state, player)
        # ``resign`` is always the last legal action: never drawn, like coupml (no resign)
        state = engine.apply(state, player, legal[rng.randrange(len(legal) - 1)])
        decisions += 1


def run_ours(engine, count, options, seconds, rng):
    players = NAMES[:count]
    games = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        decisions += ours_game(engine, players, options, rng)
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games, decisions, now - start


# --- coupml ------------------------------------------------------------------------------------


class CoupmlRandom:
    """The ``np_random`` coupml expects (choice, shuffle, rand) on a seeded ``random.Random``.

    coupml calls ``choice(len(items))`` for an index (numpy's int form) and ``shuffle(list)``.
    """

    def __init__(self, rng):
        self._rng = rng

    def choice(self, items):
        if isinstance(items, int):
            return self._rng.randrange(items)
        return items[self._rng.randrange(len(items))]

    def shuffle(self, items):
        self._rng.shuffle(items)

    def rand(self):
        return self._rng.random()


def coupml_game(coup_class, count, np_random):
    coup = coup_class(count, np_random)
    coup.init_game()
    decisions = 0
    while not coup.is_game_over():
        actions = coup.get_legal_actions()
        coup.play_action(np_random.choice(actions))
        decisions += 1
    # like with like: a complete game, one living winner (checked once per game)
    winner = coup.game.state.winning_player
    assert winner is not None and coup.game.is_alive(winner), "coupml game without a winner"
    return decisions


def run_coupml(coup_class, count, seconds, rng):
    np_random = CoupmlRandom(rng)
    games = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        decisions += coupml_game(coup_class, count, np_random)
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games, decisions, now - start


# --- the table ---------------------------------------------------------------------------------


def fmt(value, width=10, digits=0):
    return f"{value:>{width},.{digits}f}"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time budget per engine/row")
    parser.add_argument("--seed", type=int, default=2024, help="seed of the random players")
    parser.add_argument("--warmup", type=float, default=0.5, help="warm-up seconds per row")
    args = parser.parse_args(argv)
    if args.seconds <= 0:
        parser.error("--seconds must be positive")

    engine = get_engine("complots")
    try:
        from coupml import Coup
    except ImportError:  # the dev extra installs it; say so instead of failing
        Coup = None
        print("coupml is not installed (pip install coupml==0.1.1): ours only.\n")

    rows = []
    for count in PLAYER_COUNTS:
        rng_ours = random.Random(f"{args.seed}/ours/{count}")
        rng_theirs = random.Random(f"{args.seed}/coupml/{count}")
        run_ours(engine, count, None, args.warmup, rng_ours)
        if Coup is not None:
            run_coupml(Coup, count, args.warmup, rng_theirs)
        ours, theirs = Tally(), Tally()
        for _ in range(SLICES):
            ours.add(*run_ours(engine, count, None, args.seconds / SLICES, rng_ours))
            if Coup is not None:
                theirs.add(*run_coupml(Coup, count, args.seconds / SLICES, rng_theirs))
        rows.append((f"base, {count} players", ours, theirs if Coup is not None else None))

    extended = {"characters": "random", "saint_barthelemy": True, "tyrannie": True}
    for count in PLAYER_COUNTS:
        rng_ours = random.Random(f"{args.seed}/extended/{count}")
        run_ours(engine, count, extended, args.warmup, rng_ours)
        tally = Tally()
        for _ in range(SLICES):
            tally.add(*run_ours(engine, count, extended, args.seconds / SLICES, rng_ours))
        rows.append((f"C2 random + SB + Tyr, {count}p", tally, None))

    header = (
        f"{'game':<28}{'ours g/s':>10}{'ours d/s':>11}{'d/game':>8}"
        f"{'coupml g/s':>12}{'coupml d/s':>12}{'d/game':>8}{'g/s ratio':>11}{'d/s ratio':>11}"
    )
    print(f"Uniformly random legal play, {args.seconds:g} s per engine per row (+ warm-up)")
    print(header)
    print("-" * len(header))
    for label, ours, theirs in rows:
        line = (
            f"{label:<28}{fmt(ours.games_per_s)}{fmt(ours.decisions_per_s, 11)}"
            f"{fmt(ours.decisions_per_game, 8, 1)}"
        )
        if theirs is not None:
            line += (
                f"{fmt(theirs.games_per_s, 12)}{fmt(theirs.decisions_per_s, 12)}"
                f"{fmt(theirs.decisions_per_game, 8, 1)}"
                f"{fmt(ours.games_per_s / theirs.games_per_s, 11, 2)}"
                f"{fmt(ours.decisions_per_s / theirs.decisions_per_s, 11, 2)}"
            )
        else:
            line += f"{'-':>12}{'-':>12}{'-':>8}{'-':>11}{'-':>11}"
        print(line)
    print(
        "\nratio = ours / coupml (above 1: ours is faster). Games played: "
        + ", ".join(f"{label}: {ours.games}" for label, ours, _ in rows)
    )


if __name__ == "__main__":
    main()
