"""Negotiation: offers, revisions, acceptance, refusal, the bank's 1,000, lapses.

Rulings 32 and 40: bribes are whole thousands, never more than the briber has, paid at once
on acceptance and never taken back; an offer not accepted when its stage ends lapses; a broke
petitioner's accepted bribe is the bank's 1,000.
"""

from .helpers import (
    ENGINE,
    accept,
    admit,
    castle,
    deal,
    done,
    events,
    keep,
    money,
    moves,
    offer,
    offers,
    place,
    play,
    refuse,
    refused,
    stage,
)


def stage_one(**setup):
    """alice hosts bob's medecin-1 and carol's chimiste-1 in stage 1 (round 2)."""
    return deal(
        round=2, waiting={"alice": [["bob", "medecin-1"], ["carol", "chimiste-1"]]}, **setup
    )


def test_offers_go_up_to_the_petitioners_money_in_thousands_with_an_optional_slot():
    state = stage_one(money={"bob": 3000})
    legal = moves(state, "bob")
    amounts = sorted({a["amount"] for a in legal if a["type"] == "offer"})
    assert amounts == [0, 1, 2, 3]
    assert offer(3, slot=10000) in legal and offer(0) in legal
    assert legal[-1] == done()
    assert len(legal) == 4 * (1 + 4) + 1


def test_a_bribe_larger_than_ones_money_is_refused():
    state = stage_one(money={"bob": 3000})
    assert refused(state, "bob", offer(4))
    assert refused(state, "bob", offer(4, slot=10000))
    assert refused(state, "bob", offer(-1))
    state = play(state, "bob", offer(3))
    assert offers(state) == [("bob", 3, None, "standing")]


def test_revising_an_unaccepted_offer_replaces_it():
    state = stage_one()
    state = play(state, "bob", offer(3, slot=6000))
    state = play(state, "carol", offer(2))
    state = play(state, "bob", offer(5, slot=10000))
    assert offers(state) == [("bob", 5, 10000, "standing"), ("carol", 2, None, "standing")]
    assert [e["amount"] for e in events(state, "offer")] == [3, 2, 5]


def test_an_accepted_bribe_is_paid_at_once_and_never_returned():
    state = stage_one()
    state = play(state, "bob", offer(5, slot=10000))
    state = play(state, "alice", accept("bob"))
    assert money(state, "bob") == 27000
    assert money(state, "alice") == 37000
    assert offers(state) == [("bob", 5, 10000, "accepted")]
    (entry,) = events(state, "accept")
    assert entry["ducats"] == 5000 and entry["bank"] is False
    # the paid bribe is final: bob bargains no more in this stage
    assert ENGINE.waiting_for(state) == ["alice", "carol"]
    assert moves(state, "bob") == []
    # the promise is broken: bob's medecin goes to 1,000; the money stays with alice
    state = play(state, "alice", place("bob", "medecin-1", 1000))
    state = play(state, "alice", place("carol", "chimiste-1", 10000))
    assert castle(state, "alice")[1000] == ("bob", "medecin-1")
    assert money(state, "bob") == 27000 and money(state, "alice") == 37000


def test_a_refused_offer_is_gone_and_the_petitioner_may_offer_again():
    state = stage_one()
    state = play(state, "bob", offer(2))
    state = play(state, "alice", refuse("bob"))
    assert offers(state) == []
    assert ENGINE.waiting_for(state) == ["alice", "bob", "carol"]
    assert refused(state, "alice", accept("bob"))
    state = play(state, "bob", offer(4))
    assert money(state, "bob") == 32000
    assert offers(state) == [("bob", 4, None, "standing")]


def test_unaccepted_offers_lapse_when_the_host_decides():
    state = stage_one()
    state = play(state, "bob", offer(5, slot=10000))
    state = play(state, "carol", offer(1))
    state = play(state, "alice", accept("carol"))
    state = play(state, "alice", place("bob", "medecin-1", 10000))
    # bob's 5,000 was never paid; carol's accepted 1,000 stays on record for the stage
    assert offers(state) == [("carol", 1, None, "accepted")]
    assert money(state, "bob") == 32000 and money(state, "carol") == 31000
    (lapse,) = events(state, "lapse")
    assert lapse == {"event": "lapse", "player": "bob", "amount": 5, "slot": 10000}
    assert ENGINE.waiting_for(state) == ["alice"]


def test_a_broke_petitioner_offers_nothing_and_the_bank_pays_1000_when_accepted():
    state = stage_one(money={"bob": 0})
    legal = [a for a in moves(state, "bob") if a["type"] == "offer"]
    assert {a["amount"] for a in legal} == {0}
    assert refused(state, "bob", offer(1))
    state = play(state, "bob", offer(0, slot=10000))
    # standing, a broke petitioner's offer looks like any offer of 0
    assert offers(state) == [("bob", 0, 10000, "standing")]
    state = play(state, "alice", accept("bob"))
    assert money(state, "bob") == 0
    assert money(state, "alice") == 33000
    (entry,) = events(state, "accept")
    assert entry["bank"] is True and entry["ducats"] == 1000
    (shown,) = ENGINE.view(state, "carol")["offers"]
    assert shown["paid"] == 1000 and shown["bank"] is True


def test_a_petitioner_with_money_pays_nothing_for_an_accepted_offer_of_0():
    state = stage_one(money={"bob": 1000})
    state = play(state, "bob", offer(0, slot=10000))
    state = play(state, "alice", accept("bob"))
    assert money(state, "bob") == 1000 and money(state, "alice") == 32000


def test_done_takes_a_petitioner_out_and_leaves_the_standing_offer_to_the_host():
    state = stage_one()
    state = play(state, "bob", offer(2))
    state = play(state, "bob", done())
    assert ENGINE.waiting_for(state) == ["alice", "carol"]
    assert moves(state, "bob") == []
    assert refused(state, "bob", offer(3))
    state = play(state, "carol", done())
    assert ENGINE.waiting_for(state) == ["alice"]
    state = play(state, "alice", accept("bob"))
    assert money(state, "bob") == 30000


def test_nobody_without_a_stake_bargains_and_the_host_makes_no_offer():
    state = deal(round=2, waiting={"alice": [["bob", "medecin-1"]]})
    assert ENGINE.waiting_for(state) == ["alice", "bob"]
    assert moves(state, "carol") == []
    assert refused(state, "carol", offer(1))
    assert refused(state, "alice", offer(1))
    assert refused(state, "bob", accept("bob"))
    assert refused(state, "alice", accept("bob"))  # no standing offer yet


def test_offers_name_only_slots_the_decision_can_give():
    state = deal(
        round=2,
        castles={"alice": {"3000": ["bob", "medecin-1"]}},
        waiting={"alice": [["carol", "medecin-2"]]},
    )
    assert stage(state)["kind"] == "internal" and stage(state)["ask_slots"] == []
    assert refused(state, "carol", offer(1, slot=3000))
    state = play(state, "carol", offer(2))
    state = play(state, "bob", offer(3))
    state = play(state, "alice", accept("bob"))
    state = play(state, "alice", accept("carol"))
    state = play(state, "alice", keep())
    assert money(state, "alice") == 37000
    assert castle(state, "alice")[3000] == ("bob", "medecin-1")


def test_bribes_are_made_in_every_negotiation_stage_even_the_external_one():
    state = deal(round=2, waiting={"alice": [["bob", "medecin-1"], ["carol", "medecin-2"]]})
    assert stage(state)["ask_slots"] == [1000, 3000, 6000, 10000]
    state = play(state, "carol", offer(7, slot=10000))
    state = play(state, "alice", accept("carol"))
    state = play(state, "alice", admit("carol", "medecin-2", 10000))
    assert money(state, "carol") == 25000 and money(state, "alice") == 39000


def test_offers_lapse_at_the_end_of_every_kind_of_stage_and_do_not_carry_over():
    state = deal(
        round=2,
        castles={"alice": {"3000": ["bob", "medecin-1"]}},
        waiting={"alice": [["carol", "medecin-2"], ["bob", "chimiste-1"], ["carol", "chimiste-2"]]},
    )
    assert stage(state)["kind"] == "external"
    state = play(state, "carol", offer(4, slot=10000))
    state = play(state, "alice", admit("bob", "chimiste-1", 1000))
    assert stage(state)["kind"] == "internal"
    assert offers(state) == []  # carol's offer did not follow her into the next stage
    state = play(state, "carol", offer(6))
    state = play(state, "alice", keep())
    assert [(e["player"], e["amount"]) for e in events(state, "lapse")] == [
        ("carol", 4),
        ("carol", 6),
    ]
    assert money(state, "carol") == 32000 and money(state, "alice") == 32000
