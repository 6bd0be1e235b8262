"""Tiny helpers so that Complots scenario tests read like the rulebook.

Everything goes through the public engine contract (games/engines, docs/engines.md):
``new_game``, ``legal_actions``, ``apply``, ``waiting_for``, ``view``, ``outcome``,
``dump``/``load``. Nothing here looks inside the engine's state objects.

    state = deal(["alice", "bob", "carol"], hands={"alice": ["capitaine", "duchesse"], ...})
    state = play(state, "alice", power("capitaine", target="bob"))
    state = play(state, "bob", challenge())
"""

from __future__ import annotations

import json

from games.engines import IllegalAction, get_engine

ENGINE = get_engine("complots")

BASE_CHARACTERS = ["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"]


# --- starting a game ------------------------------------------------------------------------


def deal(
    players,
    *,
    hands=None,
    court=None,
    coins=None,
    first_player=None,
    characters=None,
    seed=7,
    **options,
):
    """A new game with a rigged position (``options["setup"]``)."""
    setup = {}
    if hands is not None:
        setup["hands"] = hands
    if court is not None:
        setup["court"] = court
    if coins is not None:
        setup["coins"] = coins
    if first_player is not None:
        setup["first_player"] = first_player
    religions = options.pop("religions", None)
    if religions is not None:
        setup["religions"] = religions
    if characters is not None:
        options["characters"] = characters
    if setup:
        options["setup"] = setup
    return ENGINE.new_game(list(players), options=options or None, seed=seed)


# --- legal actions -----------------------------------------------------------------------------

RESIGN = {"type": "resign"}


def playable(state, player):
    """``legal_actions`` without ``resign`` (always legal for a living player, always last)."""
    legal = ENGINE.legal_actions(state, player)
    if legal:
        assert legal[-1] == RESIGN, f"resign is not the last legal action of {player}"
        assert RESIGN not in legal[:-1]
    return legal[:-1]


# --- actions, named like the rules ------------------------------------------------------------


def income():
    return {"type": "income"}


def foreign_aid():
    return {"type": "foreign_aid"}


def coup(target):
    return {"type": "coup", "target": target}


def power(character, target=None, **extra):
    action = {"type": "power", "character": character}
    if target is not None:
        action["target"] = target
    action.update(extra)
    return action


def challenge():
    return {"type": "challenge"}


def block(character):
    return {"type": "block", "character": character}


def pass_():
    return {"type": "pass"}


def lose(character):
    return {"type": "lose", "character": character}


def exchange(*keep):
    return {"type": "exchange", "keep": list(keep)}


def choose(character):
    return {"type": "choose", "character": character}


# Complots 2 and the extensions (names from the engine's docstring).


def announce(character):
    return {"type": "announce", "character": character}


def give(*to):
    return {"type": "give", "to": list(to)}


def split(**amounts):
    return {"type": "split", "amounts": amounts}


def blackmail(pay):
    return {"type": "blackmail_choice", "pay": pay}


def spy_again():
    return {"type": "spy_again"}


def spy_stop():
    return {"type": "spy_stop"}


def show(character):
    return {"type": "show", "character": character}


def give_back():
    return {"type": "give_back"}


def force_discard():
    return {"type": "force_discard"}


def convert(target):
    return {"type": "convert", "target": target}


def abuse_of_trust():
    return {"type": "abuse_of_trust"}


def plague(target):
    return {"type": "plague", "target": target}


def beggar(target):
    return {"type": "beggar", "target": target}


def pass_plague(target):
    return {"type": "pass_plague", "target": target}


# --- playing --------------------------------------------------------------------------------


def _normal(value):
    """Compare actions regardless of the order of list items (``keep`` is a multiset)."""
    if isinstance(value, dict):
        return {key: _normal(item) for key, item in value.items()}
    if isinstance(value, list):
        return sorted((_normal(item) for item in value), key=lambda v: json.dumps(v))
    return value


def is_legal(state, player, action):
    wanted = _normal(action)
    return any(_normal(legal) == wanted for legal in ENGINE.legal_actions(state, player))


def play(state, player, action):
    """Apply ``action`` for ``player``; it must also be listed by ``legal_actions``."""
    listed = is_legal(state, player, action)
    new_state = ENGINE.apply(state, player, action)
    assert listed, f"apply accepted {action} for {player} but legal_actions did not list it"
    return new_state


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


def everyone_passes(state, *, but=()):
    """Every player the engine waits for (except ``but``) lets the claim or block stand."""
    waiting = [p for p in ENGINE.waiting_for(state) if p not in but]
    assert waiting, "nobody to pass"
    for player in waiting:
        state = play(state, player, pass_())
    return state


def sorciere_window(state, player):
    """True when ``player`` alone may now announce the Sorcière for the life just lost."""
    moment = pending(state)
    return (
        moment is not None
        and moment.get("moment") == "announce"
        and moment.get("announce") == "sorciere"
        and waiting(state) == [player]
    )


def lose_life(state, player, character):
    """``player`` turns ``character`` face up (the rules let them choose which).

    When the player has a single face-down card left (or two of the same character) there is
    no choice to make, and the engine turns it over by itself. With the Sorcière in play, the
    player may then announce her; this helper tells the plain story: they do not.
    """
    before = revealed(state, player).count(character)
    if player in ENGINE.waiting_for(state) and is_legal(state, player, lose(character)):
        state = play(state, player, lose(character))
        if sorciere_window(state, player):
            state = play(state, player, pass_())
        assert revealed(state, player).count(character) == before + 1, (
            f"{player} should have turned {character} face up: {cards(state, None, player)}"
        )
    else:
        # No choice: the engine must already have turned the card over (or, with the
        # Sorcière in play, be asking whether the player announces her).
        if sorciere_window(state, player):
            state = play(state, player, pass_())
        assert character in revealed(state, player), (
            f"{player} should have lost {character}: {cards(state, None, player)}"
        )
    return state


# --- reading the table (spectator view unless a player is given) ------------------------------


def view(state, player=None):
    return ENGINE.view(state, player)


def seat(state, player, viewer=None):
    for entry in view(state, viewer)["players"]:
        if entry["id"] == player:
            return entry
    raise AssertionError(f"no seat for {player}")


def coins(state, player):
    return seat(state, player)["coins"]


def lives(state, player):
    return seat(state, player)["lives"]


def alive(state, player):
    return seat(state, player)["alive"]


def cards(state, viewer, player):
    return seat(state, player, viewer)["cards"]


def revealed(state, player):
    return sorted(card["character"] for card in cards(state, None, player) if card["revealed"])


def hand(state, player):
    """The player's own face-down cards, as they see them."""
    return sorted(
        card["character"]
        for card in cards(state, player, player)
        if not card["revealed"] and card["character"] is not None
    )


def treasury(state):
    return view(state)["treasury"]


def court_size(state):
    return view(state)["court_size"]


def current(state):
    return view(state)["current_player"]


def waiting(state):
    return ENGINE.waiting_for(state)


def pending(state):
    return view(state)["pending"]


def moment(state):
    open_moment = pending(state)
    return None if open_moment is None else open_moment["moment"]


def private(state, player):
    return view(state, player)["private"]


def log(state):
    return view(state)["log"]


def events(state):
    return [entry["event"] for entry in log(state)]


def winners(state):
    outcome = ENGINE.outcome(state)
    return None if outcome is None else outcome["winners"]


def total_coins(state):
    table = view(state)
    return (
        sum(entry["coins"] for entry in table["players"])
        + table["treasury"]
        + table.get("hospice", 0)
    )


def resign():
    return {"type": "resign"}
