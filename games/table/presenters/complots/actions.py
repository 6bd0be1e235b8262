"""Complots' legal actions as the page's buttons: grouped by moment (your turn, answer a
claim, lose a card...), each with a sentence in the player's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.table.presenters.base import ActionButton, ActionGroup
from games.table.presenters.complots.cards import CHARACTERS, character, character_name

GROUP_ORDER = ["turn", "power", "respond", "lose", "exchange", "choose", "other"]


def announced_before(pending) -> bool:
    """True when the open announcement window follows someone's announcement of the same
    character (the Pape's or the Illusionniste's claim, or an announcer of this window):
    then announcing is a counter-announcement ("Announce the Pape too")."""
    if not isinstance(pending, dict) or pending.get("moment") != "announce":
        return False
    action = pending.get("action") if isinstance(pending.get("action"), dict) else {}
    same = action.get("type") == "power" and action.get("character") == pending.get("announce")
    return bool(pending.get("announcers")) or same


def plague_help(view, viewer) -> str:
    """What the holder of the Peste is told: Pass loses a life; the Comtesse passes it on,
    and when she is not among this game's characters, announcing her is a sure bluff."""
    pending = (view or {}).get("pending") or {}
    tyrannie = (view or {}).get("tyrannie") or {}
    if pending.get("announce") != "comtesse" or tyrannie.get("plague") != viewer:
        return ""
    words = [
        _(
            "Pass and you lose a life. Announce the Comtesse and, if nobody challenges her, "
            "you pass the Peste on."
        )
    ]
    if "comtesse" not in ((view or {}).get("characters") or ["comtesse"]):
        words.append(
            _(
                "The Comtesse is not among this game's characters: you cannot hold her, so "
                "announcing her is a bluff that any challenge catches."
            )
        )
    return " ".join(str(w) for w in words)


def group_actions(actions, *, names, viewer, view=None):
    """Group the legal actions into titled sets of buttons, in a stable, sensible order.
    `view` (the viewer's) gives the open moment its words (a counter-announcement, the
    Peste)."""
    groups: dict[str, ActionGroup] = {}
    pending = (view or {}).get("pending")
    respond_help = plague_help(view, viewer)

    def group(key, title, help_text="", order="other"):
        if key not in groups:
            groups[key] = ActionGroup(key, title, help_text)
            groups[key].order = (GROUP_ORDER.index(order), len(groups))
        return groups[key]

    def target_name(action):
        return names.get(action.get("target"), action.get("target"))

    for action in actions:
        kind = action.get("type")
        slug = action.get("character")
        if kind == "income":
            group("turn", _("Your turn"), order="turn").buttons.append(
                ActionButton(_("Income (+1)"), action, "btn-turn")
            )
        elif kind == "foreign_aid":
            group("turn", _("Your turn"), order="turn").buttons.append(
                ActionButton(_("Foreign Aid (+2)"), action, "btn-turn")
            )
        elif kind == "coup":
            group(
                "coup",
                _("Coup (7 coins)"),
                _("Cannot be blocked. Choose the target:"),
                order="turn",
            ).buttons.append(
                ActionButton(
                    _("Coup against %(name)s") % {"name": target_name(action)},
                    action,
                    "btn-danger",
                )
            )
        elif kind == "power" and slug:
            entry = character(slug)
            title = _("Announce the %(character)s") % {"character": character_name(slug)}
            g = group(f"power-{slug}", title, str(entry.power) if entry else "", order="power")
            mode = action.get("mode")
            if "target" in action and mode == "examine":
                label = _("Examine a card of %(name)s") % {"name": target_name(action)}
            elif "target" in action:
                label = targeted_label(slug, target_name(action))
            elif mode == "exchange":
                label = _("Exchange with the Court")
            else:
                label = title
            g.buttons.append(ActionButton(label, action, "btn-power", slug))
        elif kind == "challenge":
            group("respond", _("Respond"), respond_help, order="respond").buttons.append(
                ActionButton(_("Challenge"), action, "btn-challenge")
            )
        elif kind == "block" and slug:
            group("respond", _("Respond"), respond_help, order="respond").buttons.append(
                ActionButton(
                    _("Block with the %(character)s") % {"character": character_name(slug)},
                    action,
                    "btn-block",
                    slug,
                )
            )
        elif kind == "pass":
            group("respond", _("Respond"), respond_help, order="respond").buttons.append(
                ActionButton(
                    _("Pass: lose a life") if respond_help else _("Pass"), action, "btn-pass"
                )
            )
        elif kind == "lose" and slug:
            group(
                "lose",
                _("Lose a life"),
                _("Choose the card you turn face up."),
                order="lose",
            ).buttons.append(
                ActionButton(
                    _("Lose the %(character)s") % {"character": character_name(slug)},
                    action,
                    "btn-lose",
                    slug,
                )
            )
        elif kind == "exchange":
            keep = action.get("keep") or []
            label = (
                _("Keep %(cards)s") % {"cards": " + ".join(character_name(s) for s in keep)}
                if keep
                else _("Keep nothing")
            )
            group(
                "exchange",
                _("Exchange"),
                ngettext("Choose the card you keep.", "Choose the cards you keep.", len(keep) or 1),
                order="exchange",
            ).buttons.append(ActionButton(label, action, "btn-exchange"))
        elif kind == "choose" and slug:
            group(
                "choose",
                _("Choose your card"),
                _("Take one card from your own pile."),
                order="choose",
            ).buttons.append(
                ActionButton(
                    _("Take the %(character)s") % {"character": character_name(slug)},
                    action,
                    "btn-choose",
                    slug,
                )
            )
        elif kind == "announce" and slug:
            words = (
                _("Announce the %(character)s too")
                if announced_before(pending)
                else _("Announce the %(character)s")
            )
            group("respond", _("Respond"), respond_help, order="respond").buttons.append(
                ActionButton(
                    words % {"character": character_name(slug)},
                    action,
                    "btn-block",
                    slug,
                )
            )
        elif kind == "show" and slug:
            group(
                "show",
                _("Show a card to the Inquisiteur"),
                _("Only the Inquisiteur sees it."),
                order="lose",
            ).buttons.append(
                ActionButton(
                    _("Show the %(character)s") % {"character": character_name(slug)},
                    action,
                    "btn-lose",
                    slug,
                )
            )
        elif kind in ("give_back", "force_discard"):
            label = _("Give it back") if kind == "give_back" else _("Make them discard it")
            group("examine", _("The examined card"), order="lose").buttons.append(
                ActionButton(label, action, "btn-other")
            )
        elif kind == "give":
            to = action.get("to") or []
            group("give", _("Give coins"), order="lose").buttons.append(
                ActionButton(
                    _("Give to %(names)s") % {"names": ", ".join(str(names.get(p, p)) for p in to)},
                    action,
                    "btn-other",
                )
            )
        elif kind == "split":
            amounts = action.get("amounts") or {}
            label = " · ".join(f"{names.get(p, p)} {n}" for p, n in amounts.items())
            group("split", _("Split the coins"), order="lose").buttons.append(
                ActionButton(label, action, "btn-other")
            )
        elif kind == "blackmail_choice":
            label = (
                _("Pay 3 coins to keep the life")
                if action.get("pay")
                else _("Lose a life and receive 3 coins")
            )
            group("blackmail", _("The Maître-Chanteur"), order="lose").buttons.append(
                ActionButton(label, action, "btn-other")
            )
        elif kind in ("spy_again", "spy_stop"):
            label = _("Draw another card (1 coin)") if kind == "spy_again" else _("Stop")
            group("spy", _("The Espion"), order="exchange").buttons.append(
                ActionButton(label, action, "btn-other")
            )
        elif kind == "convert":
            target = action.get("target")
            label = (
                _("Convert yourself (1 coin)")
                if target == viewer
                else _("Convert %(name)s (2 coins)") % {"name": target_name(action)}
            )
            group("convert", _("Conversion"), order="power").buttons.append(
                ActionButton(label, action, "btn-other")
            )
        elif kind == "abuse_of_trust":
            group("turn", _("Your turn"), order="turn").buttons.append(
                ActionButton(_("Abuse of trust (take the Hospice)"), action, "btn-turn")
            )
        elif kind in ("plague", "beggar", "pass_plague"):
            titles = {
                "plague": _("The Peste (5 coins)"),
                "beggar": _("The Mendiant (1 coin)"),
                "pass_plague": _("Pass the Peste on"),
            }
            labels = {
                "plague": _("Give the Peste to %(name)s"),
                "beggar": _("Give the Mendiant to %(name)s"),
                "pass_plague": _("Pass the Peste to %(name)s"),
            }
            group(kind, titles[kind], order="power").buttons.append(
                ActionButton(labels[kind] % {"name": target_name(action)}, action, "btn-danger")
            )
        else:
            group("other", _("Other actions"), order="other").buttons.append(
                ActionButton(generic_label(action, names), action, "btn-other", slug or "")
            )
    return sorted(groups.values(), key=lambda g: g.order)


def targeted_label(slug, name):
    """The whole name of a targeted power's button ("Steal 2 from Bob")."""
    labels = {
        "capitaine": _("Steal 2 from %(name)s"),
        "assassin": _("Assassinate %(name)s (3 coins)"),
        "bourreau": _("Execute %(name)s (pay them 3 coins)"),
        "maitre_chanteur": _("Blackmail %(name)s (3 coins)"),
    }
    label = labels.get(slug)
    if label is None:
        return _("Announce the %(character)s against %(name)s") % {
            "character": character_name(slug),
            "name": name,
        }
    return label % {"name": name}


def generic_label(action, names):
    """A readable label for an action this presenter has no special words for."""
    kind = str(action.get("type", "?"))
    words = [kind.replace("_", " ").capitalize()]
    for key, value in action.items():
        if key == "type":
            continue
        if key == "character":
            words.append(character_name(value))
        elif isinstance(value, str):
            words.append(str(names.get(value, value)))
        elif isinstance(value, dict):
            words.append(", ".join(f"{names.get(k, k)} {v}" for k, v in value.items()))
        elif isinstance(value, list):
            words.append(
                ", ".join(
                    character_name(v) if v in CHARACTERS else str(names.get(v, v)) for v in value
                )
            )
        else:
            words.append(f"{key} {value}")
    return " · ".join(words)
