"""Seeded Complots games played by bots, with the engine's invariants checked on the way.

``play_bot_game(levels, options, seed, on_decision=None)`` plays one game through the public
contract: at each step one waited-for player (drawn from a stream of the game's seed: the
"fastest" in a window) asks its bot, the bot's choice is checked to be one of that player's
legal actions, and after every action the coins sum to 54 with nobody negative. The game must
end within ``MAX_DECISIONS`` with a single winner, the last player alive.
``on_decision(state, player, view, legal, action, step)`` sees every decision.

``BOT_GAMES`` (environment) multiplies the number of games of the long tests (default 1).
"""

from __future__ import annotations

import os

import pytest

from games.bots import get_bot
from games.engines import get_engine
from games.engines.base import SeededRandom, seed_to_key

ENGINE = get_engine("complots")
LEVELS = ("novice", "honest", "bluffer", "strong")
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]
MAX_DECISIONS = 3000
CLANS = (
    ("duchesse", "illusionniste", "ursuline"),
    ("assassin", "bourreau", "maitre_chanteur"),
    ("comtesse", "sorciere", "croque_mort"),
    ("capitaine", "justicier", "pape"),
    ("ambassadeur", "inquisiteur", "espion"),
)


def scale() -> int:
    raw = os.environ.get("BOT_GAMES", "").strip()
    if not raw:
        return 1
    try:
        value = int(raw)
    except ValueError as exc:
        raise pytest.UsageError(f"BOT_GAMES must be an integer, got {raw!r}") from exc
    if value < 1:
        raise pytest.UsageError("BOT_GAMES must be at least 1")
    return value


def stream(*parts) -> SeededRandom:
    return SeededRandom(seed_to_key("/".join(str(p) for p in parts)))


def random_setup(rng: SeededRandom):
    """Player count 2-8, a character set (base, engine-random or drawn here), extensions."""
    count = 2 + rng.below(7)
    options = {}
    pick = rng.below(3)
    if pick == 1:
        options["characters"] = "random"
    elif pick == 2:
        options["characters"] = [clan[rng.below(3)] for clan in CLANS]
    if rng.below(2):
        options["saint_barthelemy"] = True
    if rng.below(2):
        options["tyrannie"] = True
    levels = {NAMES[i]: LEVELS[rng.below(len(LEVELS))] for i in range(count)}
    return levels, options or None


def check_table(table, where):
    total = sum(p["coins"] for p in table["players"]) + table["treasury"]
    total += table.get("hospice", 0)
    assert total == 54, f"{where}: coins sum to {total}, not 54"
    assert all(p["coins"] >= 0 for p in table["players"]), f"{where}: negative coins"


def play_bot_game(levels, options, seed, on_decision=None):
    """Play one game between bots; return (final state, decisions)."""
    players = list(levels)
    state = ENGINE.new_game(players, options=options, seed=seed)
    order = stream("order", seed.hex() if isinstance(seed, bytes) else seed)
    where_base = f"levels={levels} options={options} seed={seed!r}"
    for step in range(MAX_DECISIONS):
        where = f"{where_base} step={step}"
        check_table(ENGINE.view(state, None), where)
        waiting = ENGINE.waiting_for(state)
        if not waiting:
            break
        player = waiting[order.below(len(waiting))]
        legal = ENGINE.legal_actions(state, player)
        view = ENGINE.view(state, player)
        action = get_bot("complots", levels[player]).choose(view, legal, f"{seed!r}/{step}")
        assert any(action is a for a in legal), f"{where}: {action} is not a legal action"
        assert action["type"] != "resign", f"{where}: a bot resigned"
        if on_decision is not None:
            on_decision(state, player, view, legal, action, step)
        state = ENGINE.apply(state, player, action)
    else:
        raise AssertionError(f"{where_base}: no winner after {MAX_DECISIONS} decisions")
    outcome = ENGINE.outcome(state)
    assert outcome is not None, f"{where_base}: nobody waited for, but no outcome"
    living = [p["id"] for p in ENGINE.view(state, None)["players"] if p["alive"]]
    assert len(living) == 1 and outcome["winners"] == living, f"{where_base}: {outcome}"
    return state, step
