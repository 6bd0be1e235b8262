"""Turn an engine's per-player view into template context.

Templates receive what these functions return, built from `engine.view(state, viewer)` and
`engine.legal_actions(state, viewer)` only: never the state itself. Each game kind may have
its own presenter (Complots has one); any other engine of the registry gets the generic one,
which still shows the players, the log and one button per legal action.
"""

from __future__ import annotations

from . import complots as complots_presenter
from .base import ActionButton, ActionGroup, action_json, present_generic, sentence_for

__all__ = ["ActionButton", "ActionGroup", "action_json", "present_game", "sentence_for"]


def present_game(kind, *, view, viewer, legal_actions, names, lang, describe=None):
    """Template context for the table of a game of `kind` seen by `viewer` (None: spectator).

    `names` maps engine player ids to display names; `describe(entry, lang)` turns one log
    entry into a sentence (the engine's, when it has one).
    """
    presenter = PRESENTERS.get(kind, present_generic)
    return presenter(
        view=view,
        viewer=viewer,
        legal_actions=legal_actions,
        names=names,
        lang=lang,
        describe=describe,
    )


PRESENTERS = {
    "complots": complots_presenter.present,
}
