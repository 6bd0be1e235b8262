"""Resigning (the package docstring, "Resigning"): legal for everyone still in the game at
every moment, always last; the player's advisors stay where they are, their money counts
for nothing, their bargaining ends at once and their own decisions follow the default rule;
one player left wins at once."""

from .helpers import (
    ENGINE,
    THREE,
    accept,
    castle,
    deal,
    door,
    events,
    money,
    moves,
    offer,
    offers,
    play,
    refused,
    resign,
    send,
    stage,
)


def stage_one(players=THREE, **setup):
    """alice hosts bob's medecin-1 and carol's chimiste-1 in stage 1 (round 2)."""
    return deal(
        players,
        round=2,
        waiting={"alice": [["bob", "medecin-1"], ["carol", "chimiste-1"]]},
        **setup,
    )


def players(state):
    return {p["id"]: p for p in ENGINE.view(state, None)["players"]}


def test_everyone_still_in_the_game_may_resign_at_any_moment_and_only_once():
    state = deal(round=2, waiting={"alice": [["bob", "medecin-1"]]})
    assert ENGINE.waiting_for(state) == ["alice", "bob"]
    for player in THREE:
        assert ENGINE.legal_actions(state, player)[-1] == resign()
    assert ENGINE.legal_actions(state, "carol") == [resign()]  # nothing at stake
    assert ENGINE.default_action(state, "bob") != resign()
    state = play(state, "carol", resign())
    assert events(state)[-1] == {"event": "resign", "player": "carol"}
    assert ENGINE.legal_actions(state, "carol") == []
    assert refused(state, "carol", resign())
    # carol was not waited for: the open decision goes on, with its deadline
    assert ENGINE.waiting_for(state) == ["alice", "bob"]
    assert ENGINE.decision_continues(state) is True
    assert players(state)["carol"]["resigned"] is True
    assert players(state)["carol"]["alive"] is False
    assert players(state)["bob"]["alive"] is True


def test_a_petitioner_who_resigns_withdraws_the_standing_offer_but_not_a_paid_bribe():
    state = stage_one([*THREE, "dave"])  # four: two may leave and the game goes on
    state = play(state, "carol", offer(2))
    state = play(state, "alice", accept("carol"))  # paid at once
    state = play(state, "bob", offer(3, slot=10000))
    state = play(state, "carol", resign())  # carol had nothing standing
    state = play(state, "bob", resign())
    assert [e["event"] for e in events(state)[-3:]] == ["resign", "resign", "lapse"]
    assert events(state)[-1] == {"event": "lapse", "player": "bob", "amount": 3, "slot": 10000}
    assert offers(state) == [("carol", 2, None, "accepted")]
    assert ENGINE.waiting_for(state) == ["alice"]  # the host still decides, alone
    assert ENGINE.decision_continues(state) is True
    assert refused(state, "bob", offer(1))
    assert ENGINE.legal_actions(state, "bob") == []
    # the accepted bribe stays paid: alice earned it, carol's money still shows it
    assert money(state, "alice") == 32000 + 2000
    assert money(state, "carol") == 30000


def test_the_game_ends_at_once_when_one_player_is_left_and_they_win():
    state = stage_one(money={"alice": 1000, "bob": 90000, "carol": 50000})
    state = play(state, "bob", offer(7))
    state = play(state, "bob", resign())
    assert ENGINE.outcome(state) is None
    state = play(state, "carol", resign())
    assert ENGINE.outcome(state) == {
        "winners": ["alice"],
        "money": {"alice": 1000, "bob": 90000, "carol": 50000},
        "resigned": ["bob", "carol"],
    }
    assert ENGINE.waiting_for(state) == []
    assert not [e for e in events(state, "income") if e.get("final")]  # no last income
    assert events(state)[-1]["event"] == "end"
    for player in THREE:
        assert ENGINE.legal_actions(state, player) == []
    assert refused(state, "alice", resign())
    # the money of everyone is shown with the scores, as at a normal end
    assert players(state)["bob"]["money"] == 90000


def test_a_host_who_resigns_refuses_every_offer_and_decides_by_the_fixed_rule():
    state = stage_one()
    state = play(state, "carol", offer(2))
    state = play(state, "alice", accept("carol"))
    state = play(state, "bob", offer(3, slot=6000))
    state = play(state, "alice", resign())
    log = [e["event"] for e in events(state)]
    i = log.index("resign")
    assert log[i : i + 4] == ["resign", "refuse", "place", "place"]
    # owners from the host's left (bob, carol), each on the highest free slot
    assert castle(state, "alice") == {
        1000: None,
        3000: None,
        6000: ("carol", "chimiste-1"),
        10000: ("bob", "medecin-1"),
    }
    # his refused offer was never paid; his medecin's income at alice's (his turn) came in
    assert money(state, "bob") == 32000 + 10000
    # then alice sends her first two advisors to her left neighbour, and bob's turn begins
    sent = events(state, "send")
    assert [(e["advisor"], e["to"]) for e in sent] == [("chimiste-1", "bob"), ("chimiste-2", "bob")]
    assert door(state, "bob") == [("alice", "chimiste-1"), ("alice", "chimiste-2")]
    # at bob's door alice is a petitioner (her advisors are at stake) but bargains no more
    assert stage(state)["kind"] == "external"
    assert stage(state)["petitioners"] == [{"id": "alice", "bargaining": False}]
    assert ENGINE.waiting_for(state) == ["bob"]
    assert ENGINE.decision_continues(state) is False  # a new decision: a new deadline
    assert ENGINE.legal_actions(state, "alice") == []


def test_a_sender_who_resigns_sends_the_first_advisors_left_to_the_left_neighbour():
    state = deal()  # round 1, nothing at alice's door: she sends
    assert ENGINE.view(state, None)["phase"] == "send"
    state = play(state, "alice", send("medecin-1", "carol"))
    state = play(state, "alice", resign())
    assert [(e["advisor"], e["to"]) for e in events(state, "send")] == [
        ("medecin-1", "carol"),
        ("chimiste-1", "bob"),
    ]
    assert ENGINE.waiting_for(state) == ["bob"]
    assert stage(state)["petitioners"] == [{"id": "alice", "bargaining": False}]


def test_who_resigned_cannot_win_even_the_richest():
    state = deal(round=5, waiting={"alice": [["bob", "medecin-1"]]}, money={"bob": 90000})
    state = play(state, "bob", resign())
    state = play(state, "alice", moves(state, "alice")[-1])  # a place: the last reception
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    # his medecin's income still came in (his turn, the last income)
    assert outcome["money"]["bob"] == 90000 + 10000 + 10000
    assert outcome["winners"] == ["alice", "carol"]  # 32,000 each, bob left
    assert outcome["resigned"] == ["bob"]
    assert events(state)[-1]["resigned"] == ["bob"]


def test_a_resignation_survives_dump_and_load():
    state = play(stage_one(), "carol", resign())
    data = ENGINE.dump(state)
    assert data["resigned"] == ["carol"]
    again = ENGINE.load(data)
    assert ENGINE.dump(again) == data
    assert ENGINE.legal_actions(again, "carol") == []
    # a state stored before resignations existed reads as nobody resigned
    del data["resigned"]
    assert ENGINE.legal_actions(ENGINE.load(data), "carol")[-1] == resign()
