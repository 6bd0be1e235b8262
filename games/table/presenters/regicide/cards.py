"""Regicide's cards on the page: names, suit symbols and colours, values, the suit powers.

Read from the card names of the engine contract (rank then suit, ``"7H"``, ``"10S"``,
``"QD"``, Jesters ``"X1"`` / ``"X2"``): the page needs nothing of the engine's internals.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
SUIT_COLOURS = {"H": "red", "D": "red", "C": "black", "S": "black"}
SUIT_NAMES = {
    "H": gettext_lazy("Hearts"),
    "D": gettext_lazy("Diamonds"),
    "C": gettext_lazy("Clubs"),
    "S": gettext_lazy("Spades"),
}
RANK_NAMES = {
    "A": gettext_lazy("Ace"),
    "J": gettext_lazy("Jack"),
    "Q": gettext_lazy("Queen"),
    "K": gettext_lazy("King"),
}
FACE_VALUES = {"A": 1, "J": 10, "Q": 15, "K": 20}
#: enemy rank -> (health, attack)
ENEMY_STATS = {"J": (20, 10), "Q": (30, 15), "K": (40, 20)}

SUIT_POWERS = {
    "H": gettext_lazy(
        "Heal: the discard pile is shuffled and that many of its cards go under the Tavern."
    ),
    "D": gettext_lazy(
        "Draw: that many cards are drawn, one at a time, from you clockwise, skipping full hands."
    ),
    "C": gettext_lazy("Double damage."),
    "S": gettext_lazy("Shield: the enemy's attack is lowered by that much until it falls."),
}


def parse(card) -> tuple[str, str | None]:
    """(rank, suit) of a card name; ("X", None) for a Jester; ("", None) for anything else."""
    if not isinstance(card, str) or len(card) < 2:
        return "", None
    if card[0] == "X":
        return "X", None
    rank, suit = card[:-1], card[-1]
    if suit not in SUIT_SYMBOLS:
        return "", None
    return rank, suit


def value(card) -> int:
    """Attack value, and value when discarded: Ace 1, 2-10, Jack 10, Queen 15, King 20,
    Jester 0."""
    rank, _suit = parse(card)
    if rank in FACE_VALUES:
        return FACE_VALUES[rank]
    return int(rank) if rank.isdigit() else 0


def short_label(card) -> str:
    """``7♥``, ``A♠``, ``K♣``; a Jester: ``Jester``."""
    rank, suit = parse(card)
    if rank == "X":
        return str(_("Jester"))
    if suit is None:
        return str(card)
    return f"{rank}{SUIT_SYMBOLS[suit]}"


def card_name(card) -> str:
    """``7 of Hearts``, ``Queen of Spades``, ``Jester`` (translated)."""
    rank, suit = parse(card)
    if rank == "X":
        return str(_("Jester"))
    if suit is None:
        return str(card)
    return _("%(rank)s of %(suit)s") % {
        "rank": RANK_NAMES.get(rank, rank),
        "suit": SUIT_NAMES[suit],
    }


def card_context(card, *, playable=False) -> dict:
    """What a template draws for one face-up card."""
    rank, suit = parse(card)
    return {
        "code": card,
        "rank": "" if rank == "X" else rank,
        "suit": suit or "",
        "symbol": SUIT_SYMBOLS.get(suit, "🃏") if rank else "",
        "colour": SUIT_COLOURS.get(suit, "jester"),
        "name": card_name(card),
        "short": short_label(card),
        "value": value(card),
        "jester": rank == "X",
        "face": rank in ("J", "Q", "K"),
        "playable": playable,
    }


def cards_label(cards) -> str:
    return " + ".join(short_label(c) for c in cards)
