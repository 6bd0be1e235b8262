"""The shape of a tutorial: a rigged game and its steps, as plain data.

A ``Tutorial`` names its game (``kind``), how many seats (the learner is always ``p1``, the
others are bots whose moves the script gives), the engine options (``options["setup"]``,
docs/engines.md), the moves its opponents play before the first step (``opening``) and its
steps. A ``Step`` is one pause of the game with a short text: either a move the learner
must make (``expect``, an engine action) or nothing but reading ("Next"); then the
opponents' moves that follow it (``then``, ``(player, action)`` pairs, in order). ``point``
names the part of the game page the text talks about (a CSS selector of the game page).

Adding a step needs no code: a new ``Step(...)`` in a lesson module (``lessons/``), its
English text marked for translation and its French appended to the catalogue.
``tests/tutorials/test_lessons.py`` walks every step through the engine and the services.
"""

from __future__ import annotations

from dataclasses import dataclass, field

LEARNER = "p1"

# Page parts every game page has (a lesson names its game's own parts itself).
MOVES = "#move-form"
LOG = "#game-log"
TABLE = ".table"


@dataclass(frozen=True)
class Step:
    key: str
    text: object  # a lazy translated string
    point: str = TABLE
    expect: dict | None = None
    hint: object = None  # shown when another move is tried; a default otherwise
    then: tuple = ()  # ((player, action), ...) the opponents' moves after this step

    @property
    def is_move(self) -> bool:
        return self.expect is not None


@dataclass(frozen=True)
class Tutorial:
    slug: str
    kind: str
    title: object
    summary: object
    rulebook: str  # cited by title only
    seats: int
    options: dict
    steps: tuple
    opening: tuple = ()
    order: int = 100
    bot_level: str | None = None
    extra: dict = field(default_factory=dict)

    @property
    def bots(self) -> int:
        return self.seats - 1


def normalized(action) -> object:
    """An action with its free orderings removed (Complots' ``keep``, Regicide's ``cards``):
    lists are compared as sorted lists."""
    if not isinstance(action, dict):
        return action
    return {
        key: sorted(value, key=str) if isinstance(value, list) else value
        for key, value in action.items()
    }


def same_move(action, expected) -> bool:
    return normalized(action) == normalized(expected)
