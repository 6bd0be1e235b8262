"""What Regicide's players may say while the game runs: public facts only (the rules'
"Communication"). Hand size, the Tavern, the enemies left, a greeting; and, after a Jester
until the next player starts, how good one's game is. Never free text.

``chat_phrases(view, viewer)`` -> None (free text: before the start, once the game is over,
or for a spectator) or the list of ``(key, text)`` the viewer may post now, each text built
from the viewer's own view (nothing it says is hidden from the others).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def chat_phrases(view, viewer) -> list[tuple[str, str]] | None:
    if not isinstance(view, dict) or viewer is None or view.get("phase") in (None, "over"):
        return None
    me = next((p for p in view.get("players", []) if p.get("id") == viewer), None)
    if me is None:
        return None
    hand = me.get("hand_size", 0)
    tavern = view.get("tavern_size", 0)
    enemies = view.get("castle_size", 0) + (1 if view.get("enemy") else 0)
    phrases = [
        ("hello", _("Hello!")),
        (
            "hand",
            ngettext("I have %(n)d card in hand.", "I have %(n)d cards in hand.", hand)
            % {"n": hand},
        ),
        (
            "tavern",
            ngettext("%(n)d card left in the Tavern.", "%(n)d cards left in the Tavern.", tavern)
            % {"n": tavern},
        ),
        (
            "castle",
            ngettext("%(n)d enemy still stands.", "%(n)d enemies still stand.", enemies)
            % {"n": enemies},
        ),
        ("well_played", _("Well played!")),
    ]
    if view.get("phase") == "choose" and len(view.get("players", [])) > 1:
        # After a Jester, until the next player starts: how one feels about going next.
        phrases += [
            ("good", _("I have a good game.")),
            ("average", _("I have an average game.")),
            ("poor", _("I have a poor game.")),
            ("rather_not", _("I would rather not go next.")),
        ]
    return [(key, str(text)) for key, text in phrases]
