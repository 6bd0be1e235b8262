"""``decision_id`` (docs/engines.md): one name per decision of the whole table.

Seeded random games of every engine check it against an oracle of its own, read from the
public views and the move played, not from the engine's code:

- Complots: a move continues the decision exactly when it is an answer to an open window
  (``pass``, ``announce``, the two-player ``choose``) after which the same moment of the
  same turn is still open for some of the players it waited for, the mover not among them.
  Anything else (a claim, a challenge, a block, a loss, a new turn, a resignation) is a new
  decision.
- Regicide: one player acts at a time and every move is a new step: always a new decision.
- Intrigue: a decision is named by the view's round, current player, phase, stage (kind,
  advisor type, contested slot, conflicts to order) and the conflicts still to settle;
  offers, refusals, ``done``, the host's placing in stage 1 and the first ``send`` keep it.
  It also agrees with the engine's own ``decision_continues``.

In every engine an id is never reused by a later decision, is None exactly when nobody is
waited for, and survives ``load(dump(state))``. ``DECISION_ID_GAMES`` sets the number of
games per engine of the slow run.
"""

from __future__ import annotations

import copy
import os
import random
from collections import Counter

import pytest

from games.engines import get_engine

PLAYERS = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]
COMPLOTS_SETS = [
    None,
    {"characters": "random"},
    {"characters": "random", "saint_barthelemy": True},
    {"characters": "random", "tyrannie": True},
    {"characters": "random", "saint_barthelemy": True, "tyrannie": True},
]
#: Probability, before each move, that a random player still in the game resigns instead.
RESIGN_RATE = 0.005
MAX_MOVES = 3000
ANSWERS = ("pass", "announce", "choose")

SHORT = 150  # games per engine of the default run
SLOW = int(os.environ.get("DECISION_ID_GAMES", "600"))  # games per engine of the slow run


class Tracker:
    """Follows the ids of one game: the decision open now, and every id already closed."""

    def __init__(self, engine, state, where):
        self.engine = engine
        self.where = where
        self.closed: set = set()
        self.current = self.check(state, 0)

    def check(self, state, step):
        ident = self.engine.decision_id(state)
        waiting = self.engine.waiting_for(state)
        assert (ident is None) == (not waiting), f"{self.where} step {step}: id {ident!r}"
        if ident is not None:
            assert isinstance(ident, str) and 0 < len(ident) <= 64, ident
        if step % 7 == 0:
            reloaded = self.engine.load(copy.deepcopy(self.engine.dump(state)))
            assert self.engine.decision_id(reloaded) == ident, f"{self.where} step {step}"
        return ident

    def moved(self, state, step, same: bool, what):
        ident = self.check(state, step)
        where = f"{self.where} step {step} ({what})"
        if same:
            assert ident == self.current, f"{where}: the same decision got a new id"
            return
        assert ident != self.current, f"{where}: a new decision kept id {ident!r}"
        self.closed.add(self.current)
        assert ident is None or ident not in self.closed, f"{where}: id {ident!r} reused"
        self.current = ident


def play(engine, players, options, seed, rng, oracle, seen, *, default_rate=0.0):
    """One random game: after each move, ``oracle(engine, before, after, player, action)``
    says whether the move continued the decision (and what it was, counted in ``seen``);
    the tracker checks the ids against it."""
    state = engine.new_game(list(players), options=copy.deepcopy(options), seed=seed)
    where = f"{engine.name} {len(players)}p options={options} seed={seed!r}"
    tracker = Tracker(engine, state, where)
    gone: set = set()
    for step in range(1, MAX_MOVES + 1):
        waiting = engine.waiting_for(state)
        if not waiting:
            return step
        player = rng.choice([p for p in players if p not in gone])
        action = engine.resign_action(state, player) if rng.random() < RESIGN_RATE else None
        if action is None:
            player = rng.choice(waiting)
            if default_rate and rng.random() < default_rate:
                action = engine.default_action(state, player)
            else:
                legal = [a for a in engine.legal_actions(state, player) if a["type"] != "resign"]
                action = rng.choice(legal)
        after = engine.apply(state, player, action)
        if action["type"] == "resign":
            gone.add(player)
        same, what = oracle(engine, state, after, player, action)
        seen[same, what] += 1
        tracker.moved(after, step, same, f"{player} {action['type']}")
        state = after
    raise AssertionError(f"{where}: no end after {MAX_MOVES} moves")


# --- the oracles ------------------------------------------------------------------------


def complots_same(engine, before, after, player, action):
    """(continued?, what opened: "turn" for a new turn, else the new moment)."""
    old, new = engine.view(before, None), engine.view(after, None)
    if new["pending"] is None:
        return False, "over"
    opened = "turn" if new["turn"] != old["turn"] else new["pending"]["moment"]
    if action["type"] not in ANSWERS or opened != old["pending"]["moment"]:
        return False, opened
    still = set(new["waiting_for"])
    return bool(still) and still <= set(old["waiting_for"]) - {player}, opened


def regicide_same(engine, before, after, player, action):
    return False, action["type"]


def intrigue_decision(view):
    stage = view["stage"] or {}
    upcoming = view["upcoming"] or {}
    return (
        view["round"],
        view["current_player"],
        view["phase"],
        stage.get("kind"),
        stage.get("type"),
        stage.get("slot"),
        tuple(stage.get("kinds") or ()),
        tuple(upcoming.get("external") or ()),
        tuple(upcoming.get("internal") or ()),
    )


def intrigue_same(engine, before, after, player, action):
    same = intrigue_decision(engine.view(before, None)) == intrigue_decision(
        engine.view(after, None)
    )
    if engine.waiting_for(after):
        assert engine.decision_continues(after) == same, (player, action, same)
    return same, action["type"]


# --- the runs ---------------------------------------------------------------------------


def run_complots(games, label):
    engine = get_engine("complots")
    rng = random.Random(f"decision_id/complots/{label}")
    seen = Counter()
    for _ in range(games):
        count = rng.randint(2, 8)
        options = rng.choice(COMPLOTS_SETS)
        play(engine, PLAYERS[:count], options, rng.getrandbits(64), rng, complots_same, seen)
    # the run saw windows going on and every kind of new decision the brief names
    for case in [(True, "challenge"), (True, "block"), (True, "announce"), (True, "choose")]:
        assert seen[case], case
    for case in [(False, "turn"), (False, "challenge"), (False, "block"), (False, "lose")]:
        assert seen[case], case


def run_regicide(games, label):
    engine = get_engine("regicide")
    rng = random.Random(f"decision_id/regicide/{label}")
    seen = Counter()
    for _ in range(games):
        count = rng.randint(1, 4)
        play(engine, PLAYERS[:count], None, rng.getrandbits(64), rng, regicide_same, seen)
    for kind in ("play", "discard", "yield", "choose_next", "flip_jester"):
        assert seen[False, kind], kind


def run_intrigue(games, label):
    engine = get_engine("intrigue")
    rng = random.Random(f"decision_id/intrigue/{label}")
    seen = Counter()
    for _ in range(games):
        count = rng.randint(3, 5)
        players = PLAYERS[:count]
        play(engine, players, None, rng.getrandbits(64), rng, intrigue_same, seen, default_rate=0.3)
    # bargaining, stage 1's placing and the first send go on; decisions close a stage
    for kind in ("offer", "done", "accept", "refuse", "place", "send"):
        assert seen[True, kind], kind
    for kind in ("place", "admit", "replace", "keep", "order", "send"):
        assert seen[False, kind], kind


RUNS = {"complots": run_complots, "regicide": run_regicide, "intrigue": run_intrigue}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_decision_id_follows_the_decisions(name):
    RUNS[name](SHORT, "short")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(RUNS))
def test_decision_id_follows_the_decisions_long(name):
    RUNS[name](SLOW, "slow")
