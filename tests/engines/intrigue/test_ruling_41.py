"""Ruling 41 (docs/rulings.md): "Stage 1 (the advisors in no conflict) is bargained advisor
by advisor: placing an advisor ends its owner's bargaining and nobody else's. A petitioner
whose advisor is still waiting may go on offering, and asking for a slot still free, until
the host places it; the stage is over when the last waiting advisor is placed." """

from .helpers import ENGINE, accept, deal, offer, place, play, public, refused


def log(state):
    return public(state)["log"]


DOOR = {"alice": [["carol", "chimiste-1"], ["bob", "medecin-1"]]}


def rigged():
    return deal(round=2, first_player="alice", waiting=DOOR)


def offers(state):
    return [(o["from"], o["amount"], o.get("slot")) for o in public(state)["offers"]]


def test_placing_an_advisor_ends_its_owners_bargaining_and_nobody_elses():
    state = rigged()
    state = play(state, "bob", offer(2, slot=10000))
    state = play(state, "carol", offer(1))
    state = play(state, "alice", place("carol", "chimiste-1", 10000))
    # carol's bargaining is over (her standing offer lapses); bob's advisor still waits
    assert ENGINE.waiting_for(state) == ["alice", "bob"]
    assert offers(state) == [("bob", 2, 10000)]
    assert {"event": "lapse", "player": "carol", "amount": 1} in log(state)
    assert refused(state, "carol", offer(3))


def test_a_petitioner_whose_advisor_waits_goes_on_offering_for_a_slot_still_free():
    state = rigged()
    state = play(state, "alice", place("carol", "chimiste-1", 10000))
    assert refused(state, "bob", offer(2, slot=10000))  # taken now
    state = play(state, "bob", offer(2, slot=6000))
    state = play(state, "alice", accept("bob"))
    state = play(state, "alice", place("bob", "medecin-1", 6000))
    assert public(state)["phase"] == "send"  # the last advisor placed: the stage is over


def test_stage_one_is_one_decision_until_its_last_advisor_is_placed():
    """One deadline for the stage: its decision id stays while advisors are placed."""
    state = rigged()
    opened = ENGINE.decision_id(state)
    state = play(state, "bob", offer(1))
    state = play(state, "alice", place("carol", "chimiste-1", 10000))
    assert ENGINE.decision_id(state) == opened
    assert ENGINE.decision_continues(state)
    state = play(state, "bob", offer(2))
    assert ENGINE.decision_id(state) == opened
    state = play(state, "alice", place("bob", "medecin-1", 1000))
    assert ENGINE.decision_id(state) != opened


def test_the_owners_last_advisor_placed_lets_the_host_place_the_rest_alone():
    state = rigged()
    state = play(state, "alice", place("bob", "medecin-1", 1000))
    assert ENGINE.waiting_for(state) == ["alice", "carol"]
    state = play(state, "carol", {"type": "done"})
    assert ENGINE.waiting_for(state) == ["alice"]
