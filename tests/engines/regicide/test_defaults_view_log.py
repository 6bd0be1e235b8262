"""Timeouts (``default_action``), what the view shows, and the log's sentences."""

import json

from games.engines.regicide import RegicideEngine, describe
from games.table.sentences import localize

from .helpers import ENGINE, choose, deal, discard, flip, lone_enemy, play, view, yield_

TRIO = ["alice", "bob", "carol"]


# --- default_action ------------------------------------------------------------------------------


def test_a_timeout_yields_where_yielding_is_allowed():
    state = deal(TRIO, hands={"alice": ["2C", "9D"]}, castle=["JS"])
    assert ENGINE.default_action(state, "alice") == {"type": "yield"}


def test_else_a_timeout_plays_the_lowest_play_keeping_the_jester():
    state = deal(["alice"], hands={"alice": ["9D", "AC", "3S"]}, castle=["JS"])
    assert ENGINE.default_action(state, "alice") == {"type": "play", "cards": ["AC"]}
    state = deal(
        TRIO,
        hands={"alice": ["10C", "10D"], "bob": ["10H", "10S"], "carol": ["X1", "9D", "4S"]},
        castle=["JS"],
    )
    state = discard(yield_(state, "alice"), "alice", "10C")
    state = discard(yield_(state, "bob"), "bob", "10H")
    assert ENGINE.default_action(state, "carol") == {"type": "play", "cards": ["4S"]}
    state = deal(
        TRIO,
        hands={"alice": ["X1"], "bob": ["10H", "10S"], "carol": ["10C", "10D"]},
        castle=["JS"],
        first_player="bob",
    )
    state = discard(yield_(state, "bob"), "bob", "10H")
    state = discard(yield_(state, "carol"), "carol", "10C")
    assert ENGINE.default_action(state, "alice") == {"type": "play", "cards": ["X1"]}


def test_a_timeout_at_step_4_discards_the_cheapest_cover():
    state = deal(TRIO, hands={"alice": ["2C", "KH", "9D", "AS", "4H", "X1"]}, castle=["JS"])
    state = play(state, "alice", "2C")
    # 10 to cover: 9+A (10) beats 9+4 (13) and K (20)
    assert ENGINE.default_action(state, "alice") == {"type": "discard", "cards": ["9D", "AS"]}
    state = deal(TRIO, hands={"alice": ["2C", "10D", "6H", "4S"]}, castle=["JS"])
    state = play(state, "alice", "2C")
    # 10 alone and 6+4 are worth the same: fewer cards first
    assert ENGINE.default_action(state, "alice") == {"type": "discard", "cards": ["10D"]}


def test_a_timeout_after_a_jester_names_the_next_player_clockwise():
    state = play(deal(TRIO, hands={"alice": ["X1", "7C"]}, castle=["JD"]), "alice", "X1")
    assert ENGINE.default_action(state, "alice") == {"type": "choose_next", "player": "bob"}


def test_a_solo_timeout_flips_only_when_nothing_else_is_possible():
    state = deal(["alice"], hands={"alice": ["2C", "3D"]}, castle=["JS"])
    assert ENGINE.default_action(state, "alice") == {"type": "play", "cards": ["2C"]}
    state = play(state, "alice", "2C")
    assert ENGINE.default_action(state, "alice") == {"type": "flip_jester"}


# --- the view ------------------------------------------------------------------------------------


def test_the_view_shows_the_enemy_the_table_and_only_your_own_hand():
    state = deal(
        TRIO,
        hands={"alice": ["3S", "10C"], "bob": ["X1", "9H"], "carol": ["4S", "8C"]},
        castle=["JS"],
    )
    state = discard(play(state, "alice", "3S"), "alice", "10C")
    state = play(state, "bob", "X1")
    table = view(state, "carol")
    json.dumps(table)
    assert table["enemy"] == {
        "card": "JS",
        "suit": "S",
        "health": 20,
        "damage": 3,
        "remaining": 17,
        "base_attack": 10,
        "attack": 7,
        "shield": 3,
        "blocked_spades": 0,
        "immune": False,
        "jester": True,
    }
    assert table["table"] == [
        {"player": "alice", "cards": ["3S"]},
        {"player": "bob", "cards": ["X1"]},
    ]
    assert [p["hand"] for p in table["players"]] == [None, None, ["4S", "8C"]]
    assert [p["hand_size"] for p in table["players"]] == [0, 1, 2]
    assert table["phase"] == "choose" and table["step"] is None
    assert table["current_player"] == "bob" and table["waiting_for"] == ["bob"]
    assert table["castle_size"] == 11 and table["discard_size"] == 1
    assert table["jesters_left"] is None and table["solo"] is False
    assert table["outcome"] is None
    spectator = view(state)
    assert all(p["hand"] is None for p in spectator["players"])


def test_the_view_shows_hands_in_rank_order():
    state = deal(TRIO, hands={"alice": ["KC", "10H", "2S", "AD", "X1"]}, castle=["JS"])
    assert view(state, "alice")["players"][0]["hand"] == ["AD", "2S", "10H", "KC", "X1"]


# --- the log -------------------------------------------------------------------------------------


def _every_event():
    states = []
    trio = deal(
        TRIO,
        hands={"alice": ["X1", "5S"], "bob": ["10C", "9H", "KH"], "carol": ["2C", "10D"]},
        castle=["JD", "QS"],
        discard=["7H"],
    )
    trio = play(trio, "alice", "X1")
    trio = choose(trio, "alice", "bob")
    trio = play(trio, "bob", "10C")  # 20: exactly the Jack's health
    trio = play(trio, "bob", "9H")
    trio = discard(trio, "bob", "KH")
    trio = yield_(trio, "carol")  # and the Queen's 15 beats carol's 12
    states.append(trio)
    trio = deal(TRIO, hands={"alice": ["5D", "5H", "9S"]}, castle=["JD", "QS"], discard=["7H"])
    states.append(play(trio, "alice", "5D", "5H"))
    states.append(play(deal(TRIO, hands={"alice": ["10S", "2C"]}, castle=["JH"]), "alice", "10S"))
    states.append(play(deal(TRIO, hands={"alice": ["2C"]}, castle=["JS"]), "alice", "2C"))
    solo = deal(["alice"], **lone_enemy("KH", hands={"alice": ["2C"]}, tavern=["KC"]))
    states.append(play(flip(solo, "alice"), "alice", "KC"))
    states.append(deal(["alice"], hands={"alice": []}, castle=["JS"], jesters_left=0))
    return states


def test_every_log_entry_reads_as_a_sentence_in_english_and_french():
    seen = set()
    names = {"alice": "Alice", "bob": "Bob", "carol": "Carol"}
    for state in _every_event():
        for entry in view(state)["log"]:
            seen.add(entry["event"])
            english = describe(entry, "en", names=names)
            french = localize(describe(entry, names=names), "fr")
            assert english.strip() and french.strip() and english != french
            if "player" in entry:
                assert names[entry["player"]] in english and names[entry["player"]] in french
    assert seen == {
        "start",
        "enemy",
        "play",
        "jester",
        "choose_next",
        "yield",
        "defeat",
        "attack",
        "discard",
        "flip_jester",
        "lost",
        "won",
    }


def test_sentences_say_what_happened():
    entry = {
        "event": "play",
        "player": "alice",
        "cards": ["8D", "AC"],
        "attack": 9,
        "damage": 18,
        "drawn": 9,
    }
    assert describe(entry, "en") == "alice plays 8♦ A♣ (attack 9): 18 damage, 9 card(s) drawn."
    assert localize(describe(entry), "fr") == (
        "alice joue 8♦ A♣ (attaque 9)\u00a0: 18 dégâts, 9 carte(s) piochée(s)."
    )
    defeat = {"event": "defeat", "player": "bob", "card": "QH", "exact": True}
    assert "la Reine de Cœur" in localize(describe(defeat), "fr")
    assert "the Queen of Hearts" in describe(defeat, "en")
    won = localize(describe({"event": "won", "medal": "gold"}), "fr")
    assert won.endswith("victoire d’or\u00a0!")
    assert RegicideEngine.describe({"event": "yield", "player": "bob"}, "en") == "bob yields."
    assert describe({"event": "mystery"}, "en") == "mystery"
    assert localize(describe("garbage"), "fr") == "garbage"
