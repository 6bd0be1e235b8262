"""What a play would do, in words, read from the player's view only ("9 damage, draw 9,
shield 9"): the page shows it on each play button.

The figures follow the rules as the engine's docstring reads them: each suit's power once at
the play's total value, the enemy's own suit cancelled while it is immune, Hearts (heal)
before Diamonds (draw, limited by the Tavern and the room left in the hands), Spades shield,
Clubs double the damage; a Jester cancels the immunity and lets its player choose who goes
next. The engine decides; this is only a preview.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.table.presenters.regicide.cards import SUIT_SYMBOLS, parse, value


def play_effects(cards, view) -> dict:
    """The numbers of a play against the current enemy: damage, healed, drawn, shield,
    cancelled suit, kills, exact, attack left for step 4, jester."""
    enemy = view.get("enemy") or {}
    parsed = [parse(c) for c in cards]
    if any(rank == "X" for rank, _suit in parsed):
        blocked = enemy.get("blocked_spades", 0) if enemy.get("immune") else 0
        return {"jester": True, "shield": blocked, "damage": 0, "kills": False}
    total = sum(value(c) for c in cards)
    suits = {suit for _rank, suit in parsed if suit}
    cancelled = enemy.get("suit") if enemy.get("immune") and enemy.get("suit") in suits else None
    active = suits - {cancelled}
    healed = min(total, view.get("discard_size", 0)) if "H" in active else 0
    drawn = 0
    if "D" in active:
        max_hand = view.get("max_hand_size", 0)
        room = len(cards) + sum(
            max(0, max_hand - p.get("hand_size", 0)) for p in view.get("players", [])
        )
        drawn = min(total, view.get("tavern_size", 0) + healed, room)
    shield = total if "S" in active else 0
    damage = total * 2 if "C" in active else total
    remaining = enemy.get("remaining", 0)
    return {
        "jester": False,
        "total": total,
        "damage": damage,
        "doubled": "C" in active,
        "healed": healed if "H" in active else None,
        "drawn": drawn if "D" in active else None,
        "shield": shield,
        "cancelled": cancelled,
        "kills": damage >= remaining,
        "exact": damage == remaining,
        "attack_after": max(0, enemy.get("attack", 0) - shield),
    }


def play_preview(cards, view) -> str:
    """One line: "9 damage, draw 9, shield 9 — then discard 1"."""
    effects = play_effects(cards, view)
    if effects["jester"]:
        parts = [str(_("cancels the enemy's immunity"))]
        if effects["shield"]:
            parts.append(_("the Spades played count: shield %(n)d") % {"n": effects["shield"]})
        parts.append(str(_("you choose who plays next")))
        return ", ".join(parts)
    parts = [
        (_("%(n)d damage (doubled)") if effects["doubled"] else _("%(n)d damage"))
        % {"n": effects["damage"]}
    ]
    if effects["healed"] is not None:
        parts.append(_("heal %(n)d") % {"n": effects["healed"]})
    if effects["drawn"] is not None:
        parts.append(_("draw %(n)d") % {"n": effects["drawn"]})
    if effects["shield"]:
        parts.append(_("shield %(n)d") % {"n": effects["shield"]})
    if effects["cancelled"]:
        parts.append(
            _("%(suit)s power cancelled (immune)") % {"suit": SUIT_SYMBOLS[effects["cancelled"]]}
        )
    line = ", ".join(str(p) for p in parts)
    if effects["kills"] and effects["exact"]:
        outcome = _("defeats the enemy exactly: it goes onto the Tavern")
    elif effects["kills"]:
        outcome = _("defeats the enemy")
    elif effects["attack_after"]:
        outcome = _("then discard %(n)d") % {"n": effects["attack_after"]}
    else:
        outcome = _("then no damage to take")
    return f"{line} — {outcome}"


def uncovered(cards, view, hand) -> dict | None:
    """The attack a play (or a Yield, `cards` empty) would leave the player unable to cover
    with the cards left in `hand` (their own, from their view): {"attack", "left"}, or None
    when the hand covers it, the play defeats the enemy, plays a Jester, or draws cards
    (what they will be is unknown)."""
    if not isinstance(hand, list):
        return None
    enemy = view.get("enemy") or {}
    if cards:
        effects = play_effects(cards, view)
        if effects["jester"] or effects["kills"] or effects.get("drawn"):
            return None
        attack = effects["attack_after"]
    else:
        attack = enemy.get("attack", 0)
    rest = list(hand)
    for card in cards:
        if card in rest:
            rest.remove(card)
    left = sum(value(c) for c in rest)
    if attack <= 0 or left >= attack:
        return None
    return {"attack": attack, "left": left}


def uncovered_words(numbers) -> tuple[str, str]:
    """(the button's warning, the question asked before playing it) for `uncovered`."""
    words = {"attack": numbers["attack"], "left": numbers["left"]}
    warning = _("⚠ your hand cannot cover the attack: %(attack)d to discard, %(left)d left") % words
    question = (
        _(
            "After this, the enemy attacks for %(attack)d and the cards left in your hand are "
            "worth %(left)d: you could not cover it and the game would be lost. Play it anyway?"
        )
        % words
    )
    return str(warning), str(question)
