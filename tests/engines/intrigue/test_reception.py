"""The reception (phase 2): the three golden rules, the three stages and their order.

Golden rules: one advisor per slot; all advisors of a castle of different types (else a
conflict); a type not present must be received. Stages: the advisors in no conflict, then the
external conflicts type by type in the host's order, then the internal conflicts from the
1,000 slot up (ruling 38: a type in both conflicts is settled external first).
"""

import pytest

from .helpers import (
    ENGINE,
    admit,
    castle,
    deal,
    door,
    events,
    island,
    keep,
    moves,
    order,
    place,
    play,
    public,
    refused,
    replace,
    stage,
)


def rigged(**setup):
    """Round 2, alice first and host, with advisors rigged at her door and in her castle."""
    return deal(round=2, first_player="alice", **setup)


# --- stage 1: no conflict ----------------------------------------------------------------------


def test_advisors_in_no_conflict_are_placed_first_on_free_slots_of_the_hosts_choice():
    state = rigged(waiting={"alice": [["carol", "chimiste-1"], ["bob", "medecin-1"]]})
    st = stage(state)
    assert st["kind"] == "place"
    # listed in seat order from the host's left: bob, then carol
    assert st["advisors"] == [
        {"owner": "bob", "advisor": "medecin-1"},
        {"owner": "carol", "advisor": "chimiste-1"},
    ]
    assert st["slots"] == [1000, 3000, 6000, 10000]
    assert ENGINE.waiting_for(state) == ["alice", "bob", "carol"]
    state = play(state, "alice", place("carol", "chimiste-1", 10000))
    # placing carol's advisor ends her bargaining only (ruling 41): bob's still waits
    assert ENGINE.waiting_for(state) == ["alice", "bob"]
    assert moves(state, "carol") == []
    assert refused(state, "alice", place("bob", "medecin-1", 10000))  # rule 1: slot taken
    state = play(state, "alice", place("bob", "medecin-1", 1000))
    assert castle(state, "alice") == {
        1000: ("bob", "medecin-1"),
        3000: None,
        6000: None,
        10000: ("carol", "chimiste-1"),
    }
    assert door(state, "alice") == []
    assert public(state)["phase"] == "send"


def test_the_host_must_receive_every_advisor_in_no_conflict():
    # rule 3: a type not present is received, like it or not: the host has no other choice
    state = rigged(waiting={"alice": [["bob", "religieux-2"]]})
    actions = moves(state, "alice")
    assert {a["type"] for a in actions} == {"place"}
    assert len(actions) == 4  # one per free slot
    for other in (keep(), replace(), admit("bob", "religieux-2", 1000), order("religieux")):
        assert refused(state, "alice", other)


def test_stage_one_places_a_type_missing_from_the_castle_next_to_seated_ones():
    state = rigged(
        castles={"alice": {"1000": ["bob", "chimiste-1"], "6000": ["carol", "medecin-1"]}},
        waiting={"alice": [["bob", "ecrivain-1"]]},
    )
    assert stage(state)["kind"] == "place"
    assert stage(state)["slots"] == [3000, 10000]
    assert refused(state, "alice", place("bob", "ecrivain-1", 1000))
    state = play(state, "alice", place("bob", "ecrivain-1", 3000))
    assert castle(state, "alice")[3000] == ("bob", "ecrivain-1")


# --- stage 2: external conflicts ---------------------------------------------------------------


def test_an_external_conflict_admits_one_and_exiles_the_others():
    state = rigged(waiting={"alice": [["carol", "medecin-2"], ["bob", "medecin-1"]]})
    st = stage(state)
    assert st["kind"] == "external" and st["type"] == "medecin"
    assert [p["id"] for p in st["petitioners"]] == ["bob", "carol"]
    assert refused(state, "alice", place("bob", "medecin-1", 1000))
    state = play(state, "alice", admit("carol", "medecin-2", 6000))
    assert castle(state, "alice")[6000] == ("carol", "medecin-2")
    assert island(state) == [("bob", "medecin-1")]
    assert door(state, "alice") == []


def test_two_advisors_of_one_owner_and_one_type_are_an_external_conflict_too():
    state = rigged(waiting={"alice": [["bob", "medecin-1"], ["bob", "medecin-2"]]})
    assert stage(state)["kind"] == "external"
    assert ENGINE.waiting_for(state) == ["alice", "bob"]
    state = play(state, "alice", admit("bob", "medecin-2", 1000))
    assert island(state) == [("bob", "medecin-1")]


def test_the_host_orders_several_external_conflicts_type_by_type():
    state = rigged(
        waiting={
            "alice": [
                ["bob", "medecin-1"],
                ["carol", "medecin-1"],
                ["bob", "religieux-1"],
                ["carol", "religieux-2"],
            ]
        }
    )
    st = stage(state)
    assert st["kind"] == "order" and st["kinds"] == ["medecin", "religieux"]
    assert ENGINE.waiting_for(state) == ["alice"]  # nobody bargains over an order
    assert moves(state, "bob") == []
    assert refused(state, "alice", order("chimiste"))
    state = play(state, "alice", order("religieux"))
    assert stage(state)["type"] == "religieux"
    state = play(state, "alice", admit("bob", "religieux-1", 10000))
    # the last external conflict needs no order
    assert stage(state)["kind"] == "external" and stage(state)["type"] == "medecin"
    state = play(state, "alice", admit("carol", "medecin-1", 3000))
    kinds = [(e["stage"], e.get("type")) for e in events(state, "stage")]
    assert kinds == [("order", None), ("external", "religieux"), ("external", "medecin")]
    assert island(state) == [("carol", "religieux-2"), ("bob", "medecin-1")]


# --- stage 3: internal conflicts ---------------------------------------------------------------


def test_internal_conflicts_are_settled_from_the_1000_slot_up():
    state = rigged(
        castles={
            "alice": {
                "10000": ["bob", "ecrivain-1"],
                "1000": ["bob", "chimiste-1"],
                "6000": ["carol", "medecin-1"],
            }
        },
        waiting={"alice": [["carol", "ecrivain-2"], ["bob", "medecin-2"], ["carol", "chimiste-2"]]},
    )
    seen = []
    while stage(state) is not None:
        st = stage(state)
        assert st["kind"] == "internal"
        seen.append((st["slot"], st["type"]))
        state = play(state, "alice", keep() if st["slot"] == 6000 else replace())
    assert seen == [(1000, "chimiste"), (6000, "medecin"), (10000, "ecrivain")]
    assert castle(state, "alice") == {
        1000: ("carol", "chimiste-2"),
        3000: None,
        6000: ("carol", "medecin-1"),
        10000: ("carol", "ecrivain-2"),
    }
    # the replaced go to the island (ruling 38), like the newcomer kept out
    assert island(state) == [("bob", "chimiste-1"), ("bob", "medecin-2"), ("bob", "ecrivain-1")]


def test_the_seated_advisors_owner_takes_part_in_the_internal_conflict():
    state = rigged(
        castles={"alice": {"3000": ["bob", "medecin-1"]}},
        waiting={"alice": [["carol", "medecin-2"]]},
    )
    st = stage(state)
    assert st["kind"] == "internal" and st["slot"] == 3000
    assert st["seated"] == {"owner": "bob", "advisor": "medecin-1"}
    assert st["advisors"] == [{"owner": "carol", "advisor": "medecin-2"}]
    assert [p["id"] for p in st["petitioners"]] == ["bob", "carol"]
    assert ENGINE.waiting_for(state) == ["alice", "bob", "carol"]
    assert {a["type"] for a in moves(state, "alice")} == {"replace", "keep"}


def test_a_replaced_advisor_leaves_its_slot_to_the_newcomer_and_goes_to_the_island():
    state = rigged(
        castles={"alice": {"3000": ["bob", "medecin-1"]}},
        waiting={"alice": [["carol", "medecin-2"]]},
    )
    state = play(state, "alice", replace())
    assert castle(state, "alice")[3000] == ("carol", "medecin-2")
    assert island(state) == [("bob", "medecin-1")]
    (entry,) = events(state, "replace")
    assert entry["replaced"] == ["bob", "medecin-1"] and entry["slot"] == 3000


def test_keeping_the_seated_advisor_exiles_the_newcomer():
    state = rigged(
        castles={"alice": {"3000": ["bob", "medecin-1"]}},
        waiting={"alice": [["carol", "medecin-2"]]},
    )
    state = play(state, "alice", keep())
    assert castle(state, "alice")[3000] == ("bob", "medecin-1")
    assert island(state) == [("carol", "medecin-2")]


def test_ruling_38_external_first_then_the_admitted_one_faces_the_seated_advisor():
    state = rigged(
        castles={"alice": {"3000": ["bob", "medecin-1"]}},
        waiting={"alice": [["carol", "medecin-1"], ["bob", "medecin-2"]]},
    )
    st = stage(state)
    assert st["kind"] == "external" and st["type"] == "medecin"
    # only the owners of the contenders bargain over the external conflict
    assert [p["id"] for p in st["petitioners"]] == ["bob", "carol"]
    # the admitted one does not get a free slot: it goes to face the seated medecin at 3000
    assert st["slots"] == [3000]
    assert refused(state, "alice", admit("carol", "medecin-1", 1000))
    state = play(state, "alice", admit("carol", "medecin-1", 3000))
    assert island(state) == [("bob", "medecin-2")]
    assert door(state, "alice") == [("carol", "medecin-1")]
    st = stage(state)
    assert st["kind"] == "internal" and st["slot"] == 3000
    assert st["advisors"] == [{"owner": "carol", "advisor": "medecin-1"}]
    state = play(state, "alice", replace())
    assert castle(state, "alice")[3000] == ("carol", "medecin-1")
    assert island(state) == [("bob", "medecin-2"), ("bob", "medecin-1")]


def test_the_three_stages_come_in_the_rules_order_in_one_turn():
    state = deal(
        ["alice", "bob", "carol", "dave"],
        round=2,
        castles={"alice": {"1000": ["dave", "religieux-1"]}},
        waiting={
            "alice": [
                ["bob", "religieux-2"],  # internal (1000)
                ["carol", "ecrivain-1"],  # external ecrivain
                ["dave", "ecrivain-2"],  # external ecrivain
                ["bob", "chimiste-1"],  # no conflict
            ]
        },
    )
    assert stage(state)["kind"] == "place"
    state = play(state, "alice", place("bob", "chimiste-1", 10000))
    assert stage(state)["kind"] == "external"
    state = play(state, "alice", admit("dave", "ecrivain-2", 6000))
    assert stage(state)["kind"] == "internal"
    state = play(state, "alice", keep())
    assert [e["stage"] for e in events(state, "stage")] == ["place", "external", "internal"]
    assert public(state)["phase"] == "send"


def test_every_castle_keeps_its_advisors_of_different_types():
    state = rigged(
        castles={"alice": {"1000": ["bob", "chimiste-1"]}},
        waiting={"alice": [["carol", "chimiste-2"], ["bob", "ecrivain-1"]]},
    )
    # the chimiste at the door is in an internal conflict, never placed beside the seated one
    assert stage(state)["advisors"] == [{"owner": "bob", "advisor": "ecrivain-1"}]
    assert refused(state, "alice", place("carol", "chimiste-2", 3000))


@pytest.mark.parametrize(
    "castles",
    [
        {"alice": {"1000": ["bob", "chimiste-1"], "3000": ["carol", "chimiste-2"]}},
        {"alice": {"1000": ["alice", "chimiste-1"]}},
    ],
)
def test_a_setup_breaking_the_golden_rules_is_refused(castles):
    from games.engines import IllegalAction

    with pytest.raises(IllegalAction):
        rigged(castles=castles)
