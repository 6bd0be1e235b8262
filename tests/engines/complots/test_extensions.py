"""Saint-Barthélemy (rulings 22-24) and Tyrannie (rulings 25-26).

alice, bob, carol, dave sit in that order; alice starts. With Saint-Barthélemy the religions
alternate from the first player, who is catholique: alice and carol catholiques, bob and dave
protestants (unless the setup says otherwise).
"""

import pytest

from .helpers import (
    abuse_of_trust,
    alive,
    announce,
    beggar,
    block,
    challenge,
    coins,
    convert,
    coup,
    court_size,
    current,
    deal,
    everyone_passes,
    foreign_aid,
    hand,
    income,
    is_legal,
    lives,
    lose_life,
    moment,
    pass_,
    pass_plague,
    plague,
    play,
    playable,
    power,
    refused,
    total_coins,
    treasury,
    view,
    waiting,
)

ABCD = ["alice", "bob", "carol", "dave"]
BASE = ["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"]


def religions(state):
    return {p["id"]: p["religion"] for p in view(state)["players"]}


def hospice(state):
    return view(state)["hospice"]


def sb(**kwargs):
    return deal(ABCD, saint_barthelemy=True, **kwargs)


# --- Ruling 22: religions and the pact of non-aggression ------------------------------------


def test_ruling_22_religions_alternate_from_the_first_player():
    state = sb()
    assert religions(state) == {
        "alice": "catholique",
        "bob": "protestant",
        "carol": "catholique",
        "dave": "protestant",
    }
    assert hospice(state) == 0
    assert total_coins(state) == 54


def test_ruling_22_no_assassinat_capitaine_or_assassin_on_the_same_religion():
    state = sb(coins={"alice": 7}, hands={"alice": ["capitaine", "assassin"]})
    assert is_legal(state, "alice", coup("bob"))
    assert not is_legal(state, "alice", coup("carol"))
    assert refused(state, "alice", coup("carol"))
    assert is_legal(state, "alice", power("capitaine", target="dave"))
    assert refused(state, "alice", power("capitaine", target="carol"))
    assert refused(state, "alice", power("assassin", target="carol"))


def test_ruling_22_no_blocking_the_foreign_aid_of_the_same_religion():
    state = sb()
    state = play(state, "alice", foreign_aid())
    assert waiting(state) == ["bob", "dave"], "carol shares alice's religion"
    assert refused(state, "carol", block("duchesse"))
    state = everyone_passes(state)
    assert coins(state, "alice") == 4


def test_ruling_22_challenges_are_always_allowed():
    state = sb(hands={"alice": ["capitaine", "assassin"]})
    state = play(state, "alice", power("duchesse"))
    assert waiting(state) == ["bob", "carol", "dave"]
    state = play(state, "carol", challenge())
    state = lose_life(state, "alice", "assassin")
    assert coins(state, "alice") == 2


def test_ruling_22_one_religion_left_everyone_for_themselves():
    state = sb(
        religions={
            "alice": "catholique",
            "bob": "catholique",
            "carol": "catholique",
            "dave": "catholique",
        },
        coins={"alice": 7},
    )
    assert all(is_legal(state, "alice", coup(p)) for p in ["bob", "carol", "dave"])
    assert not any(a["type"] == "convert" for a in playable(state, "alice"))


def test_ruling_22_justicier_and_pape_take_nothing_from_their_own_religion():
    characters = ["duchesse", "assassin", "comtesse", "pape", "ambassadeur"]
    state = sb(characters=characters, hands={"alice": ["pape", "duchesse"]})
    state = play(state, "alice", power("pape"))
    state = everyone_passes(state)
    assert moment(state) == "announce"
    assert waiting(state) == ["bob", "dave"], "carol, a catholique, is not asked"
    state = everyone_passes(state)
    assert [coins(state, p) for p in ABCD] == [4, 1, 2, 1]

    characters = ["duchesse", "assassin", "comtesse", "justicier", "ambassadeur"]
    coins_ = {"alice": 2, "bob": 3, "carol": 9, "dave": 1}
    state = sb(characters=characters, hands={"alice": ["justicier", "duchesse"]}, coins=coins_)
    state = play(state, "alice", power("justicier"))
    state = everyone_passes(state)
    # carol (9) is the richest player but a catholique like alice: she keeps her Or.
    while current(state) == "alice":
        state = everyone_passes(state)
    assert coins(state, "carol") == 9
    assert total_coins(state) == 54


# --- Ruling 23: conversion ----------------------------------------------------------------------


def test_ruling_23_converting_yourself_costs_one_or_to_the_hospice():
    state = sb()
    state = play(state, "alice", convert("alice"))
    assert religions(state)["alice"] == "protestant"
    assert coins(state, "alice") == 1 and hospice(state) == 1
    assert total_coins(state) == 54
    assert current(state) == "bob"


def test_ruling_23_converting_another_costs_two():
    state = sb()
    state = play(state, "alice", convert("bob"))
    assert religions(state)["bob"] == "catholique"
    assert coins(state, "alice") == 0 and hospice(state) == 2


def test_ruling_23_conversion_needs_the_or():
    state = sb(coins={"alice": 1})
    assert is_legal(state, "alice", convert("alice"))
    assert refused(state, "alice", convert("bob"))


def test_ruling_23_no_conversion_once_everyone_shares_a_religion():
    three = ["alice", "bob", "carol"]
    state = deal(three, saint_barthelemy=True, coins={"alice": 3})
    # alice catholique, bob protestant, carol catholique: convert bob, all are catholiques.
    state = play(state, "alice", convert("bob"))
    assert set(religions(state).values()) == {"catholique"}
    assert not any(a["type"] == "convert" for a in playable(state, "bob"))
    assert refused(state, "bob", convert("bob"))


# --- Ruling 24: Abus de confiance --------------------------------------------------------------


def _with_hospice(hands):
    state = sb(hands=hands, coins={"alice": 4, "bob": 2})
    state = play(state, "alice", convert("bob"))  # 2 Or to the Hospice
    state = play(state, "bob", convert("bob"))  # 1 Or more
    assert hospice(state) == 3
    state = play(state, "carol", income())
    state = play(state, "dave", income())
    return state


def test_ruling_24_abus_de_confiance_takes_the_hospice():
    state = _with_hospice({"alice": ["capitaine", "assassin"]})
    state = play(state, "alice", abuse_of_trust())
    state = everyone_passes(state)
    assert coins(state, "alice") == 2 + 3
    assert hospice(state) == 0
    assert total_coins(state) == 54


def test_ruling_24_challenged_and_truthful_shows_both_cards_and_redraws():
    state = _with_hospice({"alice": ["capitaine", "assassin"]})
    size = court_size(state)
    state = play(state, "alice", abuse_of_trust())
    state = play(state, "bob", challenge())
    state = lose_life(state, "bob", hand(state, "bob")[0])
    assert lives(state, "alice") == 2
    assert len(hand(state, "alice")) == 2
    assert court_size(state) == size
    assert coins(state, "alice") == 5 and hospice(state) == 0


def test_ruling_24_challenged_and_lying_loses_a_life_and_takes_nothing():
    state = _with_hospice({"alice": ["duchesse", "assassin"]})
    state = play(state, "alice", abuse_of_trust())
    state = play(state, "dave", challenge())
    state = lose_life(state, "alice", "assassin")
    assert coins(state, "alice") == 2 and hospice(state) == 3
    assert lives(state, "dave") == 2


# --- Ruling 25: La Peste ------------------------------------------------------------------------


def tyr(players=ABCD, **kwargs):
    return deal(players, tyrannie=True, **kwargs)


def test_ruling_25_la_peste_costs_five_and_takes_a_life():
    state = tyr(coins={"alice": 5}, hands={"bob": ["capitaine", "assassin"]})
    state = play(state, "alice", plague("bob"))
    assert coins(state, "alice") == 0 and treasury(state) == 48
    assert view(state)["tyrannie"]["plague"] == "bob"
    assert waiting(state) == ["bob"]
    state = play(state, "bob", pass_())
    state = lose_life(state, "bob", "assassin")
    assert lives(state, "bob") == 1
    assert view(state)["tyrannie"]["plague"] is None, "La Peste goes back to the centre"
    assert current(state) == "bob"


def test_ruling_25_a_standing_comtesse_passes_la_peste_on():
    hands = {"bob": ["comtesse", "assassin"], "carol": ["capitaine", "duchesse"]}
    state = tyr(coins={"alice": 5}, hands=hands)
    state = play(state, "alice", plague("bob"))
    state = play(state, "bob", announce("comtesse"))
    state = everyone_passes(state)  # nobody doubts bob's Comtesse
    assert moment(state) == "plague" and waiting(state) == ["bob"]
    targets = sorted(a["target"] for a in playable(state, "bob"))
    assert targets == ["carol", "dave"], "not the active player, not one already targeted"
    state = play(state, "bob", pass_plague("carol"))
    assert view(state)["tyrannie"]["plague"] == "carol"
    state = play(state, "carol", pass_())
    state = lose_life(state, "carol", "duchesse")
    assert lives(state, "bob") == 2 and lives(state, "carol") == 1
    assert view(state)["tyrannie"]["plague"] is None


def test_ruling_25_la_peste_ends_at_the_first_life_lost_even_by_a_challenge():
    hands = {"bob": ["comtesse", "assassin"], "carol": ["capitaine", "duchesse"]}
    state = tyr(coins={"alice": 5}, hands=hands)
    state = play(state, "alice", plague("bob"))
    state = play(state, "bob", announce("comtesse"))
    state = play(state, "carol", challenge())  # bob holds the Comtesse: carol loses a life
    state = lose_life(state, "carol", "duchesse")
    assert lives(state, "bob") == 2
    assert view(state)["tyrannie"]["plague"] is None
    assert current(state) == "bob"


def test_ruling_25_la_peste_ends_when_everyone_eligible_announced_comtesse():
    three = ["alice", "bob", "carol"]
    state = tyr(three, coins={"alice": 5})
    state = play(state, "alice", plague("bob"))
    state = play(state, "bob", announce("comtesse"))
    state = everyone_passes(state)
    state = play(state, "bob", pass_plague("carol"))
    state = play(state, "carol", announce("comtesse"))
    state = everyone_passes(state)
    assert [lives(state, p) for p in three] == [2, 2, 2]
    assert view(state)["tyrannie"]["plague"] is None
    assert current(state) == "bob"


def test_ruling_25_la_peste_needs_five_or():
    state = tyr(coins={"alice": 4})
    assert refused(state, "alice", plague("bob"))


# --- Ruling 26: Le Mendiant --------------------------------------------------------------------


def test_ruling_26_le_mendiant_skips_the_next_turn_of_its_holder():
    state = tyr()
    state = play(state, "alice", beggar("bob"))
    assert coins(state, "alice") == 1
    # Bob takes no action: his turn is skipped and the card returns to the centre.
    assert current(state) == "carol"
    assert waiting(state) == ["carol"]
    assert view(state)["tyrannie"]["beggar"] is None
    assert any(e["event"] == "skip" and e["player"] == "bob" for e in view(state)["log"])


def test_ruling_26_le_mendiant_only_from_the_centre():
    state = tyr()
    state = play(state, "alice", beggar("dave"))
    assert view(state)["tyrannie"]["beggar"] == "dave"
    assert not any(a["type"] == "beggar" for a in playable(state, "bob"))
    assert refused(state, "bob", beggar("carol"))
    state = play(state, "bob", income())
    state = play(state, "carol", income())
    # dave's turn is skipped; the card is back in the centre for alice.
    assert current(state) == "alice"
    assert is_legal(state, "alice", beggar("bob"))
    assert alive(state, "dave")


@pytest.mark.parametrize("character", ["assassin", "bourreau", "maitre_chanteur", "capitaine"])
def test_ruling_22_no_targeted_assassins_or_capitaine_power_on_the_same_religion(character):
    characters = list(BASE)
    characters[1 if character != "capitaine" else 3] = character
    state = sb(characters=characters, coins={"alice": 3}, hands={"alice": [character, "duchesse"]})
    assert is_legal(state, "alice", power(character, target="bob"))
    assert is_legal(state, "alice", power(character, target="dave"))
    assert refused(state, "alice", power(character, target="carol"))


def test_ruling_22_the_pact_ends_with_a_single_religion_after_a_conversion():
    three = ["alice", "bob", "carol"]
    state = deal(three, saint_barthelemy=True, coins={"alice": 3, "bob": 7})
    assert not is_legal(state, "bob", coup("bob"))
    state = play(state, "alice", convert("bob"))  # everyone is catholique now
    assert is_legal(state, "bob", coup("alice")) and is_legal(state, "bob", coup("carol"))


def test_ruling_25_la_peste_is_never_given_to_the_active_player():
    state = tyr(coins={"alice": 5})
    assert refused(state, "alice", plague("alice"))
    targets = sorted(a["target"] for a in playable(state, "alice") if a["type"] == "plague")
    assert targets == ["bob", "carol", "dave"]
