"""Turn an engine's per-player view into template context.

Templates receive what these functions return, built from `engine.view(state, viewer)` and
`engine.legal_actions(state, viewer)` only: never the state itself. Each game's descriptor
(games.table.descriptors) names its presenter (a package here: complots, regicide,
intrigue); a game without one gets the generic presenter, which still shows the players,
the log and one button per legal action.
"""

from __future__ import annotations

from .base import (
    ActionButton,
    ActionGroup,
    action_json,
    full_view,
    present_generic,
    sentence_for,
)

__all__ = [
    "ActionButton",
    "ActionGroup",
    "action_json",
    "full_view",
    "present_generic",
    "sentence_for",
]
