"""The rulebook, rule by rule: the four steps, the suit powers, animal companions and combos,
immunity and the Jester, enemies falling, yielding, and how the game is won or lost."""

from games.engines.regicide.cards import TAVERN_BASE

from .helpers import (
    ENGINE,
    choose,
    deal,
    discard,
    dump,
    enemy,
    events,
    hand,
    hand_sizes,
    last,
    lone_enemy,
    phase,
    play,
    plays_of,
    refused,
    types_of,
    view,
    yield_,
)

TAVERN_CARDS = list(TAVERN_BASE)
DUO = ["alice", "bob"]
TRIO = ["alice", "bob", "carol"]


# --- step 1 and 3: the value of the cards is the attack ---------------------------------------


def test_a_seven_of_hearts_attacks_for_seven():
    state = deal(DUO, hands={"alice": ["7H", "10C"]}, castle=["JS"])
    state = play(state, "alice", "7H")
    assert enemy(state)["damage"] == 7
    assert last(state, "play")["attack"] == 7


def test_enemy_cards_in_hand_are_worth_10_15_and_20():
    state = deal(DUO, hands={"alice": ["KH", "2C"]}, castle=["QS"])
    state = play(state, "alice", "KH")
    assert enemy(state)["damage"] == 20
    state = deal(DUO, hands={"alice": ["JD", "2C"]}, castle=["QS"])
    state = play(state, "alice", "JD")
    assert enemy(state)["damage"] == 10
    # a Diamonds power of 10: alice draws back to 7, bob's hand is full
    assert last(state, "play")["drawn"] == 6


# --- step 2: the suit powers ------------------------------------------------------------------


def test_hearts_shuffle_the_discard_and_put_that_many_cards_under_the_tavern():
    state = deal(
        DUO,
        hands={"alice": ["3H", "9C"]},
        castle=["JS"],
        tavern=["2C"],
        discard=["4D", "5D", "6D", "7D", "8D"],
    )
    before = dump(state)
    state = play(state, "alice", "3H")
    after = dump(state)
    assert len(after["discard"]) == 2
    assert len(after["tavern"]) == len(before["tavern"]) + 3
    assert after["tavern"][0] == "2C", "the healed cards go under the Tavern"
    moved = after["tavern"][-3:]
    assert set(moved) | set(after["discard"]) == {"4D", "5D", "6D", "7D", "8D"}
    assert last(state, "play")["healed"] == 3


def test_hearts_with_a_small_discard_pile_move_all_of_it():
    state = deal(DUO, hands={"alice": ["9H", "9C"]}, castle=["JS"], discard=["4D", "5D"])
    state = play(state, "alice", "9H")
    assert view(state)["discard_size"] == 0
    assert last(state, "play")["healed"] == 2


def test_diamonds_draw_one_card_at_a_time_clockwise_skipping_full_hands():
    # hands of 6 at three players: alice will hold 1 card, bob is full, carol holds 4
    state = deal(
        TRIO,
        hands={
            "alice": ["4D", "9C"],
            "bob": ["2S", "3S", "4S", "5S", "6S", "7S"],
            "carol": ["2C", "3C", "4C", "5C"],
        },
        castle=["JS"],
        tavern=["10H", "10S", "10C", "AH", "AS"],
    )
    state = play(state, "alice", "4D")
    # alice, (bob full), carol, alice, carol
    assert hand(state, "alice") == sorted(["9C", "10H", "10C"])
    assert hand(state, "carol") == sorted(["2C", "3C", "4C", "5C", "10S", "AH"])
    assert hand_sizes(state)["bob"] == 6
    assert dump(state)["tavern"][0] == "AS"
    assert last(state, "play")["drawn"] == 4


def test_diamonds_stop_when_every_hand_is_full():
    full = ["2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    state = deal(
        DUO,
        hands={"alice": ["9D", "2C", "3C", "4C", "5C", "6C", "7C"], "bob": full},
        castle=["JS"],
    )
    state = play(state, "alice", "9D")
    assert last(state, "play")["drawn"] == 1, "only alice had room, for one card"
    assert hand_sizes(state) == {"alice": 7, "bob": 7}


def test_there_is_no_penalty_for_drawing_from_an_empty_tavern():
    placed = {"9D", "2C", "3C", "2H"}
    elsewhere = [c for c in TAVERN_CARDS if c not in placed]
    state = deal(
        DUO,
        hands={"alice": ["9D", "2C"], "bob": ["3C"]},
        castle=["JS"],
        tavern=["2H"],
        discard=elsewhere,
    )
    assert view(state)["tavern_size"] == 1
    state = play(state, "alice", "9D")
    assert last(state, "play")["drawn"] == 1
    assert view(state)["tavern_size"] == 0
    assert hand(state, "bob") == ["3C"] and hand(state, "alice") == ["2C", "2H"]


def test_clubs_double_the_damage():
    state = deal(DUO, hands={"alice": ["8C", "2H"]}, castle=["QS"])
    state = play(state, "alice", "8C")
    assert enemy(state)["damage"] == 16


def test_spades_shield_against_the_enemy_attack_cumulatively():
    state = deal(
        TRIO,
        hands={"alice": ["5S", "10C"], "bob": ["3S", "10D"], "carol": ["2C"]},
        castle=["JH"],
    )
    state = play(state, "alice", "5S")
    assert enemy(state)["attack"] == 5
    assert view(state)["to_cover"] == 5
    state = discard(state, "alice", "10C")
    state = play(state, "bob", "3S")
    assert enemy(state)["attack"] == 2 and enemy(state)["shield"] == 8


def test_the_spade_shield_can_stop_the_whole_attack():
    state = deal(DUO, hands={"alice": ["10S", "2C"], "bob": ["3C"]}, castle=["JH"])
    state = play(state, "alice", "10S")
    assert enemy(state)["attack"] == 0
    assert last(state, "attack")["amount"] == 0
    assert view(state)["current_player"] == "bob", "nothing to discard: the turn passes"


def test_suit_powers_are_mandatory():
    state = deal(DUO, hands={"alice": ["6H", "9C"]}, castle=["JS"], discard=["2D"])
    state = play(state, "alice", "6H")
    assert last(state, "play")["healed"] == 1


# --- animal companions and combos -----------------------------------------------------------


def test_an_animal_companion_adds_one_and_its_own_power():
    # the rulebook: the 8 of Diamonds with the Ace of Clubs, 9 cards drawn, 18 damage
    state = deal(
        DUO,
        hands={"alice": ["8D", "AC"], "bob": ["2S"]},
        castle=["KS"],
    )
    state = play(state, "alice", "AC", "8D")
    entry = last(state, "play")
    assert entry["attack"] == 9 and entry["damage"] == 18 and entry["drawn"] == 9
    assert enemy(state)["damage"] == 18


def test_an_animal_with_a_card_of_its_suit_applies_the_power_once():
    state = deal(DUO, hands={"alice": ["AS", "5S", "9C"]}, castle=["QH"])
    state = play(state, "alice", "AS", "5S")
    assert enemy(state)["shield"] == 6 and enemy(state)["attack"] == 9


def test_combos_of_the_same_rank_resolve_every_power_at_the_total():
    # the rulebook: the 3 of Diamonds, Spades and Clubs draw 9, shield 9, deal 18
    state = deal(DUO, hands={"alice": ["3D", "3S", "3C", "KC"], "bob": []}, castle=["KH"])
    state = play(state, "alice", "3C", "3D", "3S")
    entry = last(state, "play")
    assert (entry["attack"], entry["damage"], entry["drawn"], entry["shield"]) == (9, 18, 9, 9)
    assert enemy(state)["attack"] == 11


def test_which_sets_may_be_played_together():
    state = deal(
        DUO,
        hands={"alice": ["2H", "2D", "2C", "2S", "5H", "5D", "AS"]},
        castle=["KH"],
    )
    plays = plays_of(state, "alice")
    assert ["2C", "2D", "2H", "2S"] in plays, "four 2s make 8"
    assert ["5D", "5H"] in plays, "a pair of 5s makes 10"
    assert ["2C", "2D", "2H"] in plays
    assert ["5H", "AS"] in plays, "an animal companion with another card"
    assert not any("AS" in p and len(p) > 2 for p in plays), "never an Ace in a combo"
    assert not any("5H" in p and "2H" in p for p in plays), "a combo is of one rank"
    refused(state, "alice", {"type": "play", "cards": ["5H", "5D", "AS"]})
    refused(state, "alice", {"type": "play", "cards": ["2H", "5H"]})


def test_sixes_and_up_never_combine_but_pair_with_an_ace():
    state = deal(DUO, hands={"alice": ["6H", "6D", "AC", "AD", "KS"]}, castle=["KH"])
    plays = plays_of(state, "alice")
    assert ["6D", "6H"] not in plays
    assert ["6H", "AC"] in plays and ["AC", "KS"] in plays
    assert ["AC", "AD"] in plays, "two animals pair together"
    refused(state, "alice", {"type": "play", "cards": ["AC", "AD", "6H"]})


def test_three_or_four_animals_never_go_together_and_the_jester_goes_alone():
    state = deal(
        ["alice", "bob", "carol"],
        hands={"alice": ["AH", "AD", "AC", "X1", "9S"]},
        castle=["KH"],
    )
    plays = plays_of(state, "alice")
    assert ["X1"] in plays
    assert not any("X1" in p and len(p) > 1 for p in plays)
    assert not any(len(p) > 2 for p in plays)
    refused(state, "alice", {"type": "play", "cards": ["AH", "AD", "AC"]})
    refused(state, "alice", {"type": "play", "cards": ["AH", "X1"]})


# --- immunity and the Jester ----------------------------------------------------------------


def test_an_enemy_is_immune_to_its_own_suit_but_takes_the_damage():
    state = deal(DUO, hands={"alice": ["5D", "9C"]}, castle=["JD"])
    state = play(state, "alice", "5D")
    entry = last(state, "play")
    assert "drawn" not in entry and entry["immune"] == "D"
    assert enemy(state)["damage"] == 5
    assert hand_sizes(state)["alice"] == 1


def test_the_jack_of_clubs_is_not_doubled_and_the_jack_of_spades_not_shielded():
    state = deal(DUO, hands={"alice": ["8C", "2H"]}, castle=["JC"])
    assert enemy(play(state, "alice", "8C"))["damage"] == 8
    state = deal(DUO, hands={"alice": ["8S", "2H"]}, castle=["JS"])
    assert enemy(play(state, "alice", "8S"))["attack"] == 10


def test_the_jester_cancels_immunity_for_the_plays_that_follow():
    state = deal(
        TRIO,
        hands={"alice": ["X1", "2C"], "bob": ["5D", "9C"], "carol": ["2S"]},
        castle=["JD"],
        tavern=["3H", "4H", "5H", "6H", "7H"],
    )
    state = play(state, "alice", "X1")
    assert enemy(state)["immune"] is False and enemy(state)["jester"] is True
    assert enemy(state)["damage"] == 0
    assert not events(state, "attack"), "no step 3 or 4 after a Jester"
    assert phase(state) == "choose" and view(state)["waiting_for"] == ["alice"]
    assert types_of(state, "alice") == ["choose_next"] * 3
    state = choose(state, "alice", "bob")
    state = play(state, "bob", "5D")
    assert last(state, "play")["drawn"] == 5


def test_the_jester_counts_against_clubs_only_for_later_plays():
    state = deal(
        TRIO,
        hands={"alice": ["4C", "10S"], "bob": ["X1", "2H"], "carol": ["3C", "2S"]},
        castle=["JC"],
    )
    state = play(state, "alice", "4C")
    state = discard(state, "alice", "10S")
    state = play(state, "bob", "X1")
    assert enemy(state)["damage"] == 4, "the Clubs already played are not doubled"
    state = choose(state, "bob", "carol")
    state = play(state, "carol", "3C")
    assert enemy(state)["damage"] == 10


def test_the_jester_against_spades_makes_the_spades_already_played_count():
    # the rulebook: 3 of Spades against the Jack of Spades, then a Jester (attack 7),
    # then the 4 of Spades (attack 3)
    state = deal(
        TRIO,
        hands={"alice": ["3S", "10C"], "bob": ["X1", "9H"], "carol": ["4S", "8C"]},
        castle=["JS"],
    )
    state = play(state, "alice", "3S")
    assert enemy(state)["attack"] == 10 and enemy(state)["blocked_spades"] == 3
    state = discard(state, "alice", "10C")
    state = play(state, "bob", "X1")
    assert enemy(state)["attack"] == 7
    assert last(state, "jester")["shield"] == 3
    state = choose(state, "bob", "carol")
    state = play(state, "carol", "4S")
    assert enemy(state)["attack"] == 3


def test_the_jester_player_may_choose_themselves():
    state = deal(TRIO, hands={"alice": ["X1", "7C"]}, castle=["JD"])
    state = play(state, "alice", "X1")
    state = choose(state, "alice", "alice")
    assert view(state)["current_player"] == "alice" and phase(state) == "play"


# --- step 3: the enemy falls --------------------------------------------------------------------


def test_exact_damage_puts_the_enemy_face_down_on_top_of_the_tavern():
    state = deal(
        DUO,
        hands={"alice": ["10C", "10H"], "bob": ["2S"]},
        castle=["JH", "QS"],
    )
    state = play(state, "alice", "10C")  # doubled: exactly 20
    data = dump(state)
    assert data["tavern"][0] == "JH"
    assert data["discard"] == ["10C"], "the cards played go to the discard pile"
    assert last(state, "defeat")["exact"] is True
    assert enemy(state)["card"] == "QS" and enemy(state)["damage"] == 0


def test_overkill_sends_the_enemy_to_the_discard_pile():
    state = deal(DUO, hands={"alice": ["KC", "9C"], "bob": ["2S"]}, castle=["JH", "QS"])
    state = play(state, "alice", "KC")  # 40 against 20
    data = dump(state)
    assert "JH" in data["discard"] and "KC" in data["discard"]
    assert "JH" not in data["tavern"]
    assert last(state, "defeat")["exact"] is False


def test_the_killer_skips_step_4_and_plays_again_against_the_next_enemy():
    state = deal(DUO, hands={"alice": ["KC", "9C"], "bob": ["2S"]}, castle=["JH", "QS"])
    state = play(state, "alice", "KC")
    assert not events(state, "attack")
    assert view(state)["current_player"] == "alice" and phase(state) == "play"
    assert enemy(state)["card"] == "QS"
    assert view(state)["table"] == []


def test_shields_and_the_jester_last_until_the_enemy_falls():
    state = deal(
        TRIO,
        hands={"alice": ["X1", "9S"], "bob": ["10S", "KC"], "carol": ["2C"]},
        castle=["JS", "QS"],
    )
    state = play(state, "alice", "X1")
    state = choose(state, "alice", "bob")
    state = play(state, "bob", "10S")
    assert enemy(state)["attack"] == 0
    state = play(state, "carol", "2C")
    assert enemy(state)["attack"] == 0, "the shield stays for the next players"
    state = play(state, "alice", "9S")  # 10 + 4 + 9 = 23: the Jack falls
    assert enemy(state)["card"] == "QS"
    assert enemy(state)["attack"] == 15 and enemy(state)["immune"] is True


# --- step 4: suffer the enemy's attack ------------------------------------------------------------


def test_the_attacked_player_discards_at_least_the_attack():
    state = deal(DUO, hands={"alice": ["2C", "AS", "9D", "4H", "KH"]}, castle=["JS"])
    state = play(state, "alice", "2C")
    assert phase(state) == "discard" and view(state)["to_cover"] == 10
    refused(state, "alice", {"type": "discard", "cards": ["9D"]})
    refused(state, "alice", {"type": "discard", "cards": ["QH"]})
    listed = sorted(sorted(a["cards"]) for a in ENGINE.legal_actions(state, "alice"))
    assert listed == [["4H", "9D"], ["9D", "AS"], ["KH"]], "the minimal covers"
    state = discard(state, "alice", "9D", "AS")
    assert last(state, "discard")["value"] == 10
    assert view(state)["current_player"] == "bob"


def test_discarding_more_than_needed_is_allowed():
    state = deal(DUO, hands={"alice": ["2C", "9D", "4H", "KH"]}, castle=["JS"])
    state = play(state, "alice", "2C")
    state = discard(state, "alice", "9D", "4H", "KH")
    assert hand_sizes(state)["alice"] == 0


def test_aces_count_one_and_jesters_zero_when_discarding():
    state = deal(TRIO, hands={"alice": ["2C", "AH", "AD", "X1", "8S"]}, castle=["JS"])
    state = play(state, "alice", "2C")
    listed = [sorted(a["cards"]) for a in ENGINE.legal_actions(state, "alice")]
    assert ["8S", "AD", "AH"] in listed
    assert not any("X1" in c for c in listed), "a Jester is never needed to cover"
    refused(state, "alice", {"type": "discard", "cards": ["8S", "AH", "X1"]})


def test_a_player_who_cannot_cover_the_attack_loses_the_game_for_everyone():
    state = deal(DUO, hands={"alice": ["2C", "3D", "AS"]}, castle=["JS"])
    state = play(state, "alice", "2C")
    assert ENGINE.outcome(state) == {"winners": [], "lost": True}
    assert last(state, "lost") == {"event": "lost", "player": "alice", "reason": "cover"}
    assert ENGINE.waiting_for(state) == []
    assert ENGINE.legal_actions(state, "alice") == []
    refused(state, "alice", {"type": "discard", "cards": ["3D"]})


def test_an_empty_hand_is_allowed():
    state = deal(DUO, hands={"alice": ["2C", "10D"], "bob": ["3C"]}, castle=["JS"], tavern=[])
    state = play(state, "alice", "2C")
    state = discard(state, "alice", "10D")
    assert hand_sizes(state)["alice"] == 0 and ENGINE.outcome(state) is None


# --- yielding -----------------------------------------------------------------------------------


def test_yielding_skips_to_step_4():
    state = deal(DUO, hands={"alice": ["10C", "2C"]}, castle=["JS"])
    state = yield_(state, "alice")
    assert phase(state) == "discard" and enemy(state)["damage"] == 0
    assert view(state)["players"][0]["yielded"] is True


def test_a_player_cannot_yield_when_every_other_player_yielded_last_turn():
    state = deal(
        TRIO,
        hands={"alice": ["10C", "2C"], "bob": ["10D", "3C"], "carol": ["10H", "4C"]},
        castle=["JS"],
    )
    state = discard(yield_(state, "alice"), "alice", "10C", "2C")
    assert view(state)["can_yield"] is True
    state = discard(yield_(state, "bob"), "bob", "10D", "3C")
    assert "yield" not in types_of(state, "carol") and view(state)["can_yield"] is False
    message = refused(state, "carol", {"type": "yield"})
    assert "yield" in message


def test_the_player_who_cannot_play_or_yield_loses():
    state = deal(DUO, hands={"alice": ["10C", "10D"], "bob": []}, castle=["JS"])
    state = yield_(state, "alice")
    state = discard(state, "alice", "10C")
    # bob's hand is empty and alice yielded on her last turn: bob can do nothing
    assert ENGINE.outcome(state) == {"winners": [], "lost": True}
    assert last(state, "lost") == {"event": "lost", "player": "bob", "reason": "stuck"}


def test_an_empty_hand_may_still_yield():
    state = deal(DUO, hands={"alice": ["10H", "10D"], "bob": ["9S", "8H", "7D"]}, castle=["JS"])
    state = play(state, "alice", "10H")
    state = discard(state, "alice", "10D")
    state = play(state, "bob", "9S")
    state = discard(state, "bob", "8H", "7D")
    assert hand_sizes(state)["alice"] == 0
    assert ENGINE.legal_actions(state, "alice") == [{"type": "yield"}]
    state = yield_(state, "alice")  # and the Jack strikes an empty hand
    assert last(state, "lost")["reason"] == "cover"


# --- the end of the game ----------------------------------------------------------------------


def test_defeating_the_last_king_wins_the_game_for_everyone():
    state = deal(DUO, **lone_enemy("KH", hands={"alice": ["10C", "KS"], "bob": ["QD"]}))
    state = play(state, "alice", "10C")  # 20 of 40
    state = discard(state, "alice", "KS")  # the King strikes for 20
    assert ENGINE.outcome(state) is None
    state = play(state, "bob", "QD")  # 35
    assert ENGINE.outcome(state) is None
    state = deal(DUO, **lone_enemy("KH", hands={"alice": ["KC"], "bob": ["10D"]}))
    state = play(state, "alice", "KC")  # 40: exactly the King's health
    assert ENGINE.outcome(state) == {"winners": ["alice", "bob"], "medal": None}
    assert last(state, "won")["medal"] is None
    assert ENGINE.waiting_for(state) == [] and view(state)["enemy"] is None
    assert view(state)["castle_size"] == 0 and view(state)["phase"] == "over"
