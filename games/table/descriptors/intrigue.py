"""Intrigue (3-5 players, bribes and promises, hidden money): the platform's side of it."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.table.presenters.intrigue import reveal as intrigue_reveal
from games.table.presenters.intrigue import table as intrigue_table
from games.table.presenters.intrigue.labels import stage_title

from .base import RESIGN, GameDescriptor


class IntrigueDescriptor(GameDescriptor):
    slug = "intrigue"
    tutorial = "intrigue"
    name = gettext_lazy("Intrigue")
    summary = gettext_lazy(
        "Send your advisers to your rivals' castles: promises, bribes and betrayals "
        "decide who gets the best posts. After five rounds, the richest wins."
    )
    order = 3
    # Promises and threats are whispered: private lines between two players.
    whispers = True
    bot_levels = {"standard": gettext_lazy("Standard")}

    def presenter(self, **context):
        return intrigue_table.present(**context)

    def reveal(self, *, steps, names):
        return intrigue_reveal.reveal(steps, names)

    def question(self, *, view, viewer, legal_actions, names):
        moves = {a.get("type") for a in legal_actions if a.get("type") != RESIGN}
        if not moves:
            return ""
        if "send" in moves:
            return str(_("Send an advisor to a rival's castle."))
        stage = view.get("stage")
        title = stage_title(stage, names) if isinstance(stage, dict) else ""
        if "offer" in moves:
            return _("%(stage)s: make an offer, or say you are done?") % {"stage": title}
        if title:
            return _("%(stage)s: your decision?") % {"stage": title}
        return str(_("Your move."))


    def rating_pools(self):
        return {"intrigue": gettext_lazy("Intrigue")}

    def ranks(self, outcome, view):
        """By final money, the richest first; equal money shares a rank (1, 2, 2, 4)."""
        money = outcome.get("money") if isinstance(outcome, dict) else None
        if not isinstance(money, dict):
            return super().ranks(outcome, view)
        amounts = {p: m for p, m in money.items() if isinstance(m, int | float)}
        ordered = sorted(amounts.values(), reverse=True)
        return {p: ordered.index(m) + 1 for p, m in amounts.items()}


DESCRIPTOR = IntrigueDescriptor()
