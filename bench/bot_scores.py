"""Regicide and Intrigue bots, measured: seeded games against the baselines.

    PYTHONPATH=. python bench/bot_scores.py [--regicide N] [--intrigue N] [--seed S]
        [--regicide-rows "strong:200,100,100,100;standard;default;random"] [--budget 200]
        [--progress 20]

Regicide (cooperative): every seat played by one policy, at 1, 2, 3 and 4 players, the
same seeded deals for each policy (``--regicide-rows``: the policies, each with its games
per player count, N each by default). Printed per row: the win rate with its 95% Wilson
interval, the mean number of enemies defeated (of 12) and the time per bot move (p50 /
p95, wall clock). Policies: ``strong`` (the searching bot, ``--budget`` playouts a move:
the site's ``BOT_SEARCH_PLAYOUTS``), ``standard`` (the greedy bot), ``default`` (the
engine's timeout move at every decision), ``random`` (a uniform legal action, from a
stream of the game's seed). The rows are played round-robin, one game of each in turn;
``--progress K`` prints the running figures every K rounds (a long run of the strong bot
takes hours on a busy machine: stopped early, it still has figures for every row).

Intrigue (money): one ``standard`` bot against ``random`` or ``default`` players at 3, 4
and 5 players, the bot's seat rotated game by game. Printed: the bot's mean final money,
the others' mean, the bot's win rate (a shared win counts) with its interval. In a
negotiation the acting player is drawn among those waited for; the bot as host lets the
petitioners bargain first (``patient``). Then three ``standard`` bots and a random player
at four: the bots' share of the wins per seat, the random player's, and every offer the bots
made against what the slot was worth to the bidder then (the ratio never exceeds 1).

Every bot decision is checked to be one of the engine's legal actions, and every game must
end within its decision limit: the runs double as a property test of the engines under the
bots' play.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.bots import get_bot  # noqa: E402
from games.engines import get_engine  # noqa: E402
from games.engines.base import SeededRandom, seed_to_key  # noqa: E402

Z = 1.96
MAX_DECISIONS = {"regicide": 3000, "intrigue": 20000}


def wilson(wins: int, n: int, z: float = Z) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values, share):
    """The ``share`` percentile of ``values`` (nearest rank; 0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def pick(engine, bots, policy, state, player, rng, seed, step, budget, times):
    legal = engine.legal_actions(state, player)
    if policy == "default":
        return engine.default_action(state, player)
    if policy == "random":
        return legal[rng.below(len(legal))]
    view = engine.view(state, player)
    started = time.perf_counter()
    action = bots[policy].choose(view, legal, f"{seed}/{step}", player=player, budget=budget)
    times.append(time.perf_counter() - started)
    assert any(action is a for a in legal), f"{seed} step {step}: {action} not legal"
    return action


def play(kind, policies: dict, seed: str, budget=None, times=None):
    """One game: ``policies`` maps each player to a policy; returns the final state."""
    engine = get_engine(kind)
    bots = {p: get_bot(kind, p) for p in set(policies.values()) if p not in ("default", "random")}
    times = [] if times is None else times
    state = engine.new_game(list(policies), seed=seed)
    rng = SeededRandom(seed_to_key(f"bench players/{seed}"))
    for step in range(MAX_DECISIONS[kind]):
        waiting = engine.waiting_for(state)
        if not waiting:
            return state
        player = waiting[rng.below(len(waiting))]
        bot = bots.get(policies[player])
        patient = getattr(bot, "patient", None)
        if len(waiting) > 1 and patient is not None and patient(engine.view(state, player), player):
            player = next(p for p in waiting if p != player)
        action = pick(engine, bots, policies[player], state, player, rng, seed, step, budget, times)
        state = engine.apply(state, player, action)
    raise AssertionError(f"{kind} {seed}: no end after {MAX_DECISIONS[kind]} decisions")


def regicide(rows, base_seed: str, budget: int, progress: int = 0):
    """``rows``: [(players, policy, games)], played round-robin (a game of each row in
    turn), so that a run stopped early still has figures for every row; ``progress``:
    print the running figures of every row every so many rounds (0: never)."""
    engine = get_engine("regicide")
    print(f"\n== Regicide: seeded games, every seat one policy (strong: {budget} playouts) ==")
    head = f"  {'players':<8} {'policy':<9} {'games':>5} {'wins':>5} {'rate':>6}  95% CI"
    head += "          enemies  move p50 / p95 (ms)"
    stats = [{"games": 0, "wins": 0, "killed": 0, "times": []} for _ in rows]

    def report(final):
        print(head if final else "  ... running figures", flush=True)
        for (count, policy, _games), row in zip(rows, stats, strict=True):
            n = row["games"]
            if not n:
                continue
            low, high = wilson(row["wins"], n)
            times = row["times"]
            print(
                f"  {count:<8} {policy:<9} {n:>5} {row['wins']:>5} {row['wins'] / n:6.3f}  "
                f"[{low:.3f}, {high:.3f}]  {row['killed'] / n:6.2f}   "
                f"{percentile(times, 0.5) * 1000:7.1f} / {percentile(times, 0.95) * 1000:7.1f}",
                flush=True,
            )

    for g in range(max((games for _, _, games in rows), default=0)):
        for (count, policy, games), row in zip(rows, stats, strict=True):
            if g >= games:
                continue
            players = [f"p{i}" for i in range(1, count + 1)]
            policies = dict.fromkeys(players, policy)
            seed = f"{base_seed}/{count}/{g}"
            state = play("regicide", policies, seed, budget, row["times"])
            view = engine.view(state, None)
            row["games"] += 1
            row["wins"] += bool(engine.outcome(state)["winners"])
            row["killed"] += 12 - view["castle_size"] - (1 if view["enemy"] else 0)
        if progress and (g + 1) % progress == 0:
            report(final=False)
    report(final=True)


def intrigue(games: int, base_seed: str):
    engine = get_engine("intrigue")
    print(f"\n== Intrigue: {games} seeded games per row, one standard bot, seat rotated ==")
    head = f"  {'players':<8} {'others':<8} {'bot money':>10} {'others':>10} {'wins':>5}"
    print(f"{head}  rate  95% CI")
    for others in ("random", "default"):
        for count in (3, 4, 5):
            players = [f"p{i}" for i in range(1, count + 1)]
            mine = theirs = wins = 0
            for g in range(games):
                seat = players[g % count]
                policies = {p: ("standard" if p == seat else others) for p in players}
                state = play("intrigue", policies, f"{base_seed}/{others}/{count}/{g}")
                outcome = engine.outcome(state)
                mine += outcome["money"][seat]
                theirs += sum(m for p, m in outcome["money"].items() if p != seat) / (count - 1)
                wins += seat in outcome["winners"]
            low, high = wilson(wins, games)
            print(
                f"  {count:<8} {others:<8} {mine / games:10.0f} {theirs / games:10.0f} {wins:>5}"
                f"  {wins / games:.3f} [{low:.3f}, {high:.3f}]"
            )


def regicide_rows(spec: str, default_games: int):
    """ "strong:200,100,100,100;standard;default" -> [(players, policy, games)]."""
    rows = []
    for part in filter(None, spec.split(";")):
        policy, _, counts = part.partition(":")
        games = [int(x) for x in counts.split(",")] if counts else [default_games] * 4
        for count, n in zip((1, 2, 3, 4), games, strict=False):
            if n:
                rows.append((count, policy, n))
    return rows


def intrigue_mixed(games: int, base_seed: str):
    """Three ``standard`` bots and a random player: the bots' share of the wins per seat,
    and every offer they made against what the slot was worth to them then."""
    from games.bots.intrigue import Table

    engine = get_engine("intrigue")
    bot = get_bot("intrigue", "standard")
    players = ["p1", "p2", "p3", "p4"]
    wins = seats = random_wins = 0
    ratios = []
    for g in range(games):
        odd = players[g % 4]
        policies = {p: ("random" if p == odd else "standard") for p in players}
        seed = f"{base_seed}/mixed/{g}"
        state = engine.new_game(players, seed=seed)
        rng = SeededRandom(seed_to_key(f"bench players/{seed}"))
        for step in range(MAX_DECISIONS["intrigue"]):
            waiting = engine.waiting_for(state)
            if not waiting:
                break
            player = waiting[rng.below(len(waiting))]
            view = engine.view(state, player)
            if len(waiting) > 1 and policies[player] == "standard" and bot.patient(view, player):
                player = next(p for p in waiting if p != player)
                view = engine.view(state, player)
            legal = engine.legal_actions(state, player)
            if policies[player] == "random":
                action = legal[rng.below(len(legal))]
            else:
                action = bot.choose(view, legal, f"{seed}/{step}", player=player)
                if action.get("type") == "offer":
                    worth, _ = bot.stake(Table(view, player))
                    ratios.append(action["amount"] * 1000 / worth if worth else float("inf"))
            state = engine.apply(state, player, action)
        outcome = engine.outcome(state)
        for p in players:
            if policies[p] == "standard":
                seats += 1
                wins += p in outcome["winners"]
        random_wins += odd in outcome["winners"]
    low, high = wilson(wins, seats)
    print(f"\n== Intrigue: three standard bots and a random player, {games} games ==")
    print(f"  standard, per seat: {wins} / {seats} = {wins / seats:.3f} [{low:.3f}, {high:.3f}]")
    low, high = wilson(random_wins, games)
    print(
        f"  random:             {random_wins} / {games} = {random_wins / games:.3f} "
        f"[{low:.3f}, {high:.3f}]"
    )
    if ratios:
        mean = sum(ratios) / len(ratios)
        print(
            f"  offers: {len(ratios)}, amount / worth to the bidder: mean {mean:.2f}"
            f", p50 {percentile(ratios, 0.5):.2f}, p95 {percentile(ratios, 0.95):.2f}, "
            f"max {max(ratios):.2f} (never above 1)"
        )


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--regicide", type=int, default=400, help="games per row (400)")
    parser.add_argument(
        "--regicide-rows",
        default="standard;default;random",
        help='policies and games per player count, e.g. "strong:200,100,100,100;standard"',
    )
    parser.add_argument("--budget", type=int, default=200, help="playouts per strong move")
    parser.add_argument("--progress", type=int, default=0, help="running figures every N games")
    parser.add_argument("--intrigue", type=int, default=60, help="games per row (60)")
    parser.add_argument("--seed", default="bot-scores", help="base seed of every game")
    args = parser.parse_args(argv)
    started = time.process_time()
    if args.regicide:
        rows = regicide_rows(args.regicide_rows, args.regicide)
        regicide(rows, args.seed, args.budget, args.progress)
    if args.intrigue:
        intrigue(args.intrigue, args.seed)
        intrigue_mixed(args.intrigue, args.seed)
    print(f"\nall decisions legal, every game ended; {time.process_time() - started:.1f} s CPU")


if __name__ == "__main__":
    main()
