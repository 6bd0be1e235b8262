"""Turns and rounds: incomes, sending, turns that pass by themselves, the end and the scores.

Ruling 31: five turns each, then a last income; advisors go to any opponent, both to the same
one if the player likes; no income in the first round. Ruling 39: each turn starts with its
income (``new_game`` included); a turn with nothing to receive and nothing to send passes by
itself; the game ends with the last income right after round 5's last reception.
"""

import pytest

from games.engines import IllegalAction

from .helpers import (
    ENGINE,
    THREE,
    deal,
    door,
    events,
    money,
    moves,
    place,
    play,
    public,
    refused,
    send,
    send_both,
)


def test_a_new_game_starts_with_the_first_players_sending_in_round_1():
    state = deal()
    view = public(state)
    assert view["round"] == 1 and view["current_player"] == "alice"
    assert view["phase"] == "send" and view["sends_left"] == 2
    assert ENGINE.waiting_for(state) == ["alice"]
    assert all(p["money"] is None for p in view["players"])
    assert [money(state, p) for p in THREE] == [32000] * 3
    assert events(state, "income") == []  # no income in round 1
    assert ENGINE.view(state, "alice")["hand"] == [
        "chimiste-1",
        "chimiste-2",
        "ecrivain-1",
        "ecrivain-2",
        "medecin-1",
        "medecin-2",
        "religieux-1",
        "religieux-2",
    ]


def test_sending_two_advisors_to_the_same_castle_or_to_two_castles():
    state = deal()
    assert refused(state, "alice", send("medecin-1", "alice"))  # not one's own castle
    assert refused(state, "bob", send("medecin-1", "alice"))  # not bob's turn
    assert refused(state, "alice", send("medecin-3", "bob"))
    state = send_both(state, "alice", ("medecin-1", "bob"), ("medecin-2", "bob"))
    assert door(state, "bob") == [("alice", "medecin-1"), ("alice", "medecin-2")]
    assert "medecin-1" not in ENGINE.view(state, "alice")["hand"]
    # bob's turn: his door is the external conflict over alice's two medecins
    assert public(state)["current_player"] == "bob"
    assert public(state)["stage"]["kind"] == "external"


def test_a_sent_advisor_cannot_be_sent_again():
    state = deal()
    state = play(state, "alice", send("medecin-1", "bob"))
    assert refused(state, "alice", send("medecin-1", "carol"))


def test_the_first_player_setup_changes_who_starts_and_ends_the_rounds():
    state = deal(first_player="carol")
    assert public(state)["current_player"] == "carol"
    state = send_both(state, "carol", ("medecin-1", "alice"), ("chimiste-1", "bob"))
    assert public(state)["current_player"] == "alice"


def test_income_pays_each_advisor_placed_in_other_castles_at_the_start_of_the_turn():
    state = deal(
        round=2,
        castles={
            "bob": {"10000": ["alice", "medecin-1"], "1000": ["carol", "chimiste-1"]},
            "carol": {"3000": ["alice", "chimiste-1"], "6000": ["bob", "religieux-1"]},
        },
    )
    (income,) = events(state, "income")
    assert income == {"event": "income", "player": "alice", "ducats": 13000}
    assert money(state, "alice") == 45000
    incomes = {p["id"]: p["income"] for p in public(state)["players"]}
    assert incomes == {"alice": 13000, "bob": 6000, "carol": 1000}


def test_no_income_in_round_1_even_with_advisors_placed():
    state = deal(round=1, castles={"bob": {"10000": ["alice", "medecin-1"]}})
    assert events(state, "income") == []
    assert money(state, "alice") == 32000


def test_round_5_has_no_sending_and_the_game_ends_with_a_last_income():
    state = deal(
        round=5,
        castles={
            "bob": {"10000": ["alice", "medecin-1"]},
            "alice": {"1000": ["carol", "medecin-1"]},
        },
        waiting={"alice": [["bob", "chimiste-1"]]},
    )
    assert public(state)["phase"] == "reception"
    state = play(state, "alice", place("bob", "chimiste-1", 6000))
    # nothing to send in round 5: bob and carol have nothing at their door: their turns pass
    assert ENGINE.outcome(state) is not None
    assert public(state)["phase"] == "over"
    kinds = [e["event"] for e in events(state)]
    assert "send" not in kinds
    assert [e["player"] for e in events(state, "pass")] == ["bob", "carol"]
    incomes = [(e["player"], e["ducats"], e.get("final", False)) for e in events(state, "income")]
    assert incomes == [
        ("alice", 10000, False),
        ("bob", 6000, False),  # his chimiste sits at alice's 6,000 since her turn
        ("carol", 1000, False),
        ("alice", 10000, True),
        ("bob", 6000, True),
        ("carol", 1000, True),
    ]
    assert ENGINE.outcome(state) == {
        "winners": ["alice"],
        "money": {"alice": 52000, "bob": 44000, "carol": 34000},
    }
    assert ENGINE.waiting_for(state) == []
    for player in THREE:
        assert moves(state, player) == []
        assert refused(state, player, send("medecin-2", "bob"))


def test_a_whole_round_5_of_idle_turns_passes_by_itself_at_new_game():
    state = deal(round=5, castles={"carol": {"6000": ["bob", "medecin-1"]}})
    assert [e["player"] for e in events(state, "pass")] == THREE
    assert ENGINE.outcome(state)["money"] == {"alice": 32000, "bob": 44000, "carol": 32000}


def test_a_turn_with_an_empty_hand_and_nothing_at_the_door_passes_by_itself():
    bobs = [["bob", name] for name in ENGINE.view(deal(), "bob")["hand"]]
    state = deal(round=3, island=bobs)
    state = send_both(state, "alice", ("medecin-1", "carol"), ("medecin-2", "carol"))
    assert [e["player"] for e in events(state, "pass")] == ["bob"]
    assert public(state)["current_player"] == "carol"


def test_ties_share_the_win():
    state = deal(round=5, money={"alice": 40000, "carol": 40000})
    assert ENGINE.outcome(state)["winners"] == ["alice", "carol"]
    state = deal(round=5)
    assert ENGINE.outcome(state)["winners"] == THREE


def test_a_full_game_of_default_actions_runs_five_rounds():
    state = deal()
    rounds = set()
    steps = 0
    while ENGINE.waiting_for(state):
        player = ENGINE.waiting_for(state)[0]
        rounds.add(public(state)["round"])
        state = play(state, player, ENGINE.default_action(state, player))
        steps += 1
        assert steps < 1000
    assert rounds == {1, 2, 3, 4, 5}
    # every player sent 8 advisors: 2 per round in rounds 1-4
    assert len(events(state, "send")) == 3 * 8
    assert len([e for e in events(state, "turn")]) == 15
    assert len([e for e in events(state, "income") if e.get("final")]) == 3
    assert len([e for e in events(state, "income") if not e.get("final")]) == 12


@pytest.mark.parametrize("players", [[], ["alice"], ["alice", "bob"], list("abcdef")])
def test_three_to_five_players_only(players):
    with pytest.raises(IllegalAction):
        ENGINE.new_game(players)


@pytest.mark.parametrize("count", [3, 4, 5])
def test_three_to_five_players_play(count):
    players = ["alice", "bob", "carol", "dave", "erin"][:count]
    state = ENGINE.new_game(players, seed=b"x")
    assert [p["id"] for p in public(state)["players"]] == players
    assert set(public(state)["castles"]) == set(players)
