"""Complots (the French Coup): what the platform knows of it beyond its engine."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.table.presenters.complots import reveal as complots_reveal
from games.table.presenters.complots import table as complots_table
from games.table.presenters.complots.actions import group_actions
from games.table.presenters.complots.cards import (
    BASE_CHARACTERS,
    CHARACTERS_BY_CLAN,
    CLANS,
    character_name,
)

from .base import RESIGN, GameDescriptor, answer_words

CHARACTERS_BASE = "base"
CHARACTERS_CHOSEN = "chosen"
CHARACTERS_RANDOM = "random"


def clan_field_name(clan) -> str:
    return f"clan_{clan.slug}"


class ComplotsDescriptor(GameDescriptor):
    slug = "complots"
    tutorial = "complots"
    name = gettext_lazy("Complots")
    summary = gettext_lazy(
        "Bluff your way to power: claim the character you need, challenge the liars, "
        "and be the last one with influence at court."
    )
    order = 1
    default_choice = True
    bot_levels = {
        "novice": gettext_lazy("Novice"),
        "honest": gettext_lazy("Honest"),
        "bluffer": gettext_lazy("Bluffer"),
        "strong": gettext_lazy("Strong"),
    }

    def presenter(self, **context):
        return complots_table.present(**context)

    def question(self, *, view, viewer, legal_actions, names):
        moves = [a for a in legal_actions if a.get("type") != RESIGN]
        if not moves:
            return ""
        pending = complots_table.pending_context(view, names) or {}
        answers = answer_words(moves)
        lines = pending.get("lines") or []
        if answers and lines:
            return _("%(claim)s: %(answers)s?") % {"claim": lines[-1], "answers": answers}
        if pending.get("moment") == "turn":
            return str(_("Your turn."))
        if pending.get("title"):
            return f"{pending['title']}."
        return super().question(view=view, viewer=viewer, legal_actions=legal_actions, names=names)

    def reveal(self, *, steps, names):
        return complots_reveal.reveal(steps, names)

    def action_label(self, action, names):
        groups = group_actions([action], names=names, viewer=None)
        if not groups:
            return ""
        return f"{groups[0].title}: {groups[0].buttons[0].label}"

    # --- the create form: characters (base, chosen one per clan, random), extensions ----

    def form_fields(self):
        fields = {
            "characters": forms.ChoiceField(
                label=_("Characters"),
                help_text=_("Base game: Duchesse, Assassin, Comtesse, Capitaine, Ambassadeur."),
                choices=[
                    (
                        CHARACTERS_BASE,
                        _("Base game"),
                    ),
                    (CHARACTERS_CHOSEN, _("Chosen: one per clan, below")),
                    (CHARACTERS_RANDOM, _("Random: one per clan, drawn at the start")),
                ],
                initial=CHARACTERS_BASE,
                required=False,  # not posted for the other games (the lobby's script disables it)
            ),
            "saint_barthelemy": forms.BooleanField(
                label=_("Saint-Barthélemy extension"), required=False
            ),
            "tyrannie": forms.BooleanField(label=_("Tyrannie extension"), required=False),
        }
        for clan in CLANS:
            choices = [(c.slug, c.name) for c in CHARACTERS_BY_CLAN[clan.slug]]
            initial = next(
                c.slug for c in CHARACTERS_BY_CLAN[clan.slug] if c.slug in BASE_CHARACTERS
            )
            fields[clan_field_name(clan)] = forms.ChoiceField(
                label=clan.name, choices=choices, initial=initial, required=False
            )
        return fields

    def form_fieldsets(self):
        return [
            {
                "name": "clans",
                "legend": _("Characters, one per clan (when chosen)"),
                "css": "clan-choice",
                "fields": [clan_field_name(clan) for clan in CLANS],
            }
        ]

    def clean_form(self, form, data):
        if data.get("characters") == CHARACTERS_CHOSEN:
            for clan in CLANS:
                if not data.get(clan_field_name(clan)):
                    form.add_error(clan_field_name(clan), _("Choose a character of this clan."))

    def options_from(self, data):
        options = {}
        if data.get("characters") == CHARACTERS_RANDOM:
            options["characters"] = "random"
        elif data.get("characters") == CHARACTERS_CHOSEN:
            options["characters"] = [data[clan_field_name(clan)] for clan in CLANS]
        if data.get("saint_barthelemy"):
            options["saint_barthelemy"] = True
        if data.get("tyrannie"):
            options["tyrannie"] = True
        return options

    def settings_words(self, options):
        words = []
        characters = options.get("characters")
        if characters == "random":
            words.append(str(_("random characters")))
        elif isinstance(characters, list):
            words.append(", ".join(character_name(c) for c in characters))
        else:
            words.append(str(_("base characters")))
        if options.get("saint_barthelemy"):
            words.append("Saint-Barthélemy")
        if options.get("tyrannie"):
            words.append("Tyrannie")
        return words


    # --- standing ---------------------------------------------------------------------------

    def rating_pools(self):
        return {
            "complots-duel": gettext_lazy("Complots, duels"),
            "complots-table": gettext_lazy("Complots, tables of 3 to 8"),
        }

    def rating_pool(self, seats, options):
        # the expansions' characters count as Complots: the pool depends on seats only
        if seats == 2:
            return "complots-duel"
        return "complots-table" if 3 <= seats <= 8 else None

    def ranks(self, outcome, view):
        """The winner first, then the others in the reverse order of their elimination
        (the public log's "eliminated" entries: the first out ranks last)."""
        players = [p.get("id") for p in view.get("players", []) if isinstance(p, dict)]
        winners = outcome.get("winners") if isinstance(outcome, dict) else None
        winners = [w for w in winners if w in players] if isinstance(winners, list) else []
        out = []
        for entry in view.get("log") or []:
            if isinstance(entry, dict) and entry.get("event") == "eliminated":
                player = entry.get("player")
                if player in players and player not in out and player not in winners:
                    out.append(player)
        ranks = {p: 1 for p in winners}
        # anyone neither winner nor logged out (never happens in a finished game) ties last
        rest = [p for p in players if p not in winners and p not in out]
        order = list(reversed(out))
        for index, player in enumerate(order):
            ranks[player] = len(winners) + 1 + index
        for player in rest:
            ranks[player] = len(winners) + len(order) + 1
        return ranks


DESCRIPTOR = ComplotsDescriptor()
