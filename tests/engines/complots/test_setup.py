"""new_game refuses impossible games and setups with a clear ValueError (IllegalAction is
one), and honours the setup it is given (engine docstring, docs/engines.md "options["setup"]")."""

import pytest

from games.engines import IllegalAction

from .helpers import (
    ENGINE,
    coins,
    court_size,
    current,
    deal,
    everyone_passes,
    hand,
    play,
    power,
    private,
    treasury,
    view,
    waiting,
)

ABC = ["alice", "bob", "carol"]


@pytest.mark.parametrize(
    "players",
    [[], ["alice"], [f"p{i}" for i in range(9)], ["alice", "alice", "bob"]],
    ids=["nobody", "one", "nine", "twice"],
)
def test_impossible_tables_are_refused(players):
    with pytest.raises(ValueError) as caught:
        ENGINE.new_game(players, seed=1)
    assert str(caught.value).strip()


@pytest.mark.parametrize(
    "options",
    [
        {"characters": ["duchesse", "assassin", "comtesse", "capitaine"]},
        {"characters": ["duchesse", "ursuline", "comtesse", "capitaine", "ambassadeur"]},
        {"characters": ["duchesse", "assassin", "comtesse", "capitaine", "roi"]},
        {"characters": "randomly"},
        {"setup": {"hands": {"alice": ["duchesse", "duchesse"], "bob": ["duchesse", "duchesse"]}}},
        {"setup": {"hands": {"mallory": ["duchesse", "assassin"]}}},
        {"setup": {"hands": {"alice": ["duchesse", "assassin", "comtesse"]}}},
        {"setup": {"hands": {"alice": ["ursuline", "assassin"]}}},
        {"setup": {"coins": {"alice": 30, "bob": 30}}},
        {"setup": {"coins": {"alice": -1}}},
        {"setup": {"first_player": "mallory"}},
        {"setup": {"court": ["duchesse"] * 4}},
    ],
    ids=[
        "four-characters",
        "two-perceptrices",
        "unknown-character",
        "bad-random",
        "four-duchesses",
        "unknown-player-hand",
        "three-cards",
        "character-not-in-play",
        "too-many-coins",
        "negative-coins",
        "unknown-first-player",
        "court-with-four-of-a-kind",
    ],
)
def test_impossible_options_are_refused(options):
    with pytest.raises(ValueError) as caught:
        ENGINE.new_game(ABC, options=options, seed=1)
    assert str(caught.value).strip()


def test_illegal_action_is_a_value_error():
    assert issubclass(IllegalAction, ValueError)


def test_the_setup_is_honoured():
    state = deal(
        ABC,
        hands={"alice": ["duchesse", "assassin"], "carol": ["comtesse", "comtesse"]},
        court=["capitaine", "ambassadeur"],
        coins={"bob": 5},
        first_player="carol",
    )
    assert hand(state, "alice") == ["assassin", "duchesse"]
    assert hand(state, "carol") == ["comtesse", "comtesse"]
    assert coins(state, "alice") == 2 and coins(state, "bob") == 5 and coins(state, "carol") == 2
    assert treasury(state) == 54 - 9
    assert court_size(state) == 15 - 6
    assert current(state) == "carol" and waiting(state) == ["carol"]
    assert view(state)["turn"] == 1


def test_the_rigged_court_is_drawn_top_first():
    state = deal(ABC, hands={"alice": ["ambassadeur", "assassin"]}, court=["capitaine", "comtesse"])
    state = play(state, "alice", power("ambassadeur"))
    state = everyone_passes(state)
    assert private(state, "alice")["drawn"] == ["capitaine", "comtesse"]
