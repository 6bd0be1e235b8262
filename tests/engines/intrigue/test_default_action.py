"""``default_action``: what a timeout plays, by the fixed rules of the package docstring."""

import pytest

from games.engines import IllegalAction

from .helpers import ENGINE, accept, castle, deal, offer, place, play, public, stage


def test_a_petitioner_times_out_done():
    state = deal(round=2, waiting={"alice": [["bob", "medecin-1"]]})
    assert ENGINE.default_action(state, "bob") == {"type": "done"}


def test_the_host_refuses_each_standing_offer_first_then_places_by_the_fixed_rule():
    state = deal(
        ["alice", "bob", "carol", "dave"],
        round=2,
        first_player="carol",
        castles={"carol": {"10000": ["bob", "chimiste-1"]}},
        waiting={"carol": [["bob", "ecrivain-1"], ["alice", "medecin-2"], ["dave", "religieux-1"]]},
    )
    state = play(state, "bob", offer(3))
    state = play(state, "alice", offer(2, slot=6000))
    state = play(state, "dave", offer(1))
    state = play(state, "carol", accept("dave"))
    assert ENGINE.default_action(state, "carol") == {"type": "refuse", "from": "alice"}
    state = play(state, "carol", ENGINE.default_action(state, "carol"))
    assert ENGINE.default_action(state, "carol") == {"type": "refuse", "from": "bob"}
    state = play(state, "carol", ENGINE.default_action(state, "carol"))
    # owners in seat order from carol's left: dave, alice, bob; each to the highest free slot
    for _ in range(3):
        state = play(state, "carol", ENGINE.default_action(state, "carol"))
    assert castle(state, "carol") == {
        1000: ("bob", "ecrivain-1"),
        3000: ("alice", "medecin-2"),
        6000: ("dave", "religieux-1"),
        10000: ("bob", "chimiste-1"),
    }


def test_the_timed_out_host_admits_the_nearest_owner_and_keeps_the_seated_advisor():
    state = deal(
        round=2,
        first_player="bob",
        castles={"bob": {"1000": ["carol", "ecrivain-1"]}},
        waiting={
            "bob": [
                ["alice", "medecin-1"],
                ["carol", "medecin-2"],
                ["alice", "religieux-1"],
                ["carol", "religieux-2"],
                ["alice", "ecrivain-2"],
            ]
        },
    )
    assert ENGINE.default_action(state, "bob") == {"type": "order", "kind": "medecin"}
    state = play(state, "bob", ENGINE.default_action(state, "bob"))
    # carol sits on bob's left: her medecin is admitted, on the highest free slot
    assert ENGINE.default_action(state, "bob") == {
        "type": "admit",
        "owner": "carol",
        "advisor": "medecin-2",
        "slot": 10000,
    }
    state = play(state, "bob", ENGINE.default_action(state, "bob"))
    state = play(state, "bob", ENGINE.default_action(state, "bob"))
    assert stage(state)["kind"] == "internal"
    assert ENGINE.default_action(state, "bob") == {"type": "keep"}


def test_the_timed_out_sender_sends_the_first_advisors_left_to_the_left_neighbour():
    state = deal(first_player="bob")
    assert ENGINE.default_action(state, "bob") == {
        "type": "send",
        "advisor": "chimiste-1",
        "to": "carol",
    }
    state = play(state, "bob", ENGINE.default_action(state, "bob"))
    state = play(state, "bob", ENGINE.default_action(state, "bob"))
    assert public(state)["waiting"]["carol"] == [
        {"owner": "bob", "advisor": "chimiste-1"},
        {"owner": "bob", "advisor": "chimiste-2"},
    ]


def test_nobody_without_a_decision_gets_a_default_action():
    state = deal(round=2, waiting={"alice": [["bob", "medecin-1"]]})
    for player in ("carol", "mallory", None, 3):
        with pytest.raises(IllegalAction):
            ENGINE.default_action(state, player)
    state = play(state, "alice", place("bob", "medecin-1", 1000))
    with pytest.raises(IllegalAction):
        ENGINE.default_action(state, "bob")
