"""Seeded random play through the public contract, with invariant checks at every step.

At every decision one player is drawn among ``waiting_for``, then either their
``default_action`` (a timeout, one time in four) or one of their legal actions uniformly
but the resignation; with ``resign_rate``, now and then a player still in the game (waited
for or not) resigns instead.
Python's ``random`` drives the *test* only; the engine draws nothing at random.
``INTRIGUE_PROPERTY_GAMES`` sets how many games the property suite plays (default 45).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter, defaultdict

import pytest

from games.engines import IllegalAction
from games.engines.intrigue import describe
from games.table.sentences import localize

from .garbage import GARBAGE, mutations
from .helpers import ENGINE

PLAYER_NAMES = ["alice", "bob", "carol", "dave", "erin"]
ADVISORS = ENGINE.view(ENGINE.new_game(PLAYER_NAMES[:3]), "alice")["hand"]
KIND = {name: name.rsplit("-", 1)[0] for name in ADVISORS}
STAGE_RANK = {"place": 0, "order": 1, "external": 1, "internal": 2}

#: A game longer than this many decisions is reported as not ending.
MAX_DECISIONS = 6000


def property_games(default: int = 45) -> int:
    raw = os.environ.get("INTRIGUE_PROPERTY_GAMES", "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError as exc:  # a typo in CI must not silently shrink the run
        raise pytest.UsageError(f"INTRIGUE_PROPERTY_GAMES must be an integer, got {raw!r}") from exc
    if value < 1:
        raise pytest.UsageError("INTRIGUE_PROPERTY_GAMES must be at least 1")
    return value


class Game:
    def __init__(self, players, options, seed):
        self.players = players
        self.options = options
        self.seed = seed
        self.actions = []
        self.state = ENGINE.new_game(players, options=options, seed=seed)


def random_options(players, rng):
    """No setup, or a random first player and some poor players (to reach the bank's 1,000)."""
    roll = rng.random()
    if roll < 0.5:
        return None
    setup = {"first_player": rng.choice(players)}
    if roll < 0.8:
        setup["money"] = {p: rng.choice([0, 1000, 3000, 32000]) for p in players}
    return {"setup": setup}


def starting_money(game):
    setup = (game.options or {}).get("setup") or {}
    return {p: (setup.get("money") or {}).get(p, 32000) for p in game.players}


# --- invariants on one state ----------------------------------------------------------------


def check_advisors(data, where):
    """Every advisor exactly once: hand, a castle, a door or the island; castles by the rules."""
    players = data["players"]
    seen = Counter()
    for seat, hand in enumerate(data["hands"]):
        seen.update((players[seat], a) for a in hand)
    for host, castle in enumerate(data["castles"]):
        kinds = [KIND[t[1]] for t in castle if t is not None]
        assert len(kinds) == len(set(kinds)), f"{where}: two advisors of a type in a castle"
        for t in castle:
            if t is not None:
                assert t[0] != players[host], f"{where}: an advisor in its owner's castle"
                seen[tuple(t)] += 1
    for host, door in enumerate(data["waiting"]):
        for t in door:
            assert t[0] != players[host], f"{where}: an advisor at its owner's door"
            seen[tuple(t)] += 1
    seen.update(tuple(t) for t in data["island"])
    expected = Counter((p, a) for p in players for a in ADVISORS)
    assert seen == expected, (
        f"{where}: advisors not conserved: {seen - expected or expected - seen}"
    )


def check_money(game, data, log, where):
    """Each player's money = start + incomes + bribes received - bribes paid (the bank pays
    incomes and the broke petitioners' 1,000)."""
    expected = starting_money(game)
    for e in log:
        if e["event"] == "income":
            expected[e["player"]] += e["ducats"]
        elif e["event"] == "accept":
            expected[e["player"]] += e["ducats"]
            if not e["bank"]:
                expected[e["from"]] -= e["ducats"]
            else:
                assert e["ducats"] == 1000
    actual = dict(zip(data["players"], data["money"], strict=True))
    assert actual == expected, f"{where}: money {actual} != accounted {expected}"
    assert all(m >= 0 for m in actual.values()), f"{where}: negative money"


def check_views(state, players, where):
    over = ENGINE.outcome(state) is not None
    data = ENGINE.dump(state)
    money = dict(zip(data["players"], data["money"], strict=True))
    for viewer in [None, *players]:
        view = ENGINE.view(state, viewer)
        json.dumps(view)
        for p in view["players"]:
            shown = p["money"]
            if over or p["id"] == viewer:
                assert shown == money[p["id"]], f"{where}: {viewer} sees a wrong money"
            else:
                assert shown is None, f"{where}: {viewer} sees {p['id']}'s money"
        assert view["waiting_for"] == ENGINE.waiting_for(state)


def check_hidden_money(state, players, rng, where):
    """Change the money of everyone but p: p's view and legal actions stay equal."""
    if ENGINE.outcome(state) is not None:
        return 0
    data = ENGINE.dump(state)
    spectator = ENGINE.view(state, None)
    for seat, viewer in enumerate(players):
        other = json.loads(json.dumps(data))
        for i in range(len(players)):
            if i != seat:
                other["money"][i] = rng.choice([0, 1000, rng.randrange(200) * 1000])
        changed = ENGINE.load(other)
        assert ENGINE.view(changed, viewer) == ENGINE.view(state, viewer), (
            f"{where}: {viewer}'s view depends on the others' money"
        )
        assert ENGINE.legal_actions(changed, viewer) == ENGINE.legal_actions(state, viewer)
        assert ENGINE.view(changed, None) == spectator, f"{where}: the spectator sees money"
        assert ENGINE.waiting_for(changed) == ENGINE.waiting_for(state)
    return 1


def check_illegal(state, players, rng, where):
    """Near misses, wrong players and garbage raise IllegalAction and change nothing."""
    before = ENGINE.dump(state)
    legal = {p: ENGINE.legal_actions(state, p) for p in players}
    candidates = [(rng.choice(players + ["mallory"]), g) for g in rng.sample(GARBAGE, 5)]
    for player in ENGINE.waiting_for(state):
        for action in rng.sample(legal[player], min(3, len(legal[player]))):
            candidates += [(player, m) for m in mutations(action, players, rng)]
            candidates += [(o, action) for o in players + ["mallory"] if o != player]
    for actor, action in candidates:
        if action in legal.get(actor, ()):
            continue
        try:
            ENGINE.apply(state, actor, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{where}: {actor} {action!r} accepted but not listed")
    assert ENGINE.dump(state) == before, f"{where}: a refused action changed the state"


def check_listed_apply(state, player, legal, rng, where):
    """A few listed actions other than the one played apply too."""
    for action in rng.sample(legal, min(2, len(legal))):
        ENGINE.apply(state, player, action)


def check_stage_order(log, where):
    """Per turn: stage 1, then external conflicts, then internal ones from 1,000 up; no
    income in round 1, no sending in round 5."""
    rank = -1
    slot = 0
    round_ = 1
    for e in log:
        event = e["event"]
        if event == "turn":
            rank, slot, round_ = -1, 0, e["round"]
        elif event == "stage":
            r = STAGE_RANK[e["stage"]]
            assert r >= rank, f"{where}: stage {e['stage']} after a later stage"
            if e["stage"] == "internal":
                assert e["slot"] > slot, f"{where}: internal conflicts out of slot order"
                slot = e["slot"]
            rank = r
        elif event == "income" and not e.get("final"):
            assert round_ > 1, f"{where}: income in round 1"
        elif event == "send":
            assert round_ < 5, f"{where}: sending in round 5"


# --- playing ------------------------------------------------------------------------------------


RESIGN = {"type": "resign"}


def resigned(state, players):
    """The players who resigned (a set)."""
    return {p["id"] for p in ENGINE.view(state, None)["players"] if p["resigned"]}


def play_random_game(players, options, seed, rng, *, deep_every=5, on_state=None, resign_rate=0.0):
    """Play one game to its end with every check; deep checks every ``deep_every`` steps;
    a resignation before a decision with probability ``resign_rate``."""
    game = Game(players, options, seed)
    state = game.state
    step = 0
    while True:
        where = f"seed {seed!r} {len(players)}p step {step}"
        waiting = ENGINE.waiting_for(state)
        deep = step % deep_every == 0
        if deep or not waiting:
            data = ENGINE.dump(state)
            check_advisors(data, where)
            log = ENGINE.view(state, None)["log"]
            check_money(game, data, log, where)
            check_views(state, players, where)
            check_illegal(state, players, rng, where)
            assert ENGINE.dump(ENGINE.load(json.loads(json.dumps(data)))) == data
            gone = resigned(state, players)
            for p in players:
                legal = ENGINE.legal_actions(state, p)
                if waiting and p not in gone:
                    assert legal[-1] == RESIGN, f"{where}: {p} cannot resign"
                    legal = legal[:-1]
                assert bool(legal) == (p in waiting), (
                    f"{where}: {p} has legal actions (but resign) iff waited for"
                )
            if on_state is not None:
                on_state(state, step, where)
        if not waiting:
            break
        assert step < MAX_DECISIONS, f"{where}: the game does not end"
        for p in waiting:
            assert ENGINE.default_action(state, p) in ENGINE.legal_actions(state, p)
        if resign_rate and rng.random() < resign_rate:
            gone = resigned(state, players)
            player = rng.choice([p for p in players if p not in gone])
            state = ENGINE.apply(state, player, RESIGN)
            game.actions.append((player, RESIGN))
            assert player not in ENGINE.waiting_for(state), f"{where}: {player} left"
            step += 1
            continue
        player = rng.choice(waiting)
        legal = ENGINE.legal_actions(state, player)[:-1]  # all but the resignation
        if deep:
            check_listed_apply(state, player, legal, rng, where)
        if rng.random() < 0.25:
            action = ENGINE.default_action(state, player)
        else:
            action = rng.choice(legal)
        state = ENGINE.apply(state, player, action)
        game.actions.append((player, action))
        step += 1
    game.state = state
    log = ENGINE.view(state, None)["log"]
    check_stage_order(log, f"seed {seed!r}")
    outcome = ENGINE.outcome(state)
    gone = set(outcome.get("resigned", []))
    assert gone == resigned(state, players)
    staying = [p for p in players if p not in gone]
    best = max(outcome["money"][p] for p in staying)
    assert outcome["winners"] == [p for p in staying if outcome["money"][p] == best]
    assert set(outcome["money"]) == set(players)
    return game


def replay(game):
    state = ENGINE.new_game(game.players, options=game.options, seed=game.seed)
    for player, action in game.actions:
        state = ENGINE.apply(state, player, action)
    return state


def describe_everything(state):
    counts = defaultdict(int)
    for entry in ENGINE.view(state, None)["log"]:
        for lang in ("en", "fr"):
            text = localize(describe(entry), lang)
            assert isinstance(text, str) and text and text != entry["event"], entry
        counts[entry["event"]] += 1
    return counts


def new_rng(*parts):
    return random.Random("/".join(map(str, ("intrigue", *parts))))
