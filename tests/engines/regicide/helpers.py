"""Tiny helpers so that Regicide scenario tests read like the rulebook.

Everything goes through the public engine contract (games/engines, docs/engines.md): ``new_game``,
``legal_actions``, ``apply``, ``waiting_for``, ``default_action``, ``view``, ``outcome``,
``dump``/``load``. Nothing here looks inside the engine's state objects.

    state = deal(["alice", "bob"], hands={"alice": ["7H", "5C"]}, castle=["JS"])
    state = play(state, "alice", "7H")
    state = discard(state, "bob", "10C")
"""

from __future__ import annotations

import json

import pytest

from games.engines import IllegalAction, get_engine

ENGINE = get_engine("regicide")

SUITS = "HDCS"
FACES = [r + s for r in "JQK" for s in SUITS]


def deal(players, *, seed=7, **setup):
    """A new game with a rigged position (``options["setup"]``)."""
    options = {"setup": setup} if setup else None
    return ENGINE.new_game(list(players), options=options, seed=seed)


def lone_enemy(card, **setup):
    """Setup keys for a Castle of ``card`` alone: the other face cards go to the discard."""
    placed = {c for cards in setup.get("hands", {}).values() for c in cards}
    placed.update(setup.get("tavern", []))
    discard = [c for c in FACES if c != card and c not in placed]
    discard += setup.pop("discard", [])
    return {"castle": [card], "discard": discard, **setup}


def act(state, player, action):
    """Apply ``action`` after checking that it is listed (or a non-minimal cover)."""
    return ENGINE.apply(state, player, action)


def play(state, player, *cards):
    return act(state, player, {"type": "play", "cards": list(cards)})


def yield_(state, player):
    return act(state, player, {"type": "yield"})


def discard(state, player, *cards):
    return act(state, player, {"type": "discard", "cards": list(cards)})


def choose(state, player, chosen):
    return act(state, player, {"type": "choose_next", "player": chosen})


def flip(state, player):
    return act(state, player, {"type": "flip_jester"})


def view(state, player=None):
    return ENGINE.view(state, player)


def enemy(state):
    return view(state)["enemy"]


def hand(state, player):
    return sorted(view(state, player)["players"][seat(state, player)]["hand"])


def seat(state, player):
    return [p["id"] for p in view(state)["players"]].index(player)


def hand_sizes(state):
    return {p["id"]: p["hand_size"] for p in view(state)["players"]}


def phase(state):
    return view(state)["phase"]


def events(state, kind=None):
    log = view(state)["log"]
    return [e for e in log if kind is None or e["event"] == kind]


def last(state, kind):
    found = events(state, kind)
    assert found, f"no {kind!r} entry in the log"
    return found[-1]


def plays_of(state, player):
    """The ``cards`` of every listed play, as sorted lists."""
    return sorted(
        sorted(a["cards"]) for a in ENGINE.legal_actions(state, player) if a["type"] == "play"
    )


def types_of(state, player):
    return [a["type"] for a in ENGINE.legal_actions(state, player)]


def dump(state):
    return json.loads(json.dumps(ENGINE.dump(state)))


def refused(state, player, action):
    """``action`` raises IllegalAction (and only that) and leaves ``state`` unchanged."""
    before = dump(state)
    with pytest.raises(IllegalAction) as caught:
        ENGINE.apply(state, player, action)
    assert str(caught.value).strip(), "an IllegalAction needs a readable message"
    assert dump(state) == before, "a refused action changed the state"
    return str(caught.value)


def table_cards(state):
    """Every card of a dumped state's zones, for conservation checks."""
    data = ENGINE.dump(state)
    cards = [c for h in data["hands"] for c in h]
    cards += data["tavern"] + data["discard"] + data["castle"]
    cards += [c for _, played in data["table"] for c in played]
    if data["enemy"] is not None:
        cards.append(data["enemy"])
    return cards
