"""What Regicide's players may say while the game runs: public facts only (the rules'
"Communication"). Hand size, the Tavern, the enemies left, a greeting; and, after a Jester
until the next player starts, how good one's game is. Never free text.

A phrase is a key and its parameters (``{"key": "hand", "n": 6}``), built from the poster's
own view out of public facts only: that is what the chat stores, and each reader sees it
worded in their own language (``phrase_text``).

``chat_phrases(view, viewer)`` -> None (free text: before the start, once the game is over,
or for a spectator) or the list of phrases the viewer may post now.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def chat_phrases(view, viewer) -> list[dict] | None:
    if not isinstance(view, dict) or viewer is None or view.get("phase") in (None, "over"):
        return None
    me = next((p for p in view.get("players", []) if p.get("id") == viewer), None)
    if me is None:
        return None
    enemies = view.get("castle_size", 0) + (1 if view.get("enemy") else 0)
    phrases = [
        {"key": "hello"},
        {"key": "hand", "n": me.get("hand_size", 0)},
        {"key": "tavern", "n": view.get("tavern_size", 0)},
        {"key": "castle", "n": enemies},
        {"key": "well_played"},
    ]
    if view.get("phase") == "choose" and len(view.get("players", [])) > 1:
        # After a Jester, until the next player starts: how one feels about going next.
        phrases += [{"key": key} for key in ("good", "average", "poor", "rather_not")]
    return phrases


def _hand(n):
    return ngettext("I have %(n)d card in hand.", "I have %(n)d cards in hand.", n) % {"n": n}


def _tavern(n):
    return ngettext("%(n)d card left in the Tavern.", "%(n)d cards left in the Tavern.", n) % {
        "n": n
    }


def _castle(n):
    return ngettext("%(n)d enemy still stands.", "%(n)d enemies still stand.", n) % {"n": n}


COUNTED = {"hand": _hand, "tavern": _tavern, "castle": _castle}
PLAIN = {
    "hello": lambda: _("Hello!"),
    "well_played": lambda: _("Well played!"),
    "good": lambda: _("I have a good game."),
    "average": lambda: _("I have an average game."),
    "poor": lambda: _("I have a poor game."),
    "rather_not": lambda: _("I would rather not go next."),
}
MAX_COUNT = 60  # more cards than a Regicide deck holds: a stored count is never above


def phrase_text(phrase) -> str | None:
    """The sentence of a stored phrase in the active language; None when it is not one of
    this game's phrases (unknown key, missing or odd parameters)."""
    if not isinstance(phrase, dict):
        return None
    key = phrase.get("key")
    if key in PLAIN and set(phrase) == {"key"}:
        return str(PLAIN[key]())
    n = phrase.get("n")
    if (
        key in COUNTED
        and set(phrase) == {"key", "n"}
        and isinstance(n, int)
        and not isinstance(n, bool)
        and 0 <= n <= MAX_COUNT
    ):
        return str(COUNTED[key](n))
    return None
