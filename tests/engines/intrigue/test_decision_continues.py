"""``decision_continues``: which moves leave the pending decision open (the platform keeps
its deadline: one per negotiation stage, one for the sending)."""

from .helpers import ENGINE, accept, deal, done, keep, offer, place, play, refuse, send


def continues(state):
    return ENGINE.decision_continues(state)


def test_a_new_game_opens_a_decision():
    state = deal(round=2, waiting={"alice": [["bob", "medecin-1"]]})
    assert not continues(state)


def test_bargaining_moves_keep_the_stage_open_and_the_first_place_does_too_when_more_wait():
    state = deal(
        round=2,
        waiting={"alice": [["bob", "medecin-1"], ["carol", "religieux-1"]]},
    )
    for player, action in [
        ("bob", offer(3)),
        ("bob", offer(5, slot=10000)),
        ("carol", offer(1)),
        ("alice", refuse("carol")),
        ("alice", accept("bob")),
        ("carol", done()),
    ]:
        state = play(state, player, action)
        assert continues(state), action
    state = play(state, "alice", place("bob", "medecin-1", 10000))
    assert continues(state)  # carol's religieux is still to place, in the same stage
    state = play(state, "alice", place("carol", "religieux-1", 6000))
    # stage 1 is over: alice now sends, a new decision with its own deadline
    assert ENGINE.view(state, None)["phase"] == "send"
    assert not continues(state)
    state = play(state, "alice", send("chimiste-1", "bob"))
    assert continues(state)
    state = play(state, "alice", send("chimiste-2", "bob"))
    assert not continues(state)  # bob's turn


def test_a_host_decision_that_opens_the_next_stage_is_a_new_decision():
    state = deal(
        round=2,
        castles={"alice": {"1000": ["carol", "ecrivain-1"]}},
        waiting={"alice": [["bob", "ecrivain-2"], ["bob", "medecin-1"]]},
    )
    assert ENGINE.view(state, None)["stage"]["kind"] == "place"
    state = play(state, "bob", offer(2))
    state = play(state, "alice", place("bob", "medecin-1", 10000))
    assert ENGINE.view(state, None)["stage"]["kind"] == "internal"
    assert not continues(state)
    state = play(state, "carol", offer(4))
    assert continues(state)
    state = play(state, "alice", keep())
    assert not continues(state)


def test_nothing_continues_once_the_game_is_over():
    state = deal(round=5, first_player="carol")
    while ENGINE.outcome(state) is None:
        player = ENGINE.waiting_for(state)[0]
        state = play(state, player, ENGINE.default_action(state, player))
    assert not continues(state)


def test_no_decision_is_a_response_window():
    state = deal(round=2, waiting={"alice": [["bob", "medecin-1"]]})
    assert ENGINE.in_window(state) is False
