"""Turn an engine's per-player view into template context.

Templates receive what these functions return, built from `engine.view(state, viewer)` and
`engine.legal_actions(state, viewer)` only: never the state itself. Each game kind may have
its own presenter (Complots has one); any other engine of the registry gets the generic one,
which still shows the players, the log and one button per legal action.
"""

from __future__ import annotations

from . import complots as complots_presenter
from . import intrigue as intrigue_presenter
from . import regicide as regicide_presenter
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
    "chat_phrase_text",
    "chat_phrases",
    "stylesheets",
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
    "regicide": regicide_presenter.present,
}


def chat_phrases(kind, *, view, viewer):
    """What `viewer` may say in the chat of a game of `kind` now: None for free text, else
    the list of phrases the rules allow, each a dict `{"key": ..., parameters}` built from
    the viewer's own view out of public facts. The chat service checks a posted key against
    it and stores the phrase; every reader sees it worded by `chat_phrase_text`."""
    hook = CHAT_PHRASES.get(kind)
    if hook is None:
        return None
    return hook.chat_phrases(view, viewer)


def chat_phrase_text(kind, phrase) -> str | None:
    """The sentence of a stored chat phrase of a game of `kind`, in the active language;
    None when it is not one of that game's phrases."""
    hook = CHAT_PHRASES.get(kind)
    return hook.phrase_text(phrase) if hook is not None else None


def stylesheets(kind) -> list[str]:
    """The static stylesheets a game of `kind` adds to its page (known before the start, so
    the table drawn after the start is styled without a reload)."""
    return list(STYLESHEETS.get(kind, ()))


STYLESHEETS = {
    "regicide": ("games/css/regicide.css",),
}


# Game kinds whose rules limit what the players may tell each other: a module with
# `chat_phrases(view, viewer)` and `phrase_text(phrase)`.
CHAT_PHRASES = {
    "regicide": regicide_presenter.chat,
}
