"""Rulings 1 to 12 of docs/rulings.md (the base game), one or more tests each."""

import pytest

from .helpers import (
    ENGINE,
    alive,
    block,
    challenge,
    coins,
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
    pass_,
    play,
    playable,
    power,
    refused,
    resign,
    revealed,
    total_coins,
    treasury,
    view,
    waiting,
)

PLAYERS = ["alice", "bob", "carol"]
HANDS = {
    "alice": ["capitaine", "assassin"],
    "bob": ["comtesse", "duchesse"],
    "carol": ["ambassadeur", "duchesse"],
}
COURT = ["capitaine"] * 2 + ["assassin"] * 2 + ["comtesse"] * 2 + ["ambassadeur"] * 2 + ["duchesse"]


def start(hands=HANDS, court=COURT, coins=None, players=PLAYERS, **options):
    return deal(players, hands=hands, court=court, coins=coins, **options)


# --- Ruling 1: one action per turn, never a pass; 10 Or or more forces the Assassinat --------


def test_ruling_1_the_active_player_cannot_pass():
    state = start()
    assert waiting(state) == ["alice"]
    legal = playable(state, "alice")
    assert {action["type"] for action in legal} >= {"income", "foreign_aid", "power"}
    assert pass_() not in legal
    assert refused(state, "alice", pass_())
    assert ENGINE.legal_actions(state, "bob") == [resign()]  # only resigning, out of turn
    assert refused(state, "bob", income())


def test_ruling_1_one_action_then_the_turn_passes():
    state = start()
    state = play(state, "alice", income())
    assert current(state) == "bob"
    assert refused(state, "alice", income())


def test_ruling_1_ten_or_more_must_assassinate_and_nothing_else():
    state = start(coins={"alice": 10, "bob": 2, "carol": 2})
    legal = playable(state, "alice")
    assert sorted(legal, key=lambda a: a["target"]) == [coup("bob"), coup("carol")]
    for other in (income(), foreign_aid(), power("duchesse"), power("capitaine", target="bob")):
        assert refused(state, "alice", other)
    state = play(state, "alice", coup("carol"))
    assert coins(state, "alice") == 3
    # L'Assassinat ne peut jamais être contré: carol just loses a life.
    assert waiting(state) == ["carol"]
    assert not is_legal(state, "carol", block("comtesse"))
    assert not is_legal(state, "carol", challenge())
    state = lose_life(state, "carol", "duchesse")
    assert current(state) == "bob"


def test_ruling_1_nine_coins_do_not_force_the_assassinat():
    state = start(coins={"alice": 9, "bob": 2, "carol": 2})
    assert is_legal(state, "alice", income())
    assert is_legal(state, "alice", coup("bob"))


def test_ruling_1_assassinat_needs_seven_or():
    state = start(coins={"alice": 6, "bob": 2, "carol": 2})
    assert refused(state, "alice", coup("bob"))


# --- Ruling 2: 54 coins; a gain takes what the Trésor has -------------------------------------


def test_ruling_2_coins_start_at_54_in_all():
    state = start()
    assert treasury(state) == 54 - 6
    assert total_coins(state) == 54


def test_ruling_2_a_gain_takes_only_what_the_tresor_has():
    state = start(coins={"alice": 1, "bob": 26, "carol": 26})
    assert treasury(state) == 1
    state = play(state, "alice", foreign_aid())
    state = everyone_passes(state)
    assert coins(state, "alice") == 2
    assert treasury(state) == 0
    assert total_coins(state) == 54


def test_ruling_2_duchesse_on_an_almost_empty_tresor():
    state = start(
        hands={**HANDS, "alice": ["duchesse", "assassin"], "bob": ["comtesse", "capitaine"]},
        coins={"alice": 2, "bob": 25, "carol": 25},
    )
    assert treasury(state) == 2
    state = play(state, "alice", power("duchesse"))
    state = everyone_passes(state)
    assert coins(state, "alice") == 4
    assert treasury(state) == 0


def test_ruling_2_an_eliminated_player_returns_their_or_to_the_tresor():
    state = start(coins={"alice": 7, "bob": 2, "carol": 5})
    state = play(state, "alice", power("capitaine", target="carol"))
    state = play(state, "carol", challenge())
    state = lose_life(state, "carol", "duchesse")
    state = play(state, "carol", pass_())
    assert coins(state, "carol") == 3
    state = play(state, "bob", income())
    state = play(state, "carol", income())
    assert coins(state, "carol") == 4
    before = treasury(state)
    state = play(state, "alice", coup("carol"))
    state = lose_life(state, "carol", "ambassadeur")
    assert not alive(state, "carol")
    assert coins(state, "carol") == 0
    assert treasury(state) == before + 7 + 4
    assert total_coins(state) == 54


# --- Ruling 3: any claim, any other living player may challenge; the first one counts ---------


def test_ruling_3_every_other_living_player_may_challenge_an_action():
    state = start()
    state = play(state, "alice", power("duchesse"))
    assert waiting(state) == ["bob", "carol"]
    assert is_legal(state, "bob", challenge()) and is_legal(state, "carol", challenge())
    assert not is_legal(state, "alice", challenge()), "nobody doubts their own claim"


def test_ruling_3_the_first_challenge_recorded_is_the_one_that_counts():
    state = start()
    state = play(state, "alice", power("duchesse"))  # a bluff: alice has no Duchesse
    state = play(state, "carol", challenge())
    assert refused(state, "bob", challenge()), "seul le plus rapide"
    state = lose_life(state, "alice", "assassin")
    assert lives(state, "alice") == 1
    assert lives(state, "bob") == 2 and lives(state, "carol") == 2
    assert coins(state, "alice") == 2
    assert current(state) == "bob"


def test_ruling_3_a_pass_does_not_stop_a_later_challenge():
    state = start()
    state = play(state, "alice", power("duchesse"))
    state = play(state, "bob", pass_())
    assert waiting(state) == ["carol"]
    state = play(state, "carol", challenge())
    state = lose_life(state, "alice", "capitaine")
    assert coins(state, "alice") == 2


def test_ruling_3_a_block_can_be_challenged_by_a_third_player():
    state = start()
    state = play(state, "alice", foreign_aid())
    state = play(state, "bob", block("duchesse"))
    assert waiting(state) == ["alice", "carol"]
    state = play(state, "carol", challenge())
    # Bob holds a Duchesse: carol loses a life and the block stands.
    state = lose_life(state, "carol", "ambassadeur")
    assert coins(state, "alice") == 2
    assert current(state) == "bob"


# --- Ruling 4: automatic challenge resolution ------------------------------------------------


def test_ruling_4_a_true_claim_is_shown_shuffled_back_and_replaced():
    state = start()
    state = play(state, "alice", power("capitaine", target="bob"))
    state = play(state, "carol", challenge())
    # No decision for alice: she holds the Capitaine, it is shown automatically.
    assert waiting(state) == ["carol"]
    assert revealed(state, "alice") == []
    assert len(hand(state, "alice")) == 2
    assert "assassin" in hand(state, "alice")
    assert court_size(state) == 9
    state = lose_life(state, "carol", "ambassadeur")
    assert revealed(state, "carol") == ["ambassadeur"]


def test_ruling_4_a_false_claim_costs_a_life_and_fails():
    state = start()
    state = play(state, "alice", power("duchesse"))
    state = play(state, "bob", challenge())
    assert waiting(state) == ["alice"]
    state = lose_life(state, "alice", "capitaine")
    assert coins(state, "alice") == 2
    assert lives(state, "bob") == 2
    assert court_size(state) == 9
    assert current(state) == "bob"


# --- Ruling 5: claim window, then block window, block challengeable, then resolve ------------


def test_ruling_5_only_the_target_may_block_a_capitaine():
    state = start()
    state = play(state, "alice", power("capitaine", target="bob"))
    state = everyone_passes(state)
    assert waiting(state) == ["bob"]
    assert refused(state, "carol", block("ambassadeur"))
    assert is_legal(state, "bob", block("capitaine"))
    assert is_legal(state, "bob", block("ambassadeur"))
    assert not is_legal(state, "bob", block("duchesse"))
    state = play(state, "bob", pass_())
    assert coins(state, "alice") == 4 and coins(state, "bob") == 0


def test_ruling_5_any_opponent_may_block_foreign_aid_with_the_duchesse():
    state = start()
    state = play(state, "alice", foreign_aid())
    assert waiting(state) == ["bob", "carol"]
    assert is_legal(state, "carol", block("duchesse"))
    assert not is_legal(state, "carol", block("comtesse"))
    state = play(state, "carol", block("duchesse"))
    assert refused(state, "bob", block("duchesse"))
    state = everyone_passes(state)
    assert coins(state, "alice") == 2
    assert current(state) == "bob"


def test_ruling_5_foreign_aid_unblocked_gives_two():
    state = start()
    state = play(state, "alice", foreign_aid())
    state = everyone_passes(state)
    assert coins(state, "alice") == 4


def test_ruling_5_duchesse_cannot_be_blocked():
    state = start(
        hands={**HANDS, "alice": ["duchesse", "assassin"], "bob": ["comtesse", "capitaine"]}
    )
    state = play(state, "alice", power("duchesse"))
    state = everyone_passes(state)
    assert coins(state, "alice") == 5
    assert current(state) == "bob"


def test_ruling_5_blocked_capitaine_bluff_caught_then_the_steal_happens():
    state = start()
    state = play(state, "alice", power("capitaine", target="carol"))
    state = everyone_passes(state)
    state = play(state, "carol", block("capitaine"))  # carol holds no Capitaine
    state = play(state, "bob", challenge())
    state = lose_life(state, "carol", "duchesse")
    assert coins(state, "alice") == 4 and coins(state, "carol") == 0


# --- Ruling 6: a failed challenge does not close the block window ----------------------------


def test_ruling_6_the_target_who_lost_a_challenge_may_still_block():
    state = start(coins={"alice": 3, "bob": 2, "carol": 2})
    state = play(state, "alice", power("assassin", target="bob"))
    state = play(state, "bob", challenge())
    state = lose_life(state, "bob", "duchesse")
    assert waiting(state) == ["bob"]
    state = play(state, "bob", block("comtesse"))
    state = everyone_passes(state)
    assert alive(state, "bob") and lives(state, "bob") == 1
    assert coins(state, "alice") == 0


# --- Ruling 7: the Assassin's 3 Or -----------------------------------------------------------


def test_ruling_7_the_assassin_needs_three_or():
    state = start(coins={"alice": 2, "bob": 2, "carol": 2})
    assert refused(state, "alice", power("assassin", target="bob"))


def test_ruling_7_paid_only_once_the_claim_survives_its_window():
    state = start(coins={"alice": 3, "bob": 2, "carol": 2})
    state = play(state, "alice", power("assassin", target="bob"))
    assert coins(state, "alice") == 3, "nothing is paid while the claim may still be doubted"
    state = everyone_passes(state)
    assert coins(state, "alice") == 0
    assert treasury(state) == 54 - 4


def test_ruling_7_a_caught_assassin_bluff_costs_nothing():
    hands = {**HANDS, "alice": ["capitaine", "duchesse"], "bob": ["comtesse", "assassin"]}
    state = start(hands=hands, coins={"alice": 3, "bob": 2, "carol": 2})
    state = play(state, "alice", power("assassin", target="bob"))
    state = play(state, "carol", challenge())
    state = lose_life(state, "alice", "duchesse")
    assert coins(state, "alice") == 3, "les 3 Or ne sont pas dépensés"
    assert lives(state, "bob") == 2
    assert current(state) == "bob"


def test_ruling_7_a_comtesse_block_cancels_the_kill_but_the_or_stays_spent():
    state = start(coins={"alice": 5, "bob": 2, "carol": 2})
    state = play(state, "alice", power("assassin", target="bob"))
    state = everyone_passes(state)
    state = play(state, "bob", block("comtesse"))
    state = everyone_passes(state)
    assert coins(state, "alice") == 2
    assert lives(state, "bob") == 2
    assert total_coins(state) == 54


# --- Ruling 8: the two double losses ---------------------------------------------------------


def test_ruling_8_challenging_a_true_assassin_then_being_assassinated():
    state = start(coins={"alice": 3, "bob": 2, "carol": 2})
    state = play(state, "alice", power("assassin", target="carol"))
    state = play(state, "carol", challenge())
    state = lose_life(state, "carol", "duchesse")
    state = play(state, "carol", pass_())
    state = lose_life(state, "carol", "ambassadeur")
    assert not alive(state, "carol")


def test_ruling_8_bluffing_the_comtesse_then_being_assassinated():
    state = start(coins={"alice": 3, "bob": 2, "carol": 2})
    state = play(state, "alice", power("assassin", target="carol"))
    state = everyone_passes(state)
    state = play(state, "carol", block("comtesse"))
    state = play(state, "bob", challenge())
    state = lose_life(state, "carol", "duchesse")
    state = lose_life(state, "carol", "ambassadeur")
    assert not alive(state, "carol")
    assert lives(state, "bob") == 2


# --- Ruling 9: a target eliminated before the action resolves ---------------------------------


def test_ruling_9_no_coins_move_to_or_from_a_dead_player():
    state = start(coins={"alice": 7, "bob": 2, "carol": 3})
    state = play(state, "alice", coup("carol"))
    state = lose_life(state, "carol", "duchesse")
    state = play(state, "bob", income())
    state = play(state, "carol", income())
    assert coins(state, "carol") == 4
    state = play(state, "alice", power("capitaine", target="carol"))
    state = play(state, "carol", challenge())
    state = lose_life(state, "carol", "ambassadeur")
    assert not alive(state, "carol")
    assert coins(state, "alice") == 0
    assert coins(state, "carol") == 0
    assert total_coins(state) == 54
    assert current(state) == "bob"


# --- Ruling 10: the Capitaine steals 2, 1 or nothing -----------------------------------------


@pytest.mark.parametrize("bob_has, stolen", [(5, 2), (2, 2), (1, 1), (0, 0)])
def test_ruling_10_capitaine_steals_what_there_is(bob_has, stolen):
    state = start(coins={"alice": 2, "bob": bob_has, "carol": 2})
    state = play(state, "alice", power("capitaine", target="bob"))
    state = everyone_passes(state)
    state = play(state, "bob", pass_())
    assert coins(state, "alice") == 2 + stolen
    assert coins(state, "bob") == bob_has - stolen
    assert total_coins(state) == 54


# --- Ruling 11: exchanges ---------------------------------------------------------------------


def test_ruling_11_ambassadeur_draws_two_and_keeps_two():
    hands = {**HANDS, "alice": ["ambassadeur", "assassin"], "carol": ["capitaine", "duchesse"]}
    court = ["duchesse", "comtesse", "capitaine", "capitaine", "assassin", "assassin"]
    court += ["comtesse", "ambassadeur", "ambassadeur"]
    state = start(hands=hands, court=court)
    state = play(state, "alice", power("ambassadeur"))
    state = everyone_passes(state)
    assert waiting(state) == ["alice"]
    keeps = [a for a in playable(state, "alice") if a["type"] == "exchange"]
    assert keeps, "alice chooses what to keep"
    assert all(len(a["keep"]) == 2 for a in keeps)
    offered = {c for a in keeps for c in a["keep"]}
    assert offered == {"ambassadeur", "assassin", "duchesse", "comtesse"}
    assert refused(state, "alice", {"type": "exchange", "keep": ["duchesse"]})
    assert refused(state, "alice", {"type": "exchange", "keep": ["capitaine", "duchesse"]})
    state = play(state, "alice", {"type": "exchange", "keep": ["duchesse", "comtesse"]})
    assert hand(state, "alice") == ["comtesse", "duchesse"]
    assert court_size(state) == 9
    assert current(state) == "bob"


def test_ruling_11_ambassadeur_with_one_life_keeps_one_of_three():
    hands = {**HANDS, "alice": ["ambassadeur", "ambassadeur"], "carol": ["capitaine", "duchesse"]}
    court = ["duchesse", "comtesse", "capitaine", "capitaine", "assassin", "assassin"]
    court += ["assassin", "comtesse", "ambassadeur"]
    state = start(hands=hands, court=court, coins={"alice": 2, "bob": 7, "carol": 2})
    state = play(state, "alice", income())
    state = play(state, "bob", coup("alice"))
    state = lose_life(state, "alice", "ambassadeur")
    state = play(state, "carol", income())
    before = court_size(state)
    state = play(state, "alice", power("ambassadeur"))
    state = everyone_passes(state)
    keeps = [a for a in playable(state, "alice") if a["type"] == "exchange"]
    assert keeps and all(len(a["keep"]) == 1 for a in keeps)
    assert court_size(state) == before - 2, "two cards drawn from the Court"
    state = play(state, "alice", {"type": "exchange", "keep": ["comtesse"]})
    assert hand(state, "alice") == ["comtesse"]
    assert revealed(state, "alice") == ["ambassadeur"]
    assert court_size(state) == before


# --- Ruling 12: card counts and the two-player setup ------------------------------------------


@pytest.mark.parametrize("count, deck", [(3, 15), (4, 15), (5, 15), (6, 15), (7, 20), (8, 20)])
def test_ruling_12_deck_size_by_player_count(count, deck):
    players = [f"p{i}" for i in range(count)]
    state = ENGINE.new_game(players, seed=12)
    table = view(state)
    assert table["court_size"] == deck - 2 * count
    assert all(entry["coins"] == 2 for entry in table["players"])
    assert table["treasury"] == 54 - 2 * count
    assert all(len(entry["cards"]) == 2 for entry in table["players"])


def test_ruling_12_two_players_choose_a_card_from_their_pile():
    state = ENGINE.new_game(["alice", "bob"], seed=2)
    table = view(state)
    alice = next(p for p in table["players"] if p["id"] == "alice")
    bob = next(p for p in table["players"] if p["id"] == "bob")
    assert alice["coins"] == 1, "the first player starts with 1 Or"
    assert bob["coins"] == 2
    assert table["treasury"] == 51
    assert table["court_size"] == 3
    for player in ("alice", "bob"):
        chooses = [a for a in playable(state, player) if a["type"] == "choose"]
        assert sorted(a["character"] for a in chooses) == sorted(
            ["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"]
        )
    state = play(state, "alice", {"type": "choose", "character": "comtesse"})
    state = play(state, "bob", {"type": "choose", "character": "duchesse"})
    assert "comtesse" in hand(state, "alice") and len(hand(state, "alice")) == 2
    assert "duchesse" in hand(state, "bob") and len(hand(state, "bob")) == 2
    assert court_size(state) == 3
    assert current(state) == "alice"
    assert waiting(state) == ["alice"]
    assert ENGINE.outcome(state) is None


def test_ruling_9_an_active_player_eliminated_by_a_failed_challenge_of_a_block():
    state = start(coins={"alice": 2, "bob": 7, "carol": 2})
    state = play(state, "alice", income())
    state = play(state, "bob", coup("alice"))
    state = lose_life(state, "alice", "capitaine")
    state = play(state, "carol", income())
    state = play(state, "alice", foreign_aid())
    state = play(state, "bob", block("duchesse"))
    state = play(state, "alice", challenge())  # bob holds a Duchesse: alice's last card
    assert not alive(state, "alice")
    assert coins(state, "alice") == 0
    assert current(state) == "bob" and waiting(state) == ["bob"]
    assert total_coins(state) == 54


def test_ruling_12_two_players_with_a_rigged_random_card_still_choose():
    state = deal(["alice", "bob"], hands={"alice": ["duchesse"], "bob": ["comtesse"]})
    assert waiting(state) == ["alice", "bob"]
    assert sorted(view(state, "alice")["private"]["pile"]) == sorted(
        ["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"]
    )
    assert view(state, "bob")["private"].get("pile") is not None
    assert not view(state, None).get("private")
    assert [c["character"] for c in view(state, "alice")["players"][0]["cards"]] == ["duchesse"]
    assert [c["character"] for c in view(state, "alice")["players"][1]["cards"]] == [None]
    state = play(state, "bob", {"type": "choose", "character": "comtesse"})
    state = play(state, "alice", {"type": "choose", "character": "assassin"})
    assert hand(state, "alice") == ["assassin", "duchesse"]
    assert hand(state, "bob") == ["comtesse", "comtesse"]
    assert current(state) == "alice"
