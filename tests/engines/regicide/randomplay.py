"""Seeded random play through the public contract, with invariant checks.

Used by the property tests. "Uniformly random legal play": at every decision the player
waited for plays one of their legal actions, drawn uniformly. Python's ``random`` is fine
here: it drives the *test*; the engine's own chance comes from the game seed.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from games.engines import IllegalAction
from games.engines.regicide import describe
from games.table.sentences import localize

from .helpers import ENGINE

PLAYER_NAMES = ["alice", "bob", "carol", "dave"]

#: No game may take more decisions: every play deals damage, yields are limited between
#: plays and a Jester comes back only once its enemy has fallen (12 enemies).
MAX_DECISIONS = 12 * 45 * 4

ALL_CARDS = [r + s for r in ["A", *map(str, range(2, 11)), "J", "Q", "K"] for s in "HDCS"]

#: Garbage of every shape, thrown at the engine at random moments.
GARBAGE = [
    None,
    0,
    1.5,
    "play",
    b"play",
    [],
    ["play"],
    {},
    {"type": None},
    {"type": 3},
    {"type": ["play"]},
    {"type": {"play": 1}},
    {"type": "resign"},
    {"type": "pass"},
    {"type": "PLAY", "cards": ["2H"]},
    {"type": "play"},
    {"type": "play", "cards": None},
    {"type": "play", "cards": "2H"},
    {"type": "play", "cards": []},
    {"type": "play", "cards": [2]},
    {"type": "play", "cards": [["2H"]]},
    {"type": "play", "cards": [{"card": "2H"}]},
    {"type": "play", "cards": ["2H"], "extra": 1},
    {"type": "play", "cards": ["ZZ"]},
    {"type": "play", "cards": ["X3"]},
    {"type": "play", "cards": ["2H", "2H"]},
    {"type": "play", "cards": ("2H",)},
    {"type": "discard"},
    {"type": "discard", "cards": []},
    {"type": "discard", "cards": [None]},
    {"type": "discard", "cards": {"2H": 1}},
    {"type": "yield", "now": True},
    {"type": "flip_jester", "n": 1},
    {"type": "choose_next"},
    {"type": "choose_next", "player": None},
    {"type": "choose_next", "player": ["alice"]},
    {"type": "choose_next", "player": {"id": "alice"}},
    {"type": "choose_next", "player": "mallory"},
    {"type": "choose_next", "player": "alice", "again": 1},
    {("type",): "play"},
    {1: "play"},
]


def property_games(default: int = 1000) -> int:
    """Random games of the property suite: ``REGICIDE_PROPERTY_GAMES`` or ``default``."""
    raw = os.environ.get("REGICIDE_PROPERTY_GAMES", "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError as exc:  # a typo in CI must not silently shrink the run
        raise pytest.UsageError(f"REGICIDE_PROPERTY_GAMES must be an integer, got {raw!r}") from exc
    if value < 1:
        raise pytest.UsageError("REGICIDE_PROPERTY_GAMES must be at least 1")
    return value


def new_rng(*parts):
    return random.Random("/".join(map(str, ("regicide", *parts))))


def deck(count):
    return Counter(ALL_CARDS + ["X1", "X2"][: {1: 0, 2: 0, 3: 1, 4: 2}[count]])


def dumped(state):
    return json.loads(json.dumps(ENGINE.dump(state)))


def zones(data):
    """Every card of a dump: hands, Tavern, discard, Castle, table and the enemy."""
    cards = [c for h in data["hands"] for c in h]
    cards += data["tavern"] + data["discard"] + data["castle"]
    cards += [c for _, played in data["table"] for c in played]
    if data["enemy"] is not None:
        cards.append(data["enemy"])
    return Counter(cards)


# --- checks on one state ------------------------------------------------------------------------


def check_state(state, players, where):
    data = dumped(state)
    assert zones(data) == deck(len(players)), f"{where}: cards are not conserved"
    waiting = ENGINE.waiting_for(state)
    outcome = ENGINE.outcome(state)
    assert (outcome is None) == bool(waiting), f"{where}: waiting {waiting} vs {outcome}"
    assert len(waiting) <= 1
    for p in players:
        legal = ENGINE.legal_actions(state, p)
        if p in waiting:
            assert legal, f"{where}: {p} is waited for with nothing to play"
            default = ENGINE.default_action(state, p)
            assert default in legal, f"{where}: default {default} not listed"
        else:
            assert legal == [], f"{where}: {p} is not waited for but may act"
    cap = ENGINE.view(state, None)["max_hand_size"]
    assert all(len(h) <= cap for h in data["hands"]), f"{where}: a hand is too large"


def check_views(state, players, where):
    spectator = ENGINE.view(state, None)
    json.dumps(spectator)
    assert all(p["hand"] is None for p in spectator["players"]), f"{where}: spectator sees"
    for viewer in players:
        table = ENGINE.view(state, viewer)
        json.dumps(table)
        for entry in table["players"]:
            if entry["id"] == viewer:
                assert entry["hand"] is not None and len(entry["hand"]) == entry["hand_size"]
            else:
                assert entry["hand"] is None, f"{where}: {viewer} sees {entry['id']}'s hand"
        assert table["log"] == spectator["log"]


def swapped(data, first, second):
    """A copy of the dump where two hidden cards trade places (("hand", seat, i) or
    ("tavern", i))."""
    out = dict(data)
    out["hands"] = [list(h) for h in data["hands"]]
    out["tavern"] = list(data["tavern"])

    def where(pos):
        return (out["hands"][pos[1]], pos[2]) if pos[0] == "hand" else (out["tavern"], pos[1])

    (a, i), (b, j) = where(first), where(second)
    a[i], b[j] = b[j], a[i]
    return out


def check_swaps_are_invisible(state, players, rng, where):
    """For every player p: trading hidden cards p cannot see leaves p's view and legal
    actions unchanged."""
    data = dumped(state)
    checked = 0
    for seat, viewer in enumerate(players):
        others = [s for s in range(len(players)) if s != seat and data["hands"][s]]
        candidates = [("tavern", i) for i in range(len(data["tavern"]))]
        candidates += [("hand", s, i) for s in others for i in range(len(data["hands"][s]))]
        if len(candidates) < 2:
            continue
        view = ENGINE.view(state, viewer)
        legal = ENGINE.legal_actions(state, viewer)
        spectator = ENGINE.view(state, None)
        for _ in range(2):
            first, second = rng.sample(candidates, 2)
            other = ENGINE.load(swapped(data, first, second))
            assert ENGINE.view(other, viewer) == view, f"{where}: {viewer} saw a swap"
            assert ENGINE.legal_actions(other, viewer) == legal, f"{where}: {viewer} legal"
            assert ENGINE.view(other, None) == spectator, f"{where}: the spectator saw a swap"
            checked += 1
    return checked


def check_refused(state, player, action, where):
    """``action`` raises IllegalAction with a message (``check_illegal`` checks that the
    state is unchanged once all its refusals are done)."""
    try:
        ENGINE.apply(state, player, action)
    except IllegalAction as exc:
        assert str(exc).strip(), f"{where}: an empty message for {action!r}"
    else:
        raise AssertionError(f"{where}: {player} {action!r} was accepted")


def near_misses(state, player, rng):
    """Card sets close to legal ones: random subsets of the hand and of the whole deck."""
    table = ENGINE.view(state, player)
    hand = next(p["hand"] for p in table["players"] if p["id"] == player) or []
    out = []
    for _ in range(3):
        pool = hand if hand and rng.random() < 0.7 else ALL_CARDS
        size = rng.randint(1, min(5, len(pool)))
        out.append(rng.sample(pool, size))
    return out


def check_illegal(state, players, rng, where):
    """Garbage, wrong players and near-miss card sets are refused (or, for a step-4 discard,
    accepted exactly when they cover the attack); none of it changes the state."""
    before = ENGINE.dump(state)
    _check_illegal(state, players, rng, where)
    assert ENGINE.dump(state) == before, f"{where}: a refused action changed the state"


def _check_illegal(state, players, rng, where):
    waiting = ENGINE.waiting_for(state)
    for player in [*players, "mallory", None, 3]:
        garbage = rng.choice(GARBAGE)
        if player in waiting and garbage in ENGINE.legal_actions(state, player):
            continue
        check_refused(state, player, garbage, f"{where} garbage {garbage!r}")
    for player in players:
        if player in waiting:
            continue
        for action in ENGINE.legal_actions(state, waiting[0]) if waiting else []:
            check_refused(state, player, action, f"{where} out of turn")
            break
    if not waiting:
        return
    player = waiting[0]
    legal = ENGINE.legal_actions(state, player)
    table = ENGINE.view(state, player)
    for cards in near_misses(state, player, rng):
        for kind in ("play", "discard"):
            action = {"type": kind, "cards": cards}
            listed = any(a["type"] == kind and sorted(a["cards"]) == sorted(cards) for a in legal)
            hand = next(p["hand"] for p in table["players"] if p["id"] == player)
            covers = (
                kind == "discard"
                and table["phase"] == "discard"
                and len(set(cards)) == len(cards)
                and set(cards) <= set(hand)
                and sum(VALUES[c] for c in cards) >= table["to_cover"]
            )
            if listed or covers:
                after = ENGINE.apply(state, player, action)
                assert ENGINE.dump(after) != ENGINE.dump(state)
            else:
                check_refused(state, player, action, f"{where} near miss {action}")


VALUES = {c: {"A": 1, "J": 10, "Q": 15, "K": 20}.get(c[:-1]) or int(c[:-1]) for c in ALL_CARDS}
VALUES.update({"X1": 0, "X2": 0})


# --- a whole game -------------------------------------------------------------------------------


@dataclass
class Game:
    players: list
    seed: object
    actions: list = field(default_factory=list)
    state: object = None
    swaps: int = 0


def play_random_game(players, seed, rng, *, heavy=False, describe_log=False):
    """One uniformly random game; with ``heavy``, every check at every step."""
    state = ENGINE.new_game(players, seed=seed)
    game = Game(players, seed, state=state)
    expected = deck(len(players))
    for step in range(MAX_DECISIONS):
        where = f"{len(players)}p seed {seed!r} step {step}"
        if heavy:
            check_state(state, players, where)
            check_views(state, players, where)
            check_illegal(state, players, rng, where)
            if step % 3 == 0:
                game.swaps += check_swaps_are_invisible(state, players, rng, where)
            if step % 5 == 0:
                reloaded = ENGINE.load(dumped(state))
                assert ENGINE.dump(reloaded) == ENGINE.dump(state), f"{where}: round trip"
                state = reloaded
        else:
            assert zones(ENGINE.dump(state)) == expected, f"{where}: cards are not conserved"
        waiting = ENGINE.waiting_for(state)
        if not waiting:
            break
        player = waiting[0]
        legal = ENGINE.legal_actions(state, player)
        if heavy:  # every listed action applies
            for action in legal:
                ENGINE.apply(state, player, action)
        action = legal[rng.randrange(len(legal))]
        action = json.loads(json.dumps(action))  # as the platform stores it
        state = ENGINE.apply(state, player, action)
        game.actions.append((player, action))
    else:
        raise AssertionError(f"seed {seed!r}: no end after {MAX_DECISIONS} decisions")
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    if outcome["winners"]:
        assert outcome["winners"] == players
        assert (outcome["medal"] is not None) == (len(players) == 1)
    else:
        assert outcome == {"winners": [], "lost": True}
    if describe_log:
        for entry in ENGINE.view(state, None)["log"]:
            for lang in ("en", "fr"):
                names = {p: p.title() for p in players}
                sentence = localize(describe(entry, names=names), lang)
                assert isinstance(sentence, str) and sentence.strip()
    game.state = state
    return game


def replay(game):
    state = ENGINE.new_game(game.players, seed=game.seed)
    for player, action in game.actions:
        state = ENGINE.apply(state, player, action)
    return state
