"""Turn an engine's per-player view into template context.

Templates receive what these functions return, built from `engine.view(state, viewer)` and
`engine.legal_actions(state, viewer)` only: never the state itself. Each game kind may have
its own presenter (Complots has one); any other engine of the registry gets the generic one,
which still shows the players, the log and one button per legal action.
"""

from __future__ import annotations

from . import complots as complots_presenter
from . import intrigue as intrigue_presenter
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
    "present_game",
    "sentence_for",
]


def present_game(kind, *, view, viewer, legal_actions, names, lang, describe=None):
    """Template context for the table of a game of `kind` seen by `viewer` (None: spectator).

    `names` maps engine player ids to display names; `describe(entry, lang)` turns one log
    entry into a sentence (the engine's, when it has one).
    """
    presenter = PRESENTERS.get(kind, present_generic)
    # Resigning is never an ordinary move: it gets its own guarded control ("Abandon the
    # game"), so it is taken out of the move buttons and handed over as `resign_action`.
    ordinary = [a for a in legal_actions if a.get("type") != RESIGN]
    resign = next((a for a in legal_actions if a.get("type") == RESIGN), None)
    table = presenter(
        view=view,
        viewer=viewer,
        legal_actions=ordinary,
        names=names,
        lang=lang,
        describe=describe,
    )
    table["resign_action"] = action_json(resign) if resign is not None else ""
    return table


RESIGN = "resign"


PRESENTERS = {
    "complots": complots_presenter.present,
    "intrigue": intrigue_presenter.present,
}
