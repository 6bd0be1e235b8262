"""Bot strength: seeded 4-player Complots games between bot levels, win rates with 95% CIs.

    PYTHONPATH=. python bench/bot_strength.py [--games N] [--variants base,extended] [--seed S]
        [--pairs] [--heads-up strong,bluffer] [--heads-up-games N]

Tables:
- one per pair of levels (A vs B): two seats each, the six seatings of AABB rotated game by
  game; printed is each level's share of the wins (0.50 = equal strength);
- "all": one seat of each level (four levels: a four-player table), seats rotated; printed
  is the win rate per seat of each level (0.25 = a fair share);
- "heads-up" (``--heads-up A,B``): two-player games of A against B, seats alternated;
  printed is A's share of the wins.

The time per decision of each level is printed too (p50 / p95, milliseconds).

Variants: ``base`` (the five base characters) and ``extended`` (a random Complots 2 set drawn
from each game's seed, with Saint-Barthélemy and Tyrannie). Each game's deal comes from its
seed; in a window where several bots may answer, the order in which they answer (the
"fastest" one) is drawn from a stream of the same seed. Every bot decision gets its own seed.

The games double as a property check of the engine under realistic play: after every
action the coins sum to 54 with nobody negative, every waited-for player has a legal action
and the bot's choice is one of them, a game ends within MAX_DECISIONS with exactly one winner,
the last player alive. Any violation stops the run with the game's seed.

Confidence intervals are Wilson score intervals at 95% (z = 1.96).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.bots import available_levels, get_bot  # noqa: E402
from games.engines import get_engine  # noqa: E402
from games.engines.base import SeededRandom, seed_to_key  # noqa: E402

ENGINE = get_engine("complots")
NAMES = ["alice", "bob", "carol", "dave"]
SEATINGS = ["AABB", "ABAB", "ABBA", "BBAA", "BABA", "BAAB"]
MAX_DECISIONS = 3000
Z = 1.96
VARIANTS = {
    "base": None,
    "extended": {"characters": "random", "saint_barthelemy": True, "tyrannie": True},
}


def wilson(wins: int, n: int, z: float = Z) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def check(table, where):
    total = sum(p["coins"] for p in table["players"]) + table["treasury"]
    total += table.get("hospice", 0)
    assert total == 54, f"{where}: coins sum to {total}"
    assert all(p["coins"] >= 0 for p in table["players"]), f"{where}: negative coins"
    for p in table["players"]:
        lost = sum(1 for c in p["cards"] if c["lost"])
        assert p["lives"] == len(p["cards"]) - lost, f"{where}: lives of {p['id']}"
        assert p["alive"] == (p["lives"] > 0), f"{where}: alive flag of {p['id']}"


TIMES: dict = {}  # level -> seconds per decision


def percentile(values, share):
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def play(levels: dict, options, seed: bytes) -> tuple[str, int]:
    """One game between bots (``levels``: player -> level); returns (winner, decisions)."""
    players = list(levels)
    state = ENGINE.new_game(players, options=options, seed=seed)
    order = SeededRandom(seed_to_key(b"bench order\x00" + seed))
    bots = {p: get_bot("complots", level) for p, level in levels.items()}
    where = f"levels={levels} options={options} seed={seed.hex()}"
    for step in range(MAX_DECISIONS):
        table = ENGINE.view(state, None)
        check(table, f"{where} step={step}")
        waiting = ENGINE.waiting_for(state)
        if not waiting:
            break
        player = waiting[order.below(len(waiting))]
        legal = ENGINE.legal_actions(state, player)
        assert legal and legal[-1] == {"type": "resign"}, f"{where} step={step}: {legal}"
        decision_seed = seed + step.to_bytes(4, "big")
        view = ENGINE.view(state, player)
        started = time.perf_counter()
        action = bots[player].choose(view, legal, decision_seed)
        TIMES.setdefault(levels[player], []).append(time.perf_counter() - started)
        assert any(action is a for a in legal), f"{where} step={step}: {action} not legal"
        assert action["type"] != "resign", f"{where} step={step}: a bot resigned"
        state = ENGINE.apply(state, player, action)
    else:
        raise AssertionError(f"{where}: no winner after {MAX_DECISIONS} decisions")
    outcome = ENGINE.outcome(state)
    assert outcome is not None, f"{where}: nobody waited for, but no outcome"
    living = [p["id"] for p in ENGINE.view(state, None)["players"] if p["alive"]]
    assert outcome["winners"] == living and len(living) == 1, f"{where}: {outcome} {living}"
    return outcome["winners"][0], step


def game_seed(base: str, *parts) -> bytes:
    return seed_to_key("/".join(str(p) for p in (base, *parts)))[:16]


def pair_table(a, b, games, options, base_seed, variant):
    wins = {a: 0, b: 0}
    decisions = 0
    for g in range(games):
        seating = SEATINGS[g % len(SEATINGS)]
        levels = {NAMES[i]: (a if s == "A" else b) for i, s in enumerate(seating)}
        winner, steps = play(levels, options, game_seed(base_seed, variant, a, b, g))
        wins[levels[winner]] += 1
        decisions += steps
    return wins, decisions


def heads_up(a, b, games, options, base_seed, variant):
    """Two-player games of ``a`` against ``b``, who sits first alternating."""
    wins = {a: 0, b: 0}
    for g in range(games):
        first, second = (a, b) if g % 2 == 0 else (b, a)
        levels = {NAMES[0]: first, NAMES[1]: second}
        winner, _ = play(levels, options, game_seed(base_seed, variant, "heads-up", a, b, g))
        wins[levels[winner]] += 1
    return wins


def all_table(levels, games, options, base_seed, variant):
    wins = {lv: 0 for lv in levels}
    seats = {lv: 0 for lv in levels}
    decisions = 0
    for g in range(games):
        lineup = list(levels) + [levels[g % len(levels)]] * (4 - len(levels))
        lineup = lineup[:4]
        shift = g % 4
        lineup = lineup[shift:] + lineup[:shift]
        if len(levels) >= 4 and (g // 4) % 2:
            lineup = lineup[::-1]
        table = dict(zip(NAMES[: len(lineup)], lineup, strict=True))
        for lv in lineup:
            seats[lv] += 1
        winner, steps = play(table, options, game_seed(base_seed, variant, "all", g))
        wins[table[winner]] += 1
        decisions += steps
    return wins, seats, decisions


def line(label, level, wins, n):
    low, high = wilson(wins, n)
    return f"  {label:<22} {level:<8} {wins:>6} / {n:<6} {wins / n:6.3f}  [{low:.3f}, {high:.3f}]"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1200, help="games per table (default 1200)")
    parser.add_argument("--variants", default="base,extended", help="base,extended")
    parser.add_argument("--seed", default="bot-strength", help="base seed of every game")
    parser.add_argument("--pairs", default="yes", help="play the pair tables (yes/no)")
    parser.add_argument("--heads-up", default="strong,bluffer", help="A,B (empty: none)")
    parser.add_argument("--heads-up-games", type=int, default=0, help="default: --games")
    args = parser.parse_args(argv)
    levels = available_levels("complots")
    total_games = 0
    started = time.process_time()
    for variant in args.variants.split(","):
        options = VARIANTS[variant]
        print(f"\n== {variant} ({options or 'base game'}): {args.games} games per table ==")
        print(f"  {'table':<22} {'level':<8} {'wins':>6}   {'games':<6} {'rate':>6}  95% CI")
        if args.heads_up:
            a, b = args.heads_up.split(",")
            n = args.heads_up_games or args.games
            wins = heads_up(a, b, n, options, args.seed, variant)
            print(line(f"{a} vs {b} heads-up", a, wins[a], n), flush=True)
            total_games += n
        if args.pairs == "yes":
            for a, b in combinations(levels, 2):
                wins, _ = pair_table(a, b, args.games, options, args.seed, variant)
                for lv in (a, b):
                    print(line(f"{a} vs {b} (share)", lv, wins[lv], args.games), flush=True)
                total_games += args.games
        wins, seats, _ = all_table(levels, args.games, options, args.seed, variant)
        for lv in levels:
            print(line("all (per seat)", lv, wins[lv], seats[lv]), flush=True)
        total_games += args.games
    print("\n  time per decision (ms)   p50      p95")
    for lv, times in TIMES.items():
        p50, p95 = percentile(times, 0.5) * 1000, percentile(times, 0.95) * 1000
        print(f"  {lv:<22} {p50:8.2f} {p95:8.2f}")
    spent = time.process_time() - started
    print(f"\n{total_games} games, invariants held; {spent:.1f} s CPU")


if __name__ == "__main__":
    main()
