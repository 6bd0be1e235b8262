"""The Regicide ``standard`` bot: always legal, deterministic, from the view alone, whole
games at 1-4 players as a property test, and the greedy rules in rigged positions.

``BOT_GAMES=N`` plays N times more games.
"""

import copy
import json

import pytest

from games.bots import available_levels, get_bot
from games.engines import get_engine

from .botplay import scale

ENGINE = get_engine("regicide")
BOT = get_bot("regicide", "standard")
MAX_DECISIONS = 3000
GAMES = 6


def play(count, seed, on_decision=None):
    players = [f"p{i}" for i in range(1, count + 1)]
    state = ENGINE.new_game(players, seed=seed)
    trail = []
    for step in range(MAX_DECISIONS):
        waiting = ENGINE.waiting_for(state)
        if not waiting:
            break
        assert len(waiting) == 1
        player = waiting[0]
        legal = ENGINE.legal_actions(state, player)
        view = ENGINE.view(state, player)
        action = BOT.choose(view, legal, f"{seed}/{step}", player=player)
        assert any(action is a for a in legal), f"seed {seed} step {step}: {action} not legal"
        if on_decision:
            on_decision(state, player, view, legal, action, step)
        trail.append(dict(action))
        state = ENGINE.apply(state, player, action)
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    assert ENGINE.outcome(state) is not None
    return state, trail


def test_registered():
    assert available_levels("regicide") == ["standard", "strong"]
    assert BOT.game == "regicide" and BOT.level == "standard"


def _deterministic(state, player, view, legal, action, step):
    if step % 3:
        return
    frozen = json.dumps(view, sort_keys=True)
    assert BOT.choose(view, legal, "other seed", player=player) is action
    again = BOT.choose(json.loads(frozen), copy.deepcopy([dict(a) for a in legal]), 1)
    assert again == action, "a JSON copy of the view gives another choice"
    assert json.dumps(view, sort_keys=True) == frozen, "the bot changed the view"


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_whole_games_are_legal_deterministic_and_end(count):
    for g in range(GAMES * scale()):
        _final, trail = play(count, f"regicide-{count}-{g}", _deterministic)
        if g == 0:
            assert play(count, f"regicide-{count}-{g}")[1] == trail


def test_the_bot_beats_the_default_moves_at_four_players():
    """Enemies defeated over the same deals: the bot's greedy play against the timeout
    default (bench/bot_scores.py prints the win rates)."""

    def killed(state):
        view = ENGINE.view(state, None)
        return 12 - view["castle_size"] - (1 if view["enemy"] else 0)

    ours = theirs = 0
    for g in range(12):
        ours += killed(play(4, f"versus-{g}")[0])
        state = ENGINE.new_game(["p1", "p2", "p3", "p4"], seed=f"versus-{g}")
        while ENGINE.waiting_for(state):
            p = ENGINE.waiting_for(state)[0]
            state = ENGINE.apply(state, p, ENGINE.default_action(state, p))
        theirs += killed(state)
    assert ours > theirs + 12


def _rigged(hand, **setup):
    return ENGINE.new_game(
        ["p1", "p2"], options={"setup": {"hands": {"p1": hand}, **setup}}, seed=4
    )


def test_the_same_view_from_different_hidden_cards_gives_the_same_choice():
    hand = ["2C", "5S", "7H", "9D", "JD", "3S", "4C"]
    one = _rigged(hand, tavern=["2H", "3H", "4H"])
    two = _rigged(hand, tavern=["10S", "9S", "8S"])
    view_one, view_two = ENGINE.view(one, "p1"), ENGINE.view(two, "p1")
    assert view_one == view_two
    assert BOT.choose(view_one, ENGINE.legal_actions(one, "p1"), 1) == BOT.choose(
        view_two, ENGINE.legal_actions(two, "p1"), 1
    )


def test_a_kill_is_taken():
    # a Jack of Hearts (20 health): 10 of Clubs doubles to 20, an exact kill
    state = _rigged(["10C", "2D", "3D", "4S", "5H", "6H", "7D"], castle=["JH"])
    assert BOT.choose(ENGINE.view(state, "p1"), ENGINE.legal_actions(state, "p1"), 0) == {
        "type": "play",
        "cards": ["10C"],
    }


def test_it_survives_the_next_attack_when_it_can():
    # Jack of Spades, attack 10; Spades are blocked (immune). Playing the 9 of Hearts or
    # the 10 of Spades would leave too little to cover 10; a small play keeps the cover.
    state = _rigged(["10S", "9H", "2D", "3C", "AH"], castle=["JS"])
    view = ENGINE.view(state, "p1")
    action = BOT.choose(view, ENGINE.legal_actions(state, "p1"), 0)
    rest = list(view["players"][0]["hand"])
    for card in action.get("cards", []):
        rest.remove(card)
    values = {"10S": 10, "9H": 9, "2D": 2, "3C": 3, "AH": 1}
    assert sum(values[c] for c in rest) >= 10, action


def test_a_jester_saves_a_hand_that_cannot_cover():
    state = ENGINE.new_game(
        ["p1", "p2", "p3"],
        options={"setup": {"hands": {"p1": ["X1", "2H", "3D"]}, "castle": ["KS"]}},
        seed=4,
    )
    legal = ENGINE.legal_actions(state, "p1")
    action = BOT.choose(ENGINE.view(state, "p1"), legal, 0)
    assert action == {"type": "play", "cards": ["X1"]}
    state = ENGINE.apply(state, "p1", action)
    view = ENGINE.view(state, "p1")
    assert view["phase"] == "choose"
    sizes = {p["id"]: p["hand_size"] for p in view["players"]}
    chosen = BOT.choose(view, ENGINE.legal_actions(state, "p1"), 0)
    assert sizes[chosen["player"]] == max(sizes.values())


def test_the_cheapest_cover_is_discarded_and_a_solo_flip_only_when_needed():
    state = ENGINE.new_game(
        ["p1"],
        options={"setup": {"hands": {"p1": ["2H", "3D", "10C", "5S", "KH"]}, "castle": ["JS"]}},
        seed=4,
    )
    state = ENGINE.apply(state, "p1", {"type": "play", "cards": ["2H"]})
    view = ENGINE.view(state, "p1")
    assert view["phase"] == "discard" and view["to_cover"] == 10
    action = BOT.choose(view, ENGINE.legal_actions(state, "p1"), 0)
    assert action["type"] == "discard"
    assert sum({"3D": 3, "10C": 10, "5S": 5, "KH": 20}[c] for c in action["cards"]) == 10
