"""The table's context: the game in words (title, settings) and the presented table."""

from __future__ import annotations

from django.conf import settings
from django.utils import translation

from games.engines import get_engine
from games.table.descriptors import chat_phrase_text, chat_phrases, descriptor_for, game_label
from games.table.models import Game, TimeControl
from games.table.presenters import (
    full_view,
)
from games.table.services.chat import phrase_value
from games.table.story import LOG_TOTAL, view_with_story
from games.table.views.names import seat_names


def describer(kind):
    """The engine's `describe(entry, lang, names=None)` (a sentence per log entry)."""
    return get_engine(kind).describe


def current_lang() -> str:
    return (translation.get_language() or settings.LANGUAGE_CODE).split("-")[0]


def game_title(game) -> str:
    return f"{game_label(game.kind)} #{game.pk}"


def game_subtitle(game) -> str:
    parts = [str(TimeControl.LABELS.get(game.time_control, game.time_control))]
    parts.append(str(game.get_visibility_display()))
    parts.extend(game_settings(game)[1:])
    return " · ".join(parts)


def game_settings(game) -> list[str]:
    """The table's settings in words: time control, then the game's own options."""
    parts = [str(TimeControl.LABELS.get(game.time_control, game.time_control))]
    return parts + descriptor_for(game.kind).settings_words(game.options or {})


def _(text):
    return translation.gettext(text)


# The panel shows the newest lines of the log; the whole log is on its own paged page
# (`games:log`), so that a long game's panel costs what a short one's does.
PANEL_LOG_LINES = 30


def table_context(game_view, *, log_lines: int | None = PANEL_LOG_LINES) -> dict | None:
    """The presenter's context for the viewer's own view (None before the start), with the
    newest `log_lines` lines of the log (None: all). `log_total`: the lines there are."""
    if game_view.view is None:
        return None
    game = game_view.game
    view = game_view.view
    if game.status == Game.Status.FINISHED and game_view.final_view is not None:
        # Once the game is over every card may be seen: the full view, as in the replay.
        view = game_view.final_view
    elif game.status == Game.Status.FINISHED and game.state is not None:
        engine = get_engine(game.kind)
        view = full_view(engine, engine.load(game.state))
    names = seat_names(game_view.seats)
    view = view_with_story(game, dict(view), names, newest=log_lines)
    entries = view.get("log")
    total = view.pop(LOG_TOTAL, None)
    if total is None:
        total = len(entries) if isinstance(entries, list) else 0
    if log_lines is not None and total > log_lines:
        view["log"] = entries[-log_lines:]
    table = descriptor_for(game.kind).present(
        view=view,
        viewer=game_view.player_id,
        legal_actions=game_view.legal_actions,
        names=names,
        lang=current_lang(),
        describe=describer(game.kind),
    )
    table["log_total"] = total
    table["log_more"] = log_lines is not None and total > log_lines
    return table


def viewer_phrases(game_view):
    """The chat phrases the viewer may post now when the game's rules limit the talk (see
    `descriptors.chat_phrases`) as `{"value", "key", "text"}` worded in the viewer's
    language, else None (free text). `value` (what the button posts) names the phrase with
    its numbers ("hand:4"): the chat refuses it once they have changed."""
    if game_view.seat is None or game_view.game.status != Game.Status.RUNNING:
        return None
    kind = game_view.game.kind
    phrases = chat_phrases(kind, view=game_view.view, viewer=game_view.player_id)
    if phrases is None:
        return None
    return [
        {"value": phrase_value(p), "key": p["key"], "text": chat_phrase_text(kind, p)}
        for p in phrases
    ]
