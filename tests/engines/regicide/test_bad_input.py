"""Bad input of any shape raises IllegalAction and changes nothing (docs/engines.md: "raises
`IllegalAction` and nothing else"), at every moment of the game: step 1, step 4, the
Jester's choice, a solo flip, and after the end."""

import json

import pytest

from games.engines import IllegalAction

from .helpers import ENGINE, deal, dump, play, refused
from .randomplay import GARBAGE, PLAYER_NAMES, check_illegal, new_rng


def moments():
    """A rigged position for every moment of the game."""
    trio = ["alice", "bob", "carol"]
    step1 = deal(trio, hands={"alice": ["X1", "5D", "5H", "AS", "KC"]}, castle=["JS"])
    step4 = play(deal(trio, hands={"alice": ["2C", "9D", "8H"]}, castle=["JS"]), "alice", "2C")
    choose = play(step1, "alice", "X1")
    solo = deal(["alice"], hands={"alice": ["2C", "3D"]}, castle=["JS"])
    solo4 = play(solo, "alice", "2C")
    over = play(deal(trio, hands={"alice": ["2C", "3D"]}, castle=["JS"]), "alice", "2C")
    return {
        "step1": step1,
        "step4": step4,
        "choose": choose,
        "solo": solo,
        "solo step4": solo4,
        "over": over,
    }


MOMENTS = moments()


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_garbage_is_refused_at_every_moment(moment):
    state = MOMENTS[moment]
    for garbage in GARBAGE:
        for player in ("alice", "bob", "mallory", None, 7, ["alice"]):
            if player in ENGINE.waiting_for(state) and garbage in ENGINE.legal_actions(
                state, player
            ):
                continue
            refused(state, player, garbage)


@pytest.mark.parametrize("moment", list(MOMENTS))
def test_the_right_action_at_the_wrong_moment_is_refused(moment):
    state = MOMENTS[moment]
    listed = ENGINE.legal_actions(state, "alice")
    for action in [
        {"type": "play", "cards": ["KC"]},
        {"type": "discard", "cards": ["9D", "8H"]},
        {"type": "yield"},
        {"type": "choose_next", "player": "bob"},
        {"type": "flip_jester"},
    ]:
        if action not in listed and not (moment == "step4" and action["type"] == "discard"):
            refused(state, "alice", action)


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_garbage_at_random_moments_of_random_games(count):
    rng = new_rng("bad-input", count)
    players = PLAYER_NAMES[:count]
    for _ in range(4):
        state = ENGINE.new_game(players, seed=rng.getrandbits(32))
        while ENGINE.waiting_for(state):
            check_illegal(state, players, rng, f"{count}p")
            player = ENGINE.waiting_for(state)[0]
            state = ENGINE.apply(state, player, rng.choice(ENGINE.legal_actions(state, player)))
        check_illegal(state, players, rng, f"{count}p over")


def test_legal_actions_and_views_of_strangers():
    state = MOMENTS["step1"]
    for stranger in ("mallory", None, 3, ["alice"]):
        assert ENGINE.legal_actions(state, stranger) == []
        with pytest.raises(IllegalAction):
            ENGINE.default_action(state, stranger)
    with pytest.raises(IllegalAction):
        ENGINE.view(state, "mallory")
    with pytest.raises(IllegalAction):
        ENGINE.default_action(state, "bob")  # not waited for


@pytest.mark.parametrize(
    "data",
    [None, [], "state", {}, {"version": 2}, {"version": 1}, {"version": 1, "players": "ab"}],
    ids=repr,
)
def test_loading_garbage_is_refused(data):
    with pytest.raises(IllegalAction):
        ENGINE.load(data)


def test_loading_a_tampered_dump_is_refused():
    good = dump(MOMENTS["step4"])
    for key, value in [
        ("hands", [["ZZ"]]),
        ("hands", "2C"),
        ("enemy", "7H"),
        ("castle", ["7H"]),
        ("phase", "dance"),
        ("cur", 9),
        ("damage", -1),
        ("jester", 1),
        ("key", "zz"),
        ("table", [[0]]),
        ("log", [3]),
        ("result", "draw"),
    ]:
        data = json.loads(json.dumps(good))
        data[key] = value
        with pytest.raises(IllegalAction):
            ENGINE.load(data)


def test_legal_actions_are_read_only_and_equal_dicts_are_accepted():
    state = MOMENTS["step1"]
    action = ENGINE.legal_actions(state, "alice")[0]
    with pytest.raises(TypeError):
        action["type"] = "yield"
    with pytest.raises(TypeError):
        action["cards"].append("2H")
    mine = json.loads(json.dumps(action))
    assert ENGINE.apply(state, "alice", mine) is not None
    reordered = {"type": "play", "cards": ["AS", "KC"][::-1]}
    assert ENGINE.apply(state, "alice", reordered) is not None
