"""The Intrigue move controls: the offer form (amount and slot typed in), and one button per
other legal action, grouped (offers to answer, bargaining, the host's decision, sending).

Offers are never buttons: a petitioner has one legal offer per amount and slot (hundreds
of them, as many more as they hold thousands), and a stray click would send a bribe that is
never returned. The form is the only way to offer; the engine's legal actions stay the
server's check of what it posts."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.engines.base import N_
from games.table.sentences import named

from ..base import ActionButton, ActionGroup
from .labels import advisor_label, ducats, kind_label, thousands


def offer_form(legal_actions, view, viewer):
    """The petitioner's offer form, or None: the largest amount they may offer (thousands,
    from their own legal actions), the slots they may ask for, their standing offer."""
    offers = [a for a in legal_actions if a.get("type") == "offer"]
    if not offers:
        return None
    standing = next(
        (o for o in view.get("offers") or [] if o["from"] == viewer and o["status"] == "standing"),
        None,
    )
    slots = sorted({a["slot"] for a in offers if "slot" in a})
    amount = standing["amount"] if standing else 0
    slot = standing.get("slot") if standing else None
    words = {"amount": thousands(amount), "slot": ducats(slot)}
    return {
        "summary": (
            _("Offer %(amount)s for the %(slot)s slot") % words
            if slot
            else _("Offer %(amount)s, no particular slot asked") % words
        ),
        "max_amount": max(a["amount"] for a in offers),
        # The summary shown before sending, filled in by game.js as the fields change.
        "summary_slot": _("Offer %(amount)s for the %(slot)s slot"),
        "summary_any": _("Offer %(amount)s, no particular slot asked"),
        "ducats": _("%(n)s ducats"),
        "slots": [{"value": s, "label": ducats(s)} for s in slots],
        "standing": {
            "amount": standing["amount"],
            "label": thousands(standing["amount"]),
            "slot": standing.get("slot"),
            "slot_label": ducats(standing["slot"]) if standing.get("slot") else "",
        }
        if standing
        else None,
    }


def action_groups(legal_actions, view, names):
    groups: dict[str, ActionGroup] = {}

    def group(key, title, help_text="", order=0):
        if key not in groups:
            groups[key] = ActionGroup(key, title, help_text, order=(order, len(groups)))
        return groups[key]

    offers = {o["from"]: o for o in view.get("offers") or [] if o["status"] == "standing"}
    stage = view.get("stage") or {}
    for action in legal_actions:
        kind = action.get("type")
        if kind == "offer":  # the offer form (`offer_form`), never one button per amount
            continue
        if kind in ("accept", "refuse"):
            frm = action["from"]
            offer = offers.get(frm, {})
            name = names.get(frm, frm)
            words = {"amount": thousands(offer.get("amount"))}
            if kind == "accept":
                label = named(N_("Accept %(name)s's %(amount)s"), name=name, words=words)
                css = "btn-turn"
            else:
                label = named(N_("Refuse %(name)s's %(amount)s"), name=name, words=words)
                css = "btn-danger"
            group(
                "answer",
                _("Offers made to you"),
                _("An accepted bribe is paid at once and never returned."),
            ).buttons.append(ActionButton(label, action, css))
        elif kind == "done":
            group(
                "bargain",
                _("Bargaining"),
                _("Your standing offer, if any, stays for the host to answer."),
                order=1,
            ).buttons.append(ActionButton(_("I have nothing more to offer"), action))
        elif kind == "order":
            group("order", _("Which external conflict first?"), order=2).buttons.append(
                ActionButton(
                    _("%(kind)s first") % {"kind": kind_label(action["kind"])}, action, "btn-power"
                )
            )
        elif kind in ("place", "admit"):
            verb = named(
                N_("Place %(name)s's %(advisor)s")
                if kind == "place"
                else N_("Admit %(name)s's %(advisor)s"),
                name=names.get(action["owner"], action["owner"]),
                advisor=advisor_label(action["advisor"]),
            )
            key = f"{kind}-{action['owner']}-{action['advisor']}"
            if kind == "admit" and stage.get("seated"):
                label = _("to face the seated advisor")
            else:
                label = _("on the %(slot)s slot") % {"slot": ducats(action["slot"])}
            group(key, verb, order=3).buttons.append(ActionButton(label, action, "btn-power"))
        elif kind in ("replace", "keep"):
            label = (
                _("Replace: the seated advisor goes to the island")
                if kind == "replace"
                else _("Keep: the newcomer goes to the island")
            )
            group("internal", _("Your decision"), order=3).buttons.append(
                ActionButton(label, action, "btn-power")
            )
        elif kind == "send":
            key = f"send-{action['advisor']}"
            title = _("Send your %(advisor)s") % {"advisor": advisor_label(action["advisor"])}
            group(key, title, order=4).buttons.append(
                ActionButton(
                    _("to %(name)s") % {"name": names.get(action["to"], action["to"])}, action
                )
            )
        else:  # anything new the engine may add: still playable
            group("other", _("Other moves"), order=9).buttons.append(
                ActionButton(str(kind), action)
            )
    return sorted(groups.values(), key=lambda g: g.order)
