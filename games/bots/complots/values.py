"""How much a card is worth to keep, and how much a hand is worth.

Values are in rough Or-equivalents per turn of use: a card that makes money every turn
(Duchesse, Illusionniste) or that kills (Assassin) is worth more than one that only defends.
They are read in context: the Assassin is worth more with 3 Or, the Pape with many opponents,
a second copy of a card much less than the first.
"""

# Or-equivalents of a life: one of two, and the last one (losing it loses the game)
LIFE = 7.0
LAST_LIFE = 18.0
# what taking one life from an opponent is worth to the seat
KILL = 9.0

CARD_VALUE = {
    "duchesse": 5.0,
    "illusionniste": 4.5,
    "ursuline": 3.5,
    "assassin": 5.0,
    "bourreau": 4.0,
    "maitre_chanteur": 4.0,
    "comtesse": 4.0,
    "sorciere": 4.0,
    "croque_mort": 3.0,
    "capitaine": 4.5,
    "justicier": 3.5,
    "pape": 3.0,
    "ambassadeur": 3.0,
    "inquisiteur": 3.5,
    "espion": 2.5,
}

# what each card does on a turn (nothing for the purely defensive Intouchables)
ACTION_CARDS = frozenset(
    {
        "duchesse",
        "illusionniste",
        "ursuline",
        "assassin",
        "bourreau",
        "maitre_chanteur",
        "capitaine",
        "justicier",
        "pape",
    }
)


def card_value(seat, character) -> float:
    value = CARD_VALUE.get(character, 2.0)
    opponents = len(seat.opponents)
    if character == "pape":
        value += 0.7 * max(0, opponents - 2)
    elif character in ("assassin", "bourreau", "maitre_chanteur") and seat.coins >= 3:
        value += 0.5
    elif character == "capitaine" and opponents == 1:
        value += 0.5
    elif character in ("comtesse", "sorciere", "croque_mort"):
        killers = sum(1 for c in ("assassin", "bourreau", "maitre_chanteur") if c in seat.in_play)
        value += 0.3 * killers - 0.5
    return value


def hand_value(seat, cards) -> float:
    """A hand's worth: its cards, a repeated card counting for little."""
    total = 0.0
    seen = set()
    for c in sorted(cards, key=lambda c: -card_value(seat, c)):
        value = card_value(seat, c)
        total += value if c not in seen else value * 0.3
        seen.add(c)
    if cards and not any(c in ACTION_CARDS for c in cards):
        total -= 1.0
    return total


def kill_value(seat, target) -> float:
    """What taking a life from ``target`` is worth: more for the leader, more to finish."""
    if not seat.player(target).get("alive"):
        return 0.0
    threats = [seat.threat(p["id"]) for p in seat.opponents] or [0.0]
    value = KILL + 0.25 * (seat.threat(target) - sum(threats) / len(threats))
    if seat.lives_of(target) == 1:
        value += 2.0 if len(seat.opponents) > 1 else 20.0
    return value
