"""Regicide (cooperative, 1-4 players, solo with Jesters): the platform's side of it."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.table.presenters.regicide import chat as regicide_chat
from games.table.presenters.regicide import reveal as regicide_reveal
from games.table.presenters.regicide import table as regicide_table

from .base import RESIGN, GameDescriptor

ROYALS = 12  # four Jacks, four Queens, four Kings


class RegicideDescriptor(GameDescriptor):
    slug = "regicide"
    tutorial = "regicide"
    name = gettext_lazy("Regicide")
    summary = gettext_lazy(
        "A cooperative game: together, play cards from your hands to defeat twelve "
        "corrupted royals, Jacks, Queens and Kings, before they defeat you."
    )
    order = 2
    stylesheets = ("games/css/regicide.css",)
    # The rules' "Communication": while the game runs, only the phrases they allow.
    chat = regicide_chat
    cooperative = True
    bot_levels = {"standard": gettext_lazy("Standard"), "strong": gettext_lazy("Strong")}
    # In a cooperative game a weak partner dooms the table: the searching bot takes over.
    bot_default_level = "strong"

    def presenter(self, **context):
        return regicide_table.present(**context)

    def reveal(self, *, steps, names):
        return regicide_reveal.reveal(steps, names)

    def question(self, *, view, viewer, legal_actions, names):
        if not [a for a in legal_actions if a.get("type") != RESIGN]:
            return ""
        return regicide_table.moment_line(view, names) or str(_("Your move."))


    # No rating (cooperative): the profile keeps its records, with the enemies defeated.
    score_label = gettext_lazy("enemies defeated")

    def score(self, outcome, view):
        """The royals defeated: twelve for a victory, else those out of the castle but the
        one still standing."""
        if isinstance(outcome, dict) and outcome.get("winners"):
            return ROYALS
        castle = view.get("castle_size")
        if not isinstance(castle, int):
            return None
        return max(0, ROYALS - castle - (1 if view.get("enemy") else 0))


DESCRIPTOR = RegicideDescriptor()
