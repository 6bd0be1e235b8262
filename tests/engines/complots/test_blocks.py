"""Who blocks what (Naiade rules, "B. Contre un Personnage"), one case per pair.

- La Duchesse / Ursuline / Illusionniste contrent l'Aide Étrangère (any opponent);
- La Comtesse / Sorcière / Croque-Mort contrent l'Assassin / Bourreau / Maître-Chanteur;
- Le Capitaine / Justicier et l'Ambassadeur / Inquisiteur / Espion contrent le Capitaine /
  Justicier (the targeted opponent only; the Justicier's target is the richest opponent);
- Le Pape n'est contré que par lui-même (a counter-announcement, see test_complots2.py).

Two characters of one clan are never in play together, so the Capitaine is blocked by the
Capitaine and the Justicier by the Justicier. Each case: alice acts, bob holds the blocker and
blocks, nobody doubts him, the action fails.
"""

import pytest

from .helpers import (
    ENGINE,
    block,
    coins,
    current,
    deal,
    everyone_passes,
    foreign_aid,
    lives,
    play,
    playable,
    power,
    total_coins,
)

CLAN = {
    "duchesse": 0,
    "illusionniste": 0,
    "ursuline": 0,
    "assassin": 1,
    "bourreau": 1,
    "maitre_chanteur": 1,
    "comtesse": 2,
    "sorciere": 2,
    "croque_mort": 2,
    "capitaine": 3,
    "justicier": 3,
    "pape": 3,
    "ambassadeur": 4,
    "inquisiteur": 4,
    "espion": 4,
}
DEFAULT = ["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"]

PAIRS = (
    [("foreign_aid", b) for b in ("duchesse", "ursuline", "illusionniste")]
    + [
        (a, b)
        for a in ("assassin", "bourreau", "maitre_chanteur")
        for b in ("comtesse", "sorciere", "croque_mort")
    ]
    + [("capitaine", b) for b in ("capitaine", "ambassadeur", "inquisiteur", "espion")]
    + [("justicier", b) for b in ("justicier", "ambassadeur", "inquisiteur", "espion")]
)


BLOCKERS = {
    "foreign_aid": {"duchesse", "ursuline", "illusionniste"},
    "assassin": {"comtesse", "sorciere", "croque_mort"},
    "bourreau": {"comtesse", "sorciere", "croque_mort"},
    "maitre_chanteur": {"comtesse", "sorciere", "croque_mort"},
    "capitaine": {"capitaine", "justicier", "ambassadeur", "inquisiteur", "espion"},
    "justicier": {"capitaine", "justicier", "ambassadeur", "inquisiteur", "espion"},
}


def character_set(*wanted):
    chosen = list(DEFAULT)
    for character in wanted:
        chosen[CLAN[character]] = character
    return chosen


@pytest.mark.parametrize("action, blocker", PAIRS, ids=lambda v: v)
def test_the_rules_blockers_block(action, blocker):
    acting = [] if action == "foreign_aid" else [action]
    characters = character_set(*acting, blocker)
    hands = {"bob": [blocker, "duchesse" if blocker != "duchesse" else "comtesse"]}
    if acting:
        hands["alice"] = [action, "comtesse" if CLAN[action] != 2 else "duchesse"]
    hands = {
        p: [c if c in characters else characters[CLAN[c]] for c in cards]
        for p, cards in hands.items()
    }
    state = deal(
        ["alice", "bob", "carol"],
        characters=characters,
        hands=hands,
        coins={"alice": 3, "bob": 4, "carol": 1},
    )
    if action == "foreign_aid":
        state = play(state, "alice", foreign_aid())
    elif action == "justicier":
        state = play(state, "alice", power("justicier"))
        state = everyone_passes(state)
    else:
        state = play(state, "alice", power(action, target="bob"))
        state = everyone_passes(state)
    assert "bob" in ENGINE.waiting_for(state)
    assert {c for c in characters if any(a == block(c) for a in playable(state, "bob"))} == (
        BLOCKERS[action] & set(characters)
    )
    others = [c for c in characters if c not in BLOCKERS[action]]
    assert all(not any(a == block(c) for a in playable(state, "bob")) for c in others), (
        f"only the rules' blockers may block {action}"
    )
    state = play(state, "bob", block(blocker))
    state = everyone_passes(state)
    assert lives(state, "bob") == 2
    assert total_coins(state) == 54
    assert current(state) == "bob"
    if action in ("foreign_aid", "capitaine", "justicier"):
        assert [coins(state, p) for p in ("alice", "bob", "carol")] == [3, 4, 1]
    else:
        assert coins(state, "alice") == 0, "a blocked Assassins power still costs its 3 Or"
        if action == "bourreau":
            assert coins(state, "bob") == 7, "the Bourreau's 3 Or go to the target"
