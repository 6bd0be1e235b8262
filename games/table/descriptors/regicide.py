"""Regicide (cooperative, 1-4 players, solo with Jesters): the platform's side of it."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.table.presenters.regicide import chat as regicide_chat
from games.table.presenters.regicide import reveal as regicide_reveal
from games.table.presenters.regicide import table as regicide_table

from .base import RESIGN, GameDescriptor


class RegicideDescriptor(GameDescriptor):
    slug = "regicide"
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
    bot_levels = {"standard": gettext_lazy("Standard")}

    def presenter(self, **context):
        return regicide_table.present(**context)

    def reveal(self, *, steps, names):
        return regicide_reveal.reveal(steps, names)

    def question(self, *, view, viewer, legal_actions, names):
        if not [a for a in legal_actions if a.get("type") != RESIGN]:
            return ""
        return regicide_table.moment_line(view, names) or str(_("Your move."))


DESCRIPTOR = RegicideDescriptor()
