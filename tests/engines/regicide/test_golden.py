"""Golden playouts: the engine's behaviour, pinned by digests.

For fixed seeds at 1-4 players, a seeded random playout through the public contract records,
at every decision, the legal actions, the dumped state, the view of the current player, the
timeout default, the outcome, and the errors (template and parameters) of a few illegal or
malformed actions; it applies, now and then, a plain-dict copy of the chosen action, a
non-minimal cover, or the default action instead of the shared action. The SHA-256 of all
that must match the digest recorded from a reference version of the engine, so that a
change meant to be only faster (a new state layout, caches, tables) provably changes no
behaviour: not the listed actions nor their order, the states, the serialized format, the
errors or the random draws.

To refresh after an intended change of behaviour: ``python -m
tests.engines.regicide.test_golden`` prints the new digests.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from games.engines import IllegalAction

from .helpers import ENGINE

PLAYERS = ["alice", "bob", "carol", "dave"]
SEEDS = range(120)

#: players -> the digest of the playouts of SEEDS (from the reference engine)
EXPECTED = {
    1: "97465c5324ab1e4109ed4471ee4fe0c34cf4e874612930f66798af8702f97db8",
    2: "840b1db9f7d0edde6f9214ea627788174ff299b36943560f3d2e4840fb18c9c3",
    3: "1bc484383d8d66fef563e6dfaca6deb8f5b1d9240f34d7b4c066b30c4ffad030",
    4: "d6dac6b8e695ad137d6acba54b01daaa17023df27ab4d8bfb8387d9b644311d1",
}

#: Illegal or malformed actions tried at random moments: only their errors are recorded.
PROBES = [
    None,
    {"type": "resign"},
    {"type": "yield"},
    {"type": "flip_jester"},
    {"type": "play", "cards": ["2H", "2H"]},
    {"type": "play", "cards": ["AH", "X1"]},
    {"type": "play", "cards": ["3C", "3D", "3H", "3S"]},
    {"type": "play", "cards": ["AS", "2S", "3S"]},
    {"type": "play", "cards": ["KH"], "extra": 1},
    {"type": "discard", "cards": ["2C"]},
    {"type": "discard", "cards": ["AH", "AC", "AD", "AS", "2C"]},
    {"type": "choose_next", "player": "mallory"},
    {"type": "choose_next", "player": "alice"},
]


#: Rigged starts (``options["setup"]``) for some of the seeds.
SETUPS = [
    {"setup": {"castle": ["KS", "JH"], "tavern": ["10H", "9D"]}},
    {"setup": {"discard": ["2H", "3H", "4H", "5H", "6H", "7H"], "castle": ["QH"]}},
    {"setup": {"hands": {"alice": ["AH", "AS", "2C", "2D", "KD"]}}},
    {
        "setup": {
            "castle": ["JC", "KD"],
            "discard": ["JH", "JD", "JS", "QH", "QD", "QC", "QS", "KH", "KC", "KS"],
        }
    },
]


def _strength(action):
    """How hard a play hits, roughly (a policy that gets further than random play)."""
    return sum(VALUES.get(c[:-1], 0) if c[0] != "X" else 0 for c in action.get("cards", ()))


VALUES = {"A": 1, "J": 10, "Q": 15, "K": 20, **{str(n): n for n in range(2, 11)}}


def _error(state, player, action):
    try:
        ENGINE.apply(state, player, action)
    except IllegalAction as exc:
        return [exc.template, exc.params]
    return "accepted"


def _non_minimal(hand, action):
    """A plain discard of ``action``'s cards plus one more card of the hand, if any."""
    rest = [c for c in hand if c not in action["cards"]]
    if not rest:
        return None
    return {"type": "discard", "cards": [*action["cards"], rest[0]]}


def playout_digest(count, seeds=SEEDS):
    h = hashlib.sha256()
    players = PLAYERS[:count]

    def record(item):
        h.update(json.dumps(item, sort_keys=True, separators=(",", ":")).encode())
        h.update(b"\n")

    for seed in seeds:
        rng = random.Random(f"golden/{count}/{seed}")
        strong = seed % 2 == 1
        options = SETUPS[seed % len(SETUPS)] if seed % 3 == 2 else None
        state = ENGINE.new_game(players, options=options, seed=seed)
        record(["new", seed, ENGINE.dump(state)])
        for _ in range(2000):
            waiting = ENGINE.waiting_for(state)
            record(["waiting", waiting, ENGINE.outcome(state)])
            if not waiting:
                break
            player = waiting[0]
            legal = ENGINE.legal_actions(state, player)
            record(["legal", legal])
            for other in players:
                if other != player:
                    record(["other", ENGINE.legal_actions(state, other)])
            default = ENGINE.default_action(state, player)
            record(["default", default])
            view = ENGINE.view(state, player)
            record(["view", view])
            if rng.random() < 0.2:
                probe = rng.choice(PROBES)
                record(["probe", probe, _error(state, player, probe)])
                other = rng.choice(players)
                record(["probe_other", other, _error(state, other, legal[0] if legal else None)])
            roll = rng.random()
            if strong and legal[0]["type"] == "play":  # go deeper into the Castle
                action = max(legal, key=_strength)
            else:
                action = legal[rng.randrange(len(legal))]
            if roll < 0.1:
                action = default
            elif roll < 0.3:
                action = json.loads(json.dumps(action))
            elif roll < 0.4 and action["type"] == "discard":
                bigger = _non_minimal(view["players"][players.index(player)]["hand"], action)
                if bigger is not None:
                    action = bigger
            record(["apply", action])
            before = ENGINE.dump(state)
            after = ENGINE.apply(state, player, action)
            assert ENGINE.dump(state) == before  # apply leaves its input unchanged
            state = after
            dumped = ENGINE.dump(state)
            record(["state", dumped])
            if rng.random() < 0.1:  # continue from a round trip through JSON
                state = ENGINE.load(json.loads(json.dumps(dumped)))
        else:
            raise AssertionError("the playout did not end")
    return h.hexdigest()


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_golden_playouts(count):
    assert playout_digest(count) == EXPECTED[count]


if __name__ == "__main__":
    for n in (1, 2, 3, 4):
        print(f'    {n}: "{playout_digest(n)}",')
