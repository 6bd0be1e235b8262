"""Bad input of any shape raises IllegalAction and changes nothing (docs/engines.md: "raises
`IllegalAction` and nothing else"), at every moment of a rigged turn and of random games."""

import json
import random

import pytest

from games.engines import IllegalAction

from .garbage import GARBAGE, GARBAGE_NESTED, mutations
from .helpers import ENGINE, THREE, deal

ACTORS = [*THREE, "mallory", None, 3, ["alice"]]


def _every_moment():
    """States at each kind of moment: send, stage 1, order, external, internal, over."""
    state = deal(
        round=2,
        castles={"alice": {"1000": ["bob", "chimiste-1"]}},
        waiting={
            "alice": [
                ["bob", "ecrivain-1"],
                ["bob", "medecin-1"],
                ["carol", "medecin-2"],
                ["bob", "religieux-1"],
                ["carol", "religieux-2"],
                ["carol", "chimiste-2"],
            ]
        },
        money={"carol": 0},
    )
    yield "start", deal()
    for _ in range(24):  # the rigged reception, then a few turns
        yield ENGINE.view(state, None)["stage"] or "send", state
        player = ENGINE.waiting_for(state)[-1]
        state = ENGINE.apply(state, player, ENGINE.default_action(state, player))
    yield "over", deal(round=5)


class Moment:
    """A state with its dump and everyone's legal actions, computed once."""

    def __init__(self, name, state):
        self.name = name
        self.state = state
        self.dump = ENGINE.dump(state)
        self.legal = {p: ENGINE.legal_actions(state, p) for p in THREE}

    def refuses(self, actor, action):
        try:
            ENGINE.apply(self.state, actor, action)
        except IllegalAction:
            assert ENGINE.dump(self.state) == self.dump, "a refused action changed the state"
            return True
        return False


MOMENTS = [Moment(name, state) for name, state in _every_moment()]


def every_moment():
    return [(m.name, m.state) for m in MOMENTS]


@pytest.mark.parametrize("garbage", GARBAGE + GARBAGE_NESTED, ids=repr)
def test_garbage_is_refused_at_every_moment(garbage):
    for moment in MOMENTS:
        for actor in ACTORS:
            if isinstance(actor, str) and garbage in moment.legal.get(actor, []):
                continue
            assert moment.refuses(actor, garbage), f"{moment.name}: {actor} {garbage!r} accepted"


def test_near_misses_of_legal_actions_and_wrong_players_are_refused():
    rng = random.Random("near-misses")
    checked = 0
    for moment in MOMENTS:
        for player in THREE:
            legal = moment.legal[player]
            for action in legal[:6] + rng.sample(legal, min(6, len(legal))):
                for mutated in mutations(action, THREE, rng):
                    if mutated not in legal:
                        assert moment.refuses(player, mutated), (player, mutated)
                        checked += 1
                for other in THREE:
                    if other != player and action not in moment.legal[other]:
                        assert moment.refuses(other, action)
    assert checked > 500


def test_load_refuses_what_is_not_a_state():
    dump = ENGINE.dump(deal())
    broken = json.loads(json.dumps(dump))
    broken["castles"] = broken["castles"][:1]
    for data in (None, 3, "x", [], {}, {"version": 2}, broken):
        with pytest.raises(IllegalAction):
            ENGINE.load(data)


@pytest.mark.parametrize(
    "options",
    [
        "x",
        [],
        {"cards": 3},
        {"setup": 3},
        {"setup": {"rounds": 2}},
        {"setup": {"round": 0}},
        {"setup": {"round": 6}},
        {"setup": {"round": "2"}},
        {"setup": {"money": {"alice": -1000}}},
        {"setup": {"money": {"alice": 1500}}},
        {"setup": {"money": {"mallory": 1000}}},
        {"setup": {"money": ["alice"]}},
        {"setup": {"first_player": "mallory"}},
        {"setup": {"first_player": ["alice"]}},
        {"setup": {"castles": {"alice": {"2000": ["bob", "medecin-1"]}}}},
        {"setup": {"castles": {"alice": {"1000": ["bob", "medecin-9"]}}}},
        {"setup": {"castles": {"alice": {"1000": "bob"}}}},
        {"setup": {"castles": {"alice": {"1000": ["bob", "medecin-1"], 1000: ["carol", "x"]}}}},
        {"setup": {"castles": {"alice": [["bob", "medecin-1"]]}}},
        {"setup": {"waiting": {"alice": [["alice", "medecin-1"]]}}},
        {"setup": {"waiting": {"alice": [["bob", "medecin-1"], ["bob", "medecin-1"]]}}},
        {
            "setup": {
                "waiting": {"bob": [["alice", "medecin-1"]]},
                "island": [["alice", "medecin-1"]],
            }
        },
        {"setup": {"island": [["bob"]]}},
        {"setup": {"island": {"bob": "medecin-1"}}},
    ],
    ids=repr,
)
def test_impossible_options_are_refused(options):
    with pytest.raises(IllegalAction):
        ENGINE.new_game(THREE, options=options)


@pytest.mark.parametrize("seed", [3.5, [1], {"a": 1}, True])
def test_a_bad_seed_is_refused(seed):
    with pytest.raises(IllegalAction):
        ENGINE.new_game(THREE, seed=seed)
