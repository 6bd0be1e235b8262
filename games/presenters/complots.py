"""Complots: the table as one player sees it, and their legal actions as grouped buttons."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .base import ActionButton, ActionGroup, sentence_for
from .complots_cards import CHARACTERS, character

# Order of the groups of buttons on the page.
GROUP_ORDER = ["turn", "power", "respond", "lose", "exchange", "choose", "other"]


def card_context(card):
    """One card of a player's row: what the template draws (never more than the view has)."""
    slug = card.get("character")
    revealed = bool(card.get("revealed"))
    set_aside = bool(card.get("lost")) and not revealed
    return {
        "slug": slug or "",
        "character": character(slug) if slug else None,
        "revealed": revealed,
        "hidden": slug is None,
        "set_aside": set_aside,
        "alive": not revealed and not set_aside,
    }


def player_context(entry, *, viewer, names, view):
    pid = entry["id"]
    waiting = view.get("waiting_for") or []
    return {
        "id": pid,
        "name": names.get(pid, pid),
        "is_me": pid == viewer,
        "coins": entry.get("coins", 0),
        "alive": entry.get("alive", True),
        "lives": entry.get("lives", 0),
        "cards": [card_context(card) for card in entry.get("cards", [])],
        "religion": entry.get("religion") or (view.get("religions") or {}).get(pid),
        "is_current": pid == view.get("current_player"),
        "is_waited": pid in waiting,
        "extra": {
            key: value
            for key, value in entry.items()
            if key
            not in ("id", "coins", "alive", "lives", "cards", "religion", "hand", "hand_size")
            and isinstance(value, (bool, int, str))
        },
    }


def present(*, view, viewer, legal_actions, names, lang, describe=None):
    players = [
        player_context(entry, viewer=viewer, names=names, view=view)
        for entry in view.get("players", [])
    ]
    me = next((p for p in players if p["is_me"]), None)
    # Opponents in seat order starting after the viewer, like around a real table.
    if me is not None:
        index = players.index(me)
        others = players[index + 1 :] + players[:index]
    else:
        others = players
    in_play = [CHARACTERS[s] for s in view.get("characters", []) if s in CHARACTERS]
    log = [
        sentence_for(entry, lang=lang, names=names, describe=describe)
        for entry in view.get("log", [])
    ]
    waiting = view.get("waiting_for") or []
    return {
        "template": "games/complots/_table.html",
        "players": players,
        "me": me,
        "others": others,
        "treasury": view.get("treasury"),
        "court_size": view.get("court_size"),
        "hospice": view.get("hospice"),
        "saint_barthelemy": "hospice" in view,
        "characters_in_play": in_play,
        "log": list(reversed(log)),
        "waiting_for": [names.get(p, p) for p in waiting],
        "me_waited": viewer is not None and viewer in waiting,
        "pending": pending_context(view, names),
        "private": private_context(view, names),
        "tyrannie": view.get("tyrannie"),
        "outcome": view.get("outcome"),
        "action_groups": group_actions(legal_actions, names=names, viewer=viewer),
    }


MOMENT_TITLES = {
    "choose": gettext_lazy("Both players choose a card from their pile"),
    "turn": gettext_lazy("%(player)s's turn"),
    "challenge": gettext_lazy("Challenge window"),
    "block": gettext_lazy("Block window"),
    "lose": gettext_lazy("%(decider)s loses a life"),
    "exchange": gettext_lazy("%(decider)s exchanges cards with the Cour"),
    "show": gettext_lazy("%(decider)s shows a card to the Inquisiteur"),
    "examine": gettext_lazy("%(decider)s decides on the examined card"),
    "announce": gettext_lazy("Counter-announcements"),
    "give": gettext_lazy("%(decider)s gives coins"),
    "split": gettext_lazy("%(decider)s splits the coins"),
    "blackmail": gettext_lazy("%(decider)s answers the Maître-Chanteur"),
    "spy": gettext_lazy("%(decider)s may spy again"),
    "plague": gettext_lazy("%(decider)s passes La Peste on"),
}


def pending_context(view, names):
    """The open moment in words: whose turn, the open claim and block (all public)."""
    pending = view.get("pending")
    if not isinstance(pending, dict):
        return None

    def name(pid):
        return names.get(pid, pid) if isinstance(pid, str) else ""

    moment = pending.get("moment") or ""
    params = {"player": name(pending.get("player")), "decider": name(pending.get("decider"))}
    title = MOMENT_TITLES.get(moment)
    lines = []
    action = pending.get("action") if isinstance(pending.get("action"), dict) else None
    if action:
        line = action_sentence(action, name(pending.get("player")), names)
        if line:
            lines.append(line)
    claim = pending.get("claim")
    if isinstance(claim, dict) and claim.get("kind") == "announce":
        lines.append(
            _("%(player)s announces the %(character)s")
            % {
                "player": name(claim.get("player")),
                "character": character_name(claim.get("character")),
            }
        )
    elif isinstance(claim, dict) and claim.get("kind") == "abuse_of_trust" and not action:
        lines.append(
            _("%(player)s claims not to hold the Duchesse") % {"player": name(claim.get("player"))}
        )
    block = pending.get("block")
    if isinstance(block, dict):
        lines.append(
            _("%(player)s blocks with the %(character)s")
            % {
                "player": name(block.get("player")),
                "character": character_name(block.get("character")),
            }
        )
    return {
        "moment": moment,
        "title": (str(title) % params) if title else moment.replace("_", " ").capitalize(),
        "lines": lines,
    }


def action_sentence(action, player, names):
    """The turn's action as played, in words ("alice announces the Capitaine against bob")."""
    kind = action.get("type")
    target = names.get(action.get("target"), action.get("target"))
    params = {"player": player, "target": target}
    if kind == "power":
        params["character"] = character_name(action.get("character"))
        if target:
            return _("%(player)s announces the %(character)s against %(target)s") % params
        return _("%(player)s announces the %(character)s") % params
    if kind == "foreign_aid":
        return _("%(player)s takes Foreign Aid") % params
    if kind == "abuse_of_trust":
        return _("%(player)s claims not to hold the Duchesse") % params
    if kind in ("plague", "beggar", "coup", "convert") and target:
        labels = {
            "plague": _("%(player)s gives La Peste to %(target)s"),
            "beggar": _("%(player)s gives Le Mendiant to %(target)s"),
            "coup": _("%(player)s assassinates %(target)s"),
            "convert": _("%(player)s converts %(target)s"),
        }
        return labels[kind] % params
    return ""


def private_context(view, names):
    """What only the viewer sees besides their cards: drawn cards, a shown card, the pile."""
    private = view.get("private") or {}
    shown = private.get("shown")
    return {
        "drawn": [card_context({"character": slug}) for slug in private.get("drawn") or []],
        "pile": [card_context({"character": slug}) for slug in private.get("pile") or []],
        "shown": (
            {
                "player": shown.get("player"),
                "card": card_context({"character": shown.get("character")}),
            }
            if isinstance(shown, dict)
            else None
        ),
        "shown_by_me": card_context({"character": private["shown_by_me"]})
        if private.get("shown_by_me")
        else None,
    }


def character_name(slug):
    entry = character(slug)
    return str(entry.name) if entry else str(slug)


def group_actions(actions, *, names, viewer):
    """Group the legal actions into titled sets of buttons, in a stable, sensible order."""
    groups: dict[str, ActionGroup] = {}

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
                _("Assassination (7 coins)"),
                _("Cannot be blocked. Choose the target:"),
                order="turn",
            ).buttons.append(ActionButton(target_name(action), action, "btn-danger"))
        elif kind == "power" and slug:
            entry = character(slug)
            title = _("Announce the %(character)s") % {"character": character_name(slug)}
            g = group(f"power-{slug}", title, str(entry.power) if entry else "", order="power")
            mode = action.get("mode")
            if "target" in action and mode == "examine":
                label = _("Examine a card of %(name)s") % {"name": target_name(action)}
            elif "target" in action:
                label = target_name(action)
            elif mode == "exchange":
                label = _("Exchange with the Cour")
            else:
                label = _("Announce")
            g.buttons.append(ActionButton(label, action, "btn-power", slug))
        elif kind == "challenge":
            group("respond", _("Respond"), order="respond").buttons.append(
                ActionButton(_("Challenge"), action, "btn-challenge")
            )
        elif kind == "block" and slug:
            group("respond", _("Respond"), order="respond").buttons.append(
                ActionButton(
                    _("Block with the %(character)s") % {"character": character_name(slug)},
                    action,
                    "btn-block",
                    slug,
                )
            )
        elif kind == "pass":
            group("respond", _("Respond"), order="respond").buttons.append(
                ActionButton(_("Pass"), action, "btn-pass")
            )
        elif kind == "lose" and slug:
            group(
                "lose",
                _("Lose a life"),
                _("Choose the card you turn face up."),
                order="lose",
            ).buttons.append(ActionButton(character_name(slug), action, "btn-lose", slug))
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
            ).buttons.append(ActionButton(character_name(slug), action, "btn-choose", slug))
        elif kind == "announce" and slug:
            group("respond", _("Respond"), order="respond").buttons.append(
                ActionButton(
                    _("Announce the %(character)s too") % {"character": character_name(slug)},
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
            ).buttons.append(ActionButton(character_name(slug), action, "btn-lose", slug))
        elif kind in ("give_back", "force_discard"):
            label = _("Give it back") if kind == "give_back" else _("Make them discard it")
            group("examine", _("The examined card"), order="lose").buttons.append(
                ActionButton(label, action, "btn-other")
            )
        elif kind == "give":
            to = action.get("to") or []
            group("give", _("Give coins"), order="lose").buttons.append(
                ActionButton(", ".join(str(names.get(p, p)) for p in to), action, "btn-other")
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
                "plague": _("La Peste (5 coins)"),
                "beggar": _("Le Mendiant (1 coin)"),
                "pass_plague": _("Pass La Peste to"),
            }
            group(kind, titles[kind], order="power").buttons.append(
                ActionButton(target_name(action), action, "btn-danger")
            )
        else:
            group("other", _("Other actions"), order="other").buttons.append(
                ActionButton(generic_label(action, names), action, "btn-other", slug or "")
            )
    return sorted(groups.values(), key=lambda g: g.order)


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
