"""Rulings 34-37: points the review of the expansions settled (docs/rulings.md).

alice, bob, carol, dave sit in that order; alice starts.
"""

from .helpers import (
    abuse_of_trust,
    alive,
    announce,
    block,
    challenge,
    coins,
    convert,
    current,
    deal,
    everyone_passes,
    income,
    is_legal,
    lives,
    lose_life,
    moment,
    pass_,
    pending,
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
ABC = ["alice", "bob", "carol"]

# --- Ruling 34: La Peste when the Comtesse is not among the five -----------------------------

NO_COMTESSE = ["duchesse", "assassin", "sorciere", "capitaine", "ambassadeur"]


def _plague_on_bob():
    state = deal(
        ABCD,
        characters=NO_COMTESSE,
        tyrannie=True,
        coins={"alice": 5},
        hands={"bob": ["capitaine", "assassin"], "carol": ["duchesse", "ambassadeur"]},
    )
    assert "comtesse" not in view(state)["characters"]
    return play(state, "alice", plague("bob"))


def test_ruling_34_the_target_may_announce_a_comtesse_not_in_play():
    state = _plague_on_bob()
    assert waiting(state) == ["bob"]
    assert is_legal(state, "bob", announce("comtesse"))
    state = play(state, "bob", announce("comtesse"))
    # the claim is open to every other living player's challenge
    assert moment(state) == "challenge"
    assert pending(state)["claim"] == {"player": "bob", "character": "comtesse", "kind": "announce"}
    assert waiting(state) == ["alice", "carol", "dave"]


def test_ruling_34_a_challenged_comtesse_not_in_play_is_always_a_bluff():
    state = play(_plague_on_bob(), "bob", announce("comtesse"))
    state = play(state, "dave", challenge())
    # bob cannot hold her: caught, he loses a life, and La Peste ends with that life
    state = lose_life(state, "bob", "assassin")
    assert lives(state, "bob") == 1 and lives(state, "dave") == 2
    assert view(state)["tyrannie"]["plague"] is None
    assert current(state) == "bob"
    assert any(e["event"] == "bluff" and e["player"] == "bob" for e in view(state)["log"])


def test_ruling_34_an_unchallenged_comtesse_not_in_play_stands():
    state = play(_plague_on_bob(), "bob", announce("comtesse"))
    state = everyone_passes(state)
    assert moment(state) == "plague" and waiting(state) == ["bob"]
    assert lives(state, "bob") == 2


# --- Ruling 35: the Bourreau pays as soon as the claim stands --------------------------------

BOURREAU_SET = ["duchesse", "bourreau", "comtesse", "capitaine", "ambassadeur"]


def test_ruling_35_the_bourreau_pays_the_target_before_the_block_window():
    state = deal(
        ABC,
        characters=BOURREAU_SET,
        coins={"alice": 3},
        hands={"alice": ["bourreau", "duchesse"], "bob": ["capitaine", "ambassadeur"]},
    )
    state = play(state, "alice", power("bourreau", target="bob"))
    assert coins(state, "alice") == 3 and coins(state, "bob") == 2, "nothing paid on the claim"
    state = everyone_passes(state)  # the claim stands
    assert moment(state) == "block" and waiting(state) == ["bob"]
    assert coins(state, "alice") == 0 and coins(state, "bob") == 5


def test_ruling_35_a_caught_bluffer_dies_holding_the_three_or_for_the_treasury():
    state = deal(
        ABC,
        characters=BOURREAU_SET,
        coins={"alice": 3},
        hands={"alice": ["bourreau", "duchesse"], "bob": ["capitaine", "ambassadeur"]},
    )
    state = play(state, "alice", power("bourreau", target="bob"))
    state = everyone_passes(state)
    before = treasury(state)
    state = play(state, "bob", block("comtesse"))  # a bluff
    state = play(state, "carol", challenge())
    state = lose_life(state, "bob", "capitaine")  # caught
    # the execution takes his last life; his 5 Or (2 + the Bourreau's 3) go to the Trésor
    assert not alive(state, "bob")
    assert coins(state, "bob") == 0
    assert treasury(state) == before + 5
    assert total_coins(state) == 54


def test_ruling_35_the_croque_mort_inherits_the_bourreau_s_or():
    characters = ["duchesse", "bourreau", "croque_mort", "capitaine", "ambassadeur"]
    state = deal(
        ABC,
        characters=characters,
        coins={"alice": 3},
        hands={
            "alice": ["bourreau", "duchesse"],
            "bob": ["capitaine", "ambassadeur"],
            "carol": ["croque_mort", "duchesse"],
        },
    )
    state = play(state, "alice", power("bourreau", target="bob"))
    state = everyone_passes(state)
    state = play(state, "bob", block("croque_mort"))  # a bluff
    state = play(state, "carol", challenge())
    state = lose_life(state, "bob", "capitaine")
    assert not alive(state, "bob")
    # the Croque-Mort window on bob's 5 Or
    assert moment(state) == "announce" and pending(state)["announce"] == "croque_mort"
    state = play(state, "carol", announce("croque_mort"))
    for player in waiting(state):
        state = play(state, player, pass_())
    state = everyone_passes(state)  # nobody doubts carol's Croque-Mort
    assert coins(state, "carol") == 2 + 5
    assert total_coins(state) == 54


# --- Ruling 36: no Abus de confiance while the Hospice is empty ------------------------------


def test_ruling_36_no_abus_de_confiance_while_the_hospice_is_empty():
    state = deal(ABCD, saint_barthelemy=True)
    assert view(state)["hospice"] == 0
    assert abuse_of_trust() not in playable(state, "alice")
    assert refused(state, "alice", abuse_of_trust())


def test_ruling_36_abus_de_confiance_is_offered_once_the_hospice_holds_or():
    state = deal(ABCD, saint_barthelemy=True)
    state = play(state, "alice", convert("alice"))  # 1 Or into the Hospice
    assert view(state)["hospice"] == 1
    assert abuse_of_trust() in playable(state, "bob")
    state = play(state, "bob", abuse_of_trust())
    state = everyone_passes(state)
    assert view(state)["hospice"] == 0 and coins(state, "bob") == 3
    assert abuse_of_trust() not in playable(state, "carol"), "emptied again"


# --- Ruling 37: the Justicier against tied richest opponents ---------------------------------

JUSTICIER_SET = ["duchesse", "assassin", "comtesse", "justicier", "ambassadeur"]


def _justicier_on_a_tie():
    hands = {
        "alice": ["justicier", "duchesse"],
        "bob": ["ambassadeur", "comtesse"],
        "carol": ["justicier", "assassin"],
    }
    state = deal(ABCD, characters=JUSTICIER_SET, hands=hands, coins={"bob": 5, "carol": 5})
    state = play(state, "alice", power("justicier"))
    state = everyone_passes(state)
    return state


def test_ruling_37_any_of_the_tied_richest_may_block():
    state = _justicier_on_a_tie()
    assert moment(state) == "block"
    assert waiting(state) == ["bob", "carol"], "both tied richest, not dave"
    for player in ("bob", "carol"):
        assert is_legal(state, player, block("justicier"))


def test_ruling_37_one_standing_block_cancels_the_whole_theft():
    for blocker, character in (("bob", "ambassadeur"), ("carol", "justicier")):
        state = _justicier_on_a_tie()
        before = {p: coins(state, p) for p in ABCD}
        state = play(state, blocker, block(character))
        state = everyone_passes(state)  # the block stands
        assert {p: coins(state, p) for p in ABCD} == before, f"{blocker}'s block took nothing"
        assert moment(state) == "turn" and current(state) == "bob"


def test_ruling_37_without_a_block_the_tie_is_split():
    state = _justicier_on_a_tie()
    state = everyone_passes(state)
    assert moment(state) == "split" and waiting(state) == ["alice"]
    assert income() not in playable(state, "alice")
