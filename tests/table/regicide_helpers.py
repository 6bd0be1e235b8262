"""Rigged Regicide tables for the web-layer tests (the engine's `options["setup"]`)."""

from __future__ import annotations

from .factories import make_game

FACES = [r + s for r in "JQK" for s in "HDCS"]

# Solo, two Jacks in the Castle, the rest of the face cards out of play:
# 10♣ kills the Jack of Hearts exactly (onto the Tavern), 10♦ hits the Jack of Clubs and draws
# that Jack of Hearts back, a discard of 10 covers the attack, the Jack of Hearts (10) kills
# the Jack of Clubs exactly: a gold medal in four moves.
SOLO_HAND = ["10C", "10D", "5H", "AS", "4D", "2S", "3C", "9H"]
SOLO_CASTLE = ["JH", "JC"]
SOLO_WIN = [
    {"type": "play", "cards": ["10C"]},
    {"type": "play", "cards": ["10D"]},
    {"type": "discard", "cards": ["5H", "4D", "AS"]},
    {"type": "play", "cards": ["JH"]},
]


def solo_setup():
    return {
        "hands": {"p1": list(SOLO_HAND)},
        "castle": list(SOLO_CASTLE),
        "discard": [c for c in FACES if c not in SOLO_CASTLE],
    }


def solo_game(user, **kwargs):
    return make_game(
        [user],
        kind="regicide",
        options={"setup": solo_setup()},
        min_seats=1,
        max_seats=1,
        **kwargs,
    )


# Three players: alice holds a Jester; bob and carol hold low cards.
TRIO_HANDS = {
    "p1": ["X1", "2C", "3D", "4H", "5S", "6C"],
    "p2": ["7C", "8D", "9H", "10S", "2H", "3S"],
    "p3": ["4C", "5D", "6H", "7S", "8C", "9D"],
}


def trio_game(users, **kwargs):
    return make_game(
        users,
        kind="regicide",
        options={"setup": {"hands": TRIO_HANDS, "castle": ["JS"]}},
        min_seats=3,
        max_seats=3,
        **kwargs,
    )
