"""Quick smoke tests of the Complots engine: random games keep the invariants.

The full scenario and property suite lives in the other test modules of this folder.
"""

import json
import random

import pytest

from games.engines import IllegalAction, get_engine

from .helpers import playable

ENGINE = get_engine("complots")
C2_SETS = [
    None,
    {"characters": "random"},
    {"characters": ["illusionniste", "bourreau", "sorciere", "pape", "espion"]},
    {"characters": ["ursuline", "maitre_chanteur", "croque_mort", "justicier", "inquisiteur"]},
    {"characters": "random", "saint_barthelemy": True, "tyrannie": True},
]


def _cards_in_play(state):
    drawn = sum(len(f.get("d", ())) for f in state.stack if f["k"] == "exch")
    return sum(len(h) for h in state.hands) + len(state.court) + drawn


def _coins(view):
    return sum(p["coins"] for p in view["players"]) + view["treasury"] + view.get("hospice", 0)


def play_random(count, seed, options=None, deep=False):
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(count)]
    state = ENGINE.new_game(players, options, seed)
    cards = None
    steps = 0
    while ENGINE.outcome(state) is None:
        waiting = ENGINE.waiting_for(state)
        assert waiting, "a running game always waits for someone"
        player = rng.choice(waiting)
        legal = playable(state, player)
        assert legal, f"{player} is waited for but has no legal action"
        action = rng.choice(legal)
        before = ENGINE.dump(state) if deep else None
        new = ENGINE.apply(state, player, action)
        if deep:
            assert ENGINE.dump(state) == before, "apply changed its input"
            data = json.loads(json.dumps(ENGINE.dump(new)))
            assert ENGINE.dump(ENGINE.load(data)) == data
            for p in [None, *players]:
                json.dumps(ENGINE.view(new, p))
            for p in ENGINE.waiting_for(new):
                assert ENGINE.default_action(new, p) in playable(new, p)
        state = new
        view = ENGINE.view(state, None) if deep or steps % 7 == 0 else None
        if view is not None:
            assert _coins(view) == 54
        assert all(c >= 0 for c in state.coins)
        assert sum(state.coins) + state.treasury + state.hospice == 54
        if state.turn:
            if cards is None:
                cards = _cards_in_play(state)
            assert _cards_in_play(state) == cards
        steps += 1
        assert steps < 3000, "the game does not end"
    outcome = ENGINE.outcome(state)
    assert len(outcome["winners"]) == 1
    assert sum(1 for lives in state.lives if lives) == 1
    assert ENGINE.waiting_for(state) == []
    return state


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6, 7, 8])
def test_random_base_games_keep_the_invariants(count):
    for seed in range(300):
        play_random(count, seed)


@pytest.mark.parametrize("options", C2_SETS)
@pytest.mark.parametrize("count", [2, 4, 6])
def test_random_complots2_and_extension_games_keep_the_invariants(count, options):
    for seed in range(120):
        play_random(count, seed, options)


@pytest.mark.parametrize("options", C2_SETS)
def test_deep_checks_on_a_few_games(options):
    for seed in range(6):
        play_random(2 + seed % 5, seed, options, deep=True)


def test_same_seed_and_actions_give_the_same_dump():
    first = play_random(4, 11, {"characters": "random", "saint_barthelemy": True})
    again = play_random(4, 11, {"characters": "random", "saint_barthelemy": True})
    assert ENGINE.dump(first) == ENGINE.dump(again)
    assert first == again


def test_other_hands_are_hidden_in_the_view():
    state = ENGINE.new_game(["alice", "bob", "carol"], seed=b"smoke")
    view = ENGINE.view(state, "alice")
    mine, bobs = view["players"][0]["cards"], view["players"][1]["cards"]
    assert all(card["character"] for card in mine)
    assert all(card["character"] is None for card in bobs)
    spectator = ENGINE.view(state, None)
    assert all(c["character"] is None for p in spectator["players"] for c in p["cards"])


@pytest.mark.parametrize(
    "action",
    [
        None,
        "income",
        [],
        {},
        {"type": "nope"},
        {"type": "income", "x": 1},
        {"type": ["income"]},
        {"type": "coup", "target": "bob"},
        {"type": "power", "character": {"a": 1}},
    ],
)
def test_garbage_is_refused_with_illegal_action(action):
    state = ENGINE.new_game(["alice", "bob", "carol"], seed=1)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, "alice", action)
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, "bob", {"type": "income"})
    with pytest.raises(IllegalAction):
        ENGINE.apply(state, ["alice"], {"type": "income"})


def test_characters_option_is_validated():
    with pytest.raises(IllegalAction, match="one character per clan|Only one character"):
        ENGINE.new_game(
            ["a", "b", "c"],
            {"characters": ["duchesse", "ursuline", "comtesse", "capitaine", "ambassadeur"]},
        )
    with pytest.raises(IllegalAction, match="Unknown character"):
        ENGINE.new_game(["a", "b", "c"], {"characters": ["roi"] * 5})


def test_legal_actions_are_read_only():
    state = ENGINE.new_game(["alice", "bob", "carol"], seed=2)
    action = playable(state, "alice")[0]
    with pytest.raises(TypeError):
        action["type"] = "coup"
    copy = dict(action)
    copy["type"] = "coup"
    assert playable(state, "alice")[0] == {"type": "income"}


def _variant(state, rng, viewer_seat):
    """The same state with an opponent's face-down card swapped with a Court card and the
    Court reordered: something the viewer cannot tell apart."""
    other = state.copy()
    other.mine()
    seats = [
        i
        for i, hand in enumerate(other.hands)
        if i != viewer_seat and any(st == 0 for _, st in hand)
    ]
    court = list(other.court)
    if seats and court:
        seat = rng.choice(seats)
        hand = list(other.hands[seat])
        index = rng.choice([i for i, (_, st) in enumerate(hand) if st == 0])
        pick = rng.randrange(len(court))
        hand[index], court[pick] = (court[pick], 0), hand[index][0]
        other.hands[seat] = tuple(hand)
    rng.shuffle(court)
    other.court = tuple(court)
    other.ctr += 7
    return other


@pytest.mark.parametrize("options", C2_SETS)
def test_hidden_cards_and_court_order_do_not_change_a_view(options):
    rng = random.Random(5)
    for seed in range(25):
        count = 2 + seed % 5
        players = [f"p{i}" for i in range(count)]
        state = ENGINE.new_game(players, options, seed)
        while ENGINE.outcome(state) is None:
            top = state.stack[-1]["k"]
            if top in ("turn", "chal", "block", "ann", "lose") and state.turn:
                viewer = rng.randrange(count)
                other = _variant(state, rng, viewer)
                p = players[viewer]
                assert ENGINE.view(other, p) == ENGINE.view(state, p)
                assert ENGINE.legal_actions(other, p) == ENGINE.legal_actions(state, p)
                assert ENGINE.waiting_for(other) == ENGINE.waiting_for(state)
            player = rng.choice(ENGINE.waiting_for(state))
            state = ENGINE.apply(state, player, rng.choice(playable(state, player)))
