"""Rulings 27-30 (docs/rulings.md) and the solo game."""

from games.engines.regicide.cards import TAVERN_BASE

from .helpers import (
    ENGINE,
    choose,
    deal,
    discard,
    dump,
    enemy,
    flip,
    hand,
    hand_sizes,
    last,
    lone_enemy,
    phase,
    play,
    refused,
    types_of,
    view,
    yield_,
)

TRIO = ["alice", "bob", "carol"]


# --- 27. Solo: no yielding; two Jesters flipped at the start of step 1 or 4; medals -----------


def test_27_a_solo_player_never_yields():
    state = deal(["alice"], hands={"alice": ["7H", "9C"]}, castle=["JS"])
    assert "yield" not in types_of(state, "alice")
    assert view(state)["can_yield"] is False
    assert "solo" in refused(state, "alice", {"type": "yield"})


def test_27_a_jester_flipped_at_the_start_of_step_1_refills_the_hand_to_8():
    state = deal(["alice"], hands={"alice": ["2C", "3C"]}, castle=["JD"], tavern=["4H", "5H", "6H"])
    assert types_of(state, "alice")[-1] == "flip_jester"
    state = flip(state, "alice")
    assert hand_sizes(state)["alice"] == 8
    assert "2C" not in hand(state, "alice")
    assert {"4H", "5H", "6H"} <= set(hand(state, "alice"))
    assert "2C" in dump(state)["discard"] and "3C" in dump(state)["discard"]
    assert view(state)["jesters_left"] == 1
    entry = last(state, "flip_jester")
    assert entry["discarded"] == ["2C", "3C"] and entry["drawn"] == 8
    # against the Jack of Diamonds: not a Diamonds draw, and the immunity stays
    assert enemy(state)["immune"] is True
    assert phase(state) == "play" and view(state)["step"] == 1


def test_27_a_jester_flipped_at_the_start_of_step_4_then_the_new_hand_covers():
    state = deal(
        ["alice"],
        hands={"alice": ["2C", "3D", "AS"]},
        castle=["JS"],
        tavern=["10H", "9H", "8H"],
    )
    state = play(state, "alice", "2C")
    assert phase(state) == "discard" and view(state)["to_cover"] == 10
    assert ENGINE.outcome(state) is None, "not lost while a Jester is left to flip"
    assert types_of(state, "alice") == ["flip_jester"], "the hand (4) cannot cover 10"
    state = flip(state, "alice")
    assert phase(state) == "discard" and view(state)["to_cover"] == 10
    state = discard(state, "alice", "10H")
    assert phase(state) == "play"


def test_27_without_a_jester_left_the_solo_player_loses_when_the_hand_cannot_cover():
    state = deal(["alice"], hands={"alice": ["2C", "3D"]}, castle=["JS"], jesters_left=0)
    state = play(state, "alice", "2C")
    assert ENGINE.outcome(state) == {"winners": [], "lost": True}


def test_27_no_flip_once_both_jesters_are_used():
    state = deal(["alice"], hands={"alice": ["2C", "3D"]}, castle=["JS"], jesters_left=0)
    assert "flip_jester" not in types_of(state, "alice")
    refused(state, "alice", {"type": "flip_jester"})
    assert "solo" in refused(deal(TRIO), "alice", {"type": "flip_jester"})


def test_27_an_empty_solo_hand_flips_or_loses():
    state = deal(["alice"], hands={"alice": []}, castle=["JS"], jesters_left=1)
    assert types_of(state, "alice") == ["flip_jester"]
    assert ENGINE.default_action(state, "alice") == {"type": "flip_jester"}
    state = deal(["alice"], hands={"alice": []}, castle=["JS"], jesters_left=0)
    assert last(state, "lost")["reason"] == "stuck"


def _solo_win(flips):
    """A solo game against a lone King, won by the King of Clubs after ``flips`` flips."""
    fillers = ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C"]
    tavern = (fillers if flips == 2 else []) + ["KC"]
    hands = {"alice": ["KC"] if flips == 0 else ["2H"]}
    state = deal(["alice"], **lone_enemy("KH", hands=hands, tavern=[] if flips == 0 else tavern))
    for _ in range(flips):
        state = flip(state, "alice")
    return play(state, "alice", "KC")


def test_27_solo_victories_are_gold_silver_and_bronze():
    assert ENGINE.outcome(_solo_win(0)) == {"winners": ["alice"], "medal": "gold"}
    assert ENGINE.outcome(_solo_win(1)) == {"winners": ["alice"], "medal": "silver"}
    assert ENGINE.outcome(_solo_win(2)) == {"winners": ["alice"], "medal": "bronze"}
    assert last(_solo_win(1), "won")["medal"] == "silver"


# --- 28. Clubs double damage only; the shield is the whole play; exact after doubling --------


def test_28_clubs_double_the_damage_but_not_the_shield():
    state = deal(TRIO, hands={"alice": ["4C", "4S", "9D"]}, castle=["KH"])
    state = play(state, "alice", "4C", "4S")
    entry = last(state, "play")
    assert entry["damage"] == 16 and entry["shield"] == 8
    assert enemy(state)["attack"] == 12


def test_28_the_spade_shield_counts_the_whole_attack_value_of_the_play():
    state = deal(TRIO, hands={"alice": ["AS", "8H", "9D"]}, castle=["JC"])
    state = play(state, "alice", "AS", "8H")
    assert enemy(state)["shield"] == 9 and enemy(state)["attack"] == 1


def test_28_an_exact_kill_is_judged_after_doubling():
    state = deal(TRIO, hands={"alice": ["10C", "2D"]}, castle=["JH", "QS"])
    state = play(state, "alice", "10C")
    assert last(state, "defeat")["exact"] is True
    assert dump(state)["tavern"][0] == "JH"


def test_28_shields_and_the_jester_reset_when_the_enemy_falls():
    state = deal(
        TRIO,
        hands={"alice": ["X1", "5S"], "bob": ["10C", "9S"], "carol": ["2C"]},
        castle=["JS", "QS"],
    )
    state = play(state, "alice", "X1")
    state = choose(state, "alice", "bob")
    state = play(state, "bob", "10C")  # 20 against the Jack of Spades (Clubs: not immune)
    assert enemy(state)["card"] == "QS"
    assert enemy(state)["immune"] is True and enemy(state)["shield"] == 0
    state = play(state, "bob", "9S")
    assert enemy(state)["attack"] == 15


# --- 29. Yielding looks at each other player's most recent turn; the Jester's choice ----------


def test_29_a_player_may_yield_unless_each_other_players_last_turn_was_a_yield():
    state = deal(
        TRIO,
        hands={
            "alice": ["10C", "10D", "9S", "9D"],
            "bob": ["2S", "10H", "9H"],
            "carol": ["10S", "8C", "8H"],
        },
        castle=["QS"],
    )
    state = discard(yield_(state, "alice"), "alice", "10C", "10D")
    state = discard(play(state, "bob", "2S"), "bob", "10H", "9H")
    state = discard(yield_(state, "carol"), "carol", "10S", "8C")
    # alice: bob's most recent turn was a play, so alice may yield
    assert view(state)["can_yield"] is True and "yield" in types_of(state, "alice")
    state = discard(yield_(state, "alice"), "alice", "9S", "9D")
    # bob: carol and alice both yielded on their most recent turns
    assert view(state)["can_yield"] is False
    refused(state, "bob", {"type": "yield"})


def test_29_a_player_who_has_not_played_yet_has_not_yielded():
    state = deal(TRIO, hands={"alice": ["10C", "10D"]}, castle=["JS"])
    state = discard(yield_(state, "alice"), "alice", "10C")
    assert view(state)["can_yield"] is True, "carol has not had a turn"


def test_29_in_a_two_player_game_yields_alternate_with_plays():
    state = deal(
        ["alice", "bob"],
        hands={"alice": ["10C", "10D", "2C"], "bob": ["10H", "10S"]},
        castle=["JS"],
    )
    state = discard(yield_(state, "alice"), "alice", "10D")
    assert "yield" not in types_of(state, "bob")


def test_29_the_jester_player_names_anyone_to_play_next_themselves_included():
    state = deal(TRIO, hands={"alice": ["X1", "7C"]}, castle=["JD"])
    state = play(state, "alice", "X1")
    listed = [a["player"] for a in ENGINE.legal_actions(state, "alice")]
    assert listed == TRIO
    assert ENGINE.legal_actions(state, "bob") == []
    refused(state, "bob", {"type": "choose_next", "player": "bob"})
    refused(state, "alice", {"type": "choose_next", "player": "mallory"})
    for chosen in TRIO:
        after = choose(state, "alice", chosen)
        assert view(after)["current_player"] == chosen and phase(after) == "play"
        assert last(after, "choose_next") == {
            "event": "choose_next",
            "player": "alice",
            "next": chosen,
        }


# --- 30. Hearts before Diamonds; Diamonds one card at a time ---------------------------------


def test_30_hearts_heal_before_diamonds_draw():
    # an empty Tavern: the Diamonds can only draw what the Hearts just put under it
    placed = {"5H", "5D", "9C", "7S"}
    elsewhere = [c for c in TAVERN_BASE if c not in placed]
    state = deal(
        ["alice", "bob"],
        hands={"alice": ["5H", "5D", "9C"], "bob": ["7S"]},
        castle=["JC"],
        tavern=[],
        discard=elsewhere,
    )
    assert view(state)["tavern_size"] == 0
    state = play(state, "alice", "5D", "5H")
    entry = last(state, "play")
    assert entry["healed"] == 10 and entry["drawn"] == 10
    assert view(state)["tavern_size"] == 0
    # one card at a time from alice: five each
    assert hand_sizes(state) == {"alice": 6, "bob": 6}
