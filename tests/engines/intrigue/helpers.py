"""Tiny helpers so that Intrigue scenario tests read like the rulebook.

Everything goes through the public engine contract (games/engines, docs/engines.md): nothing here
looks inside the engine's state objects except through ``dump``.

    state = deal(waiting={"alice": [["bob", "medecin-1"], ["carol", "medecin-2"]]}, round=2)
    state = play(state, "bob", offer(5, slot=10000))
    state = play(state, "alice", accept("bob"))
"""

from __future__ import annotations

from games.engines import IllegalAction, get_engine

ENGINE = get_engine("intrigue")

THREE = ["alice", "bob", "carol"]


def deal(players=THREE, **setup):
    """A new game with a rigged position (``options["setup"]``; keyword = setup key)."""
    setup = {k: v for k, v in setup.items() if v is not None}
    options = {"setup": setup} if setup else None
    return ENGINE.new_game(list(players), options=options, seed=7)


# --- actions -----------------------------------------------------------------------------------


def offer(amount, slot=None):
    action = {"type": "offer", "amount": amount}
    if slot is not None:
        action["slot"] = slot
    return action


def done():
    return {"type": "done"}


def accept(player):
    return {"type": "accept", "from": player}


def refuse(player):
    return {"type": "refuse", "from": player}


def order(kind):
    return {"type": "order", "kind": kind}


def place(owner, advisor, slot):
    return {"type": "place", "owner": owner, "advisor": advisor, "slot": slot}


def admit(owner, advisor, slot):
    return {"type": "admit", "owner": owner, "advisor": advisor, "slot": slot}


def replace():
    return {"type": "replace"}


def keep():
    return {"type": "keep"}


def send(advisor, to):
    return {"type": "send", "advisor": advisor, "to": to}


# --- playing -----------------------------------------------------------------------------------


def resign():
    return {"type": "resign"}


def moves(state, player):
    """The player's legal actions but the resignation, which is always the last one while
    the player is still in the game (and running)."""
    legal = ENGINE.legal_actions(state, player)
    if legal:
        assert legal[-1] == resign() and resign() not in legal[:-1], legal[-3:]
        return legal[:-1]
    return legal


def is_legal(state, player, action):
    return action in ENGINE.legal_actions(state, player)


def play(state, player, action):
    """Apply an action that must be listed as legal."""
    assert is_legal(state, player, action), (
        f"{action} is not legal for {player}: {ENGINE.legal_actions(state, player)[:12]}"
    )
    return ENGINE.apply(state, player, action)


def refused(state, player, action):
    """True when the engine refuses the action with IllegalAction and changes nothing."""
    before = ENGINE.dump(state)
    try:
        ENGINE.apply(state, player, action)
    except IllegalAction:
        assert ENGINE.dump(state) == before, "a refused action changed the state"
        assert not is_legal(state, player, action), f"{action} refused but listed as legal"
        return True
    return False


def send_both(state, player, first, second):
    """The active player sends two advisors: ``first`` and ``second`` are (advisor, to)."""
    state = play(state, player, send(*first))
    return play(state, player, send(*second))


# --- reading the view --------------------------------------------------------------------------


def public(state):
    return ENGINE.view(state, None)


def money(state, player):
    """What ``player`` sees of their own money."""
    view = ENGINE.view(state, player)
    return next(p["money"] for p in view["players"] if p["id"] == player)


def stage(state):
    return public(state)["stage"]


def castle(state, host):
    """{slot: (owner, advisor) or None} of ``host``'s castle."""
    return {
        slot: None if seat is None else (seat["owner"], seat["advisor"])
        for slot, seat in public(state)["castles"][host].items()
    }


def door(state, host):
    return [(w["owner"], w["advisor"]) for w in public(state)["waiting"][host]]


def island(state):
    return [(w["owner"], w["advisor"]) for w in public(state)["island"]]


def events(state, *kinds):
    return [e for e in public(state)["log"] if not kinds or e["event"] in kinds]


def offers(state):
    return [(o["from"], o["amount"], o["slot"], o["status"]) for o in public(state)["offers"]]
