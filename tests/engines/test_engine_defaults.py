"""The optional part of the contract (docs/engines.md): every optional method and attribute
is on ``Engine`` with its documented default, and the site engines set their player counts."""

import pytest

from games.engines import Engine, get_engine
from games.engines.base import RESIGN_TYPES


class Tiny(Engine):
    """Two players; "a" may pass or resign while "b" waits for nothing."""

    name = "tiny"

    def __init__(self, actions):
        self.actions = actions

    def waiting_for(self, state):
        return ["a"] if state == "open" else []

    def legal_actions(self, state, player):
        return list(self.actions) if player == "a" and state == "open" else []


def test_defaults_of_an_engine_that_says_nothing():
    engine = Tiny([{"type": "pass"}, {"type": "concede"}])
    assert (Engine.min_players, Engine.max_players) == (1, 8)
    assert engine.decision_id("open") is None
    assert engine.decision_continues is None  # the engine does not say
    assert engine.standing_orders == ()
    assert engine.standing_answer("open", "a", {"x"}) == (None, {"x"})
    assert engine.in_window("open") is True
    assert engine.in_window("closed") is False
    assert Tiny([{"type": "play"}]).in_window("open") is False
    assert engine.resign_action("open", "a") == {"type": "concede"}
    assert engine.resign_action("open", "b") is None
    assert Tiny([{"type": "pass"}]).resign_action("open", "a") is None
    assert RESIGN_TYPES == ("resign", "forfeit", "concede")


@pytest.mark.parametrize(
    "name, low, high", [("complots", 2, 8), ("regicide", 1, 4), ("intrigue", 3, 5)]
)
def test_player_counts_are_the_ones_new_game_accepts(name, low, high):
    engine = get_engine(name)
    assert (engine.min_players, engine.max_players) == (low, high)
    for count in range(1, 10):
        players = [f"p{i}" for i in range(count)]
        try:
            engine.new_game(players, seed=b"\0" * 32)
        except ValueError:
            assert not low <= count <= high, count
        else:
            assert low <= count <= high, count


@pytest.mark.parametrize("name", ["complots", "intrigue"])
def test_resign_action_of_the_engines_that_have_one(name):
    engine = get_engine(name)
    players = ["p0", "p1", "p2"]
    state = engine.new_game(players, seed=7)
    for player in players:
        assert engine.resign_action(state, player) == {"type": "resign"}
    state = engine.apply(state, "p1", {"type": "resign"})
    assert engine.resign_action(state, "p1") is None


def test_regicide_has_no_resignation():
    engine = get_engine("regicide")
    state = engine.new_game(["p0", "p1"], seed=7)
    assert engine.resign_action(state, "p0") is None


def test_in_window_of_the_site_engines():
    complots = get_engine("complots")
    state = complots.new_game(["p0", "p1", "p2"], seed=7)
    assert complots.in_window(state) is False  # a turn
    state = complots.apply(state, "p0", {"type": "power", "character": "duchesse"})
    assert complots.in_window(state) is True  # the claim's challenge window
    intrigue = get_engine("intrigue")
    assert intrigue.in_window(intrigue.new_game(["p0", "p1", "p2"], seed=7)) is False
