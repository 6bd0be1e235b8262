"""The log tells a life lost to the Sorcière's window in order, and always tells it."""

from .helpers import (
    ENGINE,
    announce,
    challenge,
    deal,
    lose,
    lose_life,
    pass_,
    play,
)

SORCIERE_SET = ["duchesse", "assassin", "sorciere", "capitaine", "ambassadeur"]
ABC = ["alice", "bob", "carol"]


def public_log(state):
    return ENGINE.view(state, None)["log"]


def test_the_life_lost_comes_before_the_sorciere_let_go():
    hands = {"alice": ["duchesse", "assassin"], "bob": ["duchesse", "capitaine"]}
    state = deal(ABC, characters=SORCIERE_SET, hands=hands, coins={"alice": 7})
    state = play(state, "alice", {"type": "coup", "target": "bob"})
    state = play(state, "bob", lose("capitaine"))
    state = play(state, "bob", pass_())
    events = [(e["event"], e.get("player")) for e in public_log(state)][-3:]
    assert events == [("lose", "bob"), ("pass", "bob"), ("turn", "bob")]
    words = [ENGINE.describe(e, "en") for e in public_log(state)][-3:-1]
    assert words == [
        "bob loses a life and reveals the Capitaine.",
        "bob does not announce the Sorcière.",
    ]


def test_a_sorciere_challenge_that_ends_the_game_still_tells_the_life_lost():
    hands = {
        "alice": ["duchesse", "assassin"],
        "bob": ["sorciere", "capitaine"],
        "carol": ["duchesse", "ambassadeur"],
    }
    state = deal(ABC, characters=SORCIERE_SET, hands=hands, coins={"alice": 14, "bob": 7})
    state = play(state, "alice", {"type": "coup", "target": "carol"})
    state = lose_life(state, "carol", "ambassadeur")
    state = play(state, "bob", {"type": "coup", "target": "alice"})
    state = lose_life(state, "alice", "duchesse")
    state = play(state, "carol", {"type": "resign"})
    state = play(state, "alice", {"type": "coup", "target": "bob"})
    state = play(state, "bob", lose("capitaine"))
    state = play(state, "bob", announce("sorciere"))
    state = play(state, "alice", challenge())  # bob holds her: alice loses her last life
    assert ENGINE.waiting_for(state) == []
    tail = public_log(state)[-3:]
    assert tail == [
        {"event": "eliminated", "player": "alice"},
        {"event": "lose", "player": "bob", "character": None},
        {"event": "win", "player": "bob"},
    ]
    assert ENGINE.describe(tail[1], "en") == "bob loses a life (the card stays face down)."
    assert (
        ENGINE.describe({"event": "announce", "player": "bob", "character": "sorciere"}, "en")
        == "bob announces the Sorcière."
    )
