"""Complots: the table as one player sees it, and their legal actions as grouped buttons."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.table.presenters.base import sentence_for
from games.table.presenters.complots.actions import announced_before, group_actions
from games.table.presenters.complots.cards import (
    CHARACTERS,
    TYRANNIE_CARDS,
    character,
    character_name,
)


# Order of the groups of buttons on the page.
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
    if view.get("tyrannie") is not None:
        in_play += TYRANNIE_CARDS
    log = [
        sentence_for(entry, lang=lang, names=names, describe=describe)
        for entry in view.get("log", [])
    ]
    waiting = view.get("waiting_for") or []
    return {
        "template": "games/complots/_table.html",
        "aid_template": "games/complots/_aid.html",
        "players": players,
        "me": me,
        "others": others,
        "treasury": view.get("treasury"),
        "court_size": view.get("court_size"),
        "hospice": view.get("hospice"),
        "saint_barthelemy": "hospice" in view,
        "characters_in_play": in_play,
        # names the aid's markup in the fragment cache (with the language)
        "aid_key": ",".join(c.slug for c in in_play),
        "log": list(reversed(log)),
        "waiting_for": [names.get(p, p) for p in waiting],
        "me_waited": viewer is not None and viewer in waiting,
        "pending": pending_context(view, names),
        "private": private_context(view, names),
        "tyrannie": view.get("tyrannie"),
        "outcome": view.get("outcome"),
        "action_groups": group_actions(legal_actions, names=names, viewer=viewer, view=view),
        "hand_strip": hand_strip(me),
    }


def hand_strip(me) -> str:
    """What the viewer holds in one short line, shown with their moves ("Duchesse,
    Assassin · 2 coins"): on a phone the hand is then on the screen where they choose."""
    if me is None:
        return ""
    live = [c["character"].name for c in me["cards"] if c.get("alive") and c.get("character")]
    coins = ngettext("%(n)s coin", "%(n)s coins", me["coins"]) % {"n": me["coins"]}
    return " · ".join([", ".join(str(n) for n in live), coins] if live else [coins])


MOMENT_TITLES = {
    "choose": gettext_lazy("Both players choose a card from their pile"),
    "turn": gettext_lazy("%(player)s's turn"),
    "challenge": gettext_lazy("Challenge window"),
    "block": gettext_lazy("Block window"),
    "lose": gettext_lazy("%(decider)s loses a life"),
    "exchange": gettext_lazy("%(decider)s exchanges cards with the Court"),
    "show": gettext_lazy("%(decider)s shows a card to the Inquisiteur"),
    "examine": gettext_lazy("%(decider)s decides on the examined card"),
    "announce": gettext_lazy("Counter-announcements"),
    "give": gettext_lazy("%(decider)s gives coins"),
    "split": gettext_lazy("%(decider)s splits the coins"),
    "blackmail": gettext_lazy("%(decider)s answers the Maître-Chanteur"),
    "spy": gettext_lazy("%(decider)s may spy again"),
    "plague": gettext_lazy("%(decider)s passes the Peste on"),
}


# The title of an announcement window nobody has announced in yet (not a counter-announcement).
ANNOUNCE_TITLES = {
    "sorciere": gettext_lazy("%(decider)s may announce the Sorcière"),
    "comtesse": gettext_lazy("%(decider)s holds the Peste"),
    None: gettext_lazy("Who announces the %(character)s?"),
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
    if moment == "announce" and not announced_before(pending):
        params["character"] = character_name(pending.get("announce"))
        title = ANNOUNCE_TITLES.get(pending.get("announce"), ANNOUNCE_TITLES[None])
    holder = (view.get("tyrannie") or {}).get("plague")
    if action and action.get("type") == "plague" and holder and holder != action.get("target"):
        lines.append(_("%(holder)s holds the Peste now") % {"holder": name(holder)})
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
            "plague": _("%(player)s gives the Peste to %(target)s"),
            "beggar": _("%(player)s gives the Mendiant to %(target)s"),
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
                "player": names.get(shown.get("player"), shown.get("player")),
                "card": card_context({"character": shown.get("character")}),
            }
            if isinstance(shown, dict)
            else None
        ),
        "shown_by_me": card_context({"character": private["shown_by_me"]})
        if private.get("shown_by_me")
        else None,
    }
