"""Words of the Intrigue table: advisor types, advisors, slots, ducats, stages."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.engines.base import N_
from games.table.sentences import named

KIND_LABELS = {
    "chimiste": gettext_lazy("Chemist"),
    "ecrivain": gettext_lazy("Writer"),
    "medecin": gettext_lazy("Physician"),
    "religieux": gettext_lazy("Cleric"),
}

SLOTS = (1000, 3000, 6000, 10000)
CASTLES = 5  # the island has five castles, whatever the number of players


def ducats(value) -> str:
    """'32,000 ducats' in the reader's number format."""
    if not isinstance(value, int):
        return ""
    return _("%(n)s ducats") % {"n": number_format(value, force_grouping=True)}


def thousands(amount) -> str:
    """An offer's amount (thousands) in ducats."""
    return ducats(amount * 1000) if isinstance(amount, int) else ""


def kind_label(kind) -> str:
    return str(KIND_LABELS.get(kind, kind or ""))


def advisor_kind(name: str) -> str:
    return name.rpartition("-")[0] if isinstance(name, str) else ""


def advisor_label(name: str) -> str:
    """'medecin-2' -> 'Physician 2'."""
    kind, _sep, number = (name or "").rpartition("-")
    return f"{kind_label(kind)} {number}" if kind else str(name)


def token(entry, names) -> dict | None:
    """An advisor of the view ({"owner", "advisor"}) for the templates."""
    if not entry:
        return None
    owner = entry.get("owner")
    name = entry.get("advisor")
    shown = {
        "owner": owner,
        "owner_name": names.get(owner, owner),
        "advisor": name,
        "kind": advisor_kind(name),
        "label": advisor_label(name),
    }
    # Its markup, written here once: a table shows two dozen advisors by the end, and an
    # include per advisor cost the page more than the rest of the board.
    shown["html"] = format_html(
        '<span class="advisor advisor-{}" data-advisor="{}:{}">{} '
        '<small class="advisor-owner">{}</small></span>',
        shown["kind"], owner, name, shown["label"], shown["owner_name"],
    )  # fmt: skip
    return shown


def stage_title(stage, names) -> str:
    host = names.get(stage.get("host"), stage.get("host"))
    kind = stage.get("kind")
    if kind == "place":
        return _("%(host)s receives the advisors in no conflict") % {"host": host}
    if kind == "order":
        return _("%(host)s chooses which external conflict comes next") % {"host": host}
    if kind == "external":
        return named(
            N_("External conflict at %(host)s's castle: %(kind)s"),
            host=host,
            words={"kind": kind_label(stage.get("type"))},
        )
    return named(
        N_("Internal conflict at %(host)s's castle: the %(slot)s slot"),
        host=host,
        words={"slot": ducats(stage.get("slot"))},
    )


def stage_help(stage) -> str:
    kind = stage.get("kind")
    if kind == "place":
        return _(
            "Each owner may offer a bribe and ask for a slot; the host accepts or refuses, "
            "then places every advisor on a free slot."
        )
    if kind == "order":
        return _("No bargaining here: the host picks the type settled next.")
    if kind == "external":
        return _(
            "Several advisors of one type are at the door: the host admits one, the others "
            "go to the island."
        )
    return _(
        "The newcomer faces the seated advisor of its type: the host replaces the seated "
        "one (it goes to the island) or keeps it (the newcomer goes)."
    )
