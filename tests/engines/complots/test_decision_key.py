"""``decision_key``: the same for a player while their question is the same, whoever else
answers it meanwhile; different as soon as it changes (a challenge, a block, a resolution)."""

import random

from games.engines import decision_key_of

from .helpers import (
    ENGINE,
    announce,
    challenge,
    choose,
    deal,
    pass_,
    play,
    power,
    waiting,
)
from .randomplay import PLAYER_NAMES, random_seed

ABCD = ["alice", "bob", "carol", "dave"]


def key(state, player):
    return ENGINE.decision_key(state, player)


def test_other_players_passing_leave_the_question_unchanged():
    state = deal(ABCD, hands={"alice": ["duchesse", "assassin"]})
    state = play(state, "alice", power("duchesse"))
    before = {p: key(state, p) for p in ("bob", "carol", "dave")}
    assert len(set(before.values())) == 3, "each player has a key of their own"
    state = play(state, "bob", pass_())
    assert key(state, "carol") == before["carol"]
    assert key(state, "dave") == before["dave"]
    assert key(state, "bob") != before["bob"], "bob answered: his question is gone"
    state = play(state, "dave", pass_())
    assert key(state, "carol") == before["carol"]


def test_a_challenge_changes_the_question_of_everyone():
    state = deal(ABCD, hands={"alice": ["duchesse", "assassin"]})
    state = play(state, "alice", power("duchesse"))
    before = key(state, "dave")
    state = play(state, "carol", challenge())
    assert key(state, "dave") != before


def test_the_next_window_of_the_same_turn_is_another_question():
    hands = {"alice": ["capitaine", "assassin"], "bob": ["capitaine", "comtesse"]}
    state = deal(ABCD, hands=hands)
    state = play(state, "alice", power("capitaine", target="bob"))
    before = key(state, "carol")
    for player in ("bob", "carol", "dave"):
        state = play(state, player, pass_())
    state = play(state, "bob", {"type": "block", "character": "capitaine"})
    assert waiting(state) == ["alice", "carol", "dave"]
    assert key(state, "carol") != before, "a challenge of bob's block, not alice's claim"


def test_another_counter_announcement_leaves_the_question_unchanged():
    characters = ["illusionniste", "assassin", "comtesse", "capitaine", "ambassadeur"]
    state = deal(ABCD, characters=characters, hands={"alice": ["illusionniste", "assassin"]})
    state = play(state, "alice", power("illusionniste"))
    for player in ("bob", "carol", "dave"):
        state = play(state, player, pass_())
    assert waiting(state) == ["bob", "carol", "dave"]
    before = key(state, "dave")
    state = play(state, "bob", announce("illusionniste"))
    assert key(state, "dave") == before


def test_two_player_choose_at_once():
    state = deal(["alice", "bob"], hands={"alice": ["duchesse"], "bob": ["assassin"]})
    assert waiting(state) == ["alice", "bob"]
    before = key(state, "bob")
    state = play(state, "alice", choose("capitaine"))
    assert key(state, "bob") == before


def test_spectators_and_strangers_have_no_key():
    state = deal(ABCD)
    assert key(state, None) is None
    assert key(state, "mallory") is None


def _stripped(state, player):
    """The player's view without what another's answer may change of it (the definition)."""
    view = ENGINE.view(state, player)
    view.pop("waiting_for")
    if view["pending"]:
        view["pending"].pop("waiting_for")
        view["pending"].pop("announcers", None)
    view["log"] = [e for e in view["log"] if e["event"] not in ("announce", "pass")]
    for seat in view["players"]:
        if seat["id"] != player:
            seat["cards"] = sorted(c["character"] for c in seat["cards"] if c["revealed"])
            seat.pop("lives")
    return view


def test_random_games_same_key_means_same_question():
    """Whenever a move leaves someone's key unchanged, their legal actions and their view
    (but for who answered) are unchanged too; and a player's own move always changes it."""
    rng = random.Random("decision-key")
    unchanged = 0
    for index in range(40):
        players = PLAYER_NAMES[: 2 + index % 5]
        options = {"saint_barthelemy": index % 4 == 1, "tyrannie": index % 4 >= 2}
        if index % 3:
            options["characters"] = "random"
        state = ENGINE.new_game(players, options=options, seed=random_seed(rng))
        for _ in range(400):
            if ENGINE.outcome(state) is not None:
                break
            keys = {p: key(state, p) for p in players}
            facts = {
                p: (ENGINE.legal_actions(state, p), _stripped(state, p))
                for p in players
                if keys[p] is not None
            }
            mover = rng.choice(ENGINE.waiting_for(state))
            legal = [a for a in ENGINE.legal_actions(state, mover) if a["type"] != "resign"]
            state = ENGINE.apply(state, mover, rng.choice(legal))
            assert key(state, mover) != keys[mover], "a player's own move changes their key"
            for p in players:
                if p != mover and key(state, p) == keys[p]:
                    unchanged += 1
                    assert (ENGINE.legal_actions(state, p), _stripped(state, p)) == facts[p]
    assert unchanged > 100, "the property must see simultaneous answers"


def test_the_generic_key_leaves_out_who_is_waited_for():
    view = {"waiting_for": ["a", "b"], "pending": {"waiting_for": ["a"], "claim": "x"}}
    same = {"waiting_for": ["b"], "pending": {"waiting_for": [], "claim": "x"}}
    other = {"waiting_for": ["b"], "pending": {"waiting_for": [], "claim": "y"}}
    legal = [{"type": "pass"}]
    assert decision_key_of(view, legal) == decision_key_of(same, legal)
    assert decision_key_of(view, legal) != decision_key_of(other, legal)
    assert decision_key_of(view, legal) != decision_key_of(view, [{"type": "challenge"}])
