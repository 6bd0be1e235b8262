"""Regicide: the table as one player sees it (the enemy, the piles, the plays against the
enemy, the hands) and their legal actions as buttons with a preview of each play."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.table.presenters.base import ActionButton, ActionGroup, sentence_for
from games.table.presenters.regicide.cards import (
    ENEMY_STATS,
    RANK_NAMES,
    SUIT_NAMES,
    SUIT_POWERS,
    SUIT_SYMBOLS,
    card_context,
    cards_label,
    parse,
    value,
)
from games.table.presenters.regicide.preview import play_preview, uncovered, uncovered_words


def enemy_context(enemy) -> dict | None:
    if not isinstance(enemy, dict):
        return None
    card = card_context(enemy.get("card"))
    suit = enemy.get("suit")
    health = enemy.get("health", 0)
    damage = enemy.get("damage", 0)
    return {
        **card,
        "health": health,
        "damage": damage,
        "remaining": enemy.get("remaining", 0),
        "attack": enemy.get("attack", 0),
        "base_attack": enemy.get("base_attack", 0),
        "shield": enemy.get("shield", 0),
        "immune": bool(enemy.get("immune")),
        "jester": bool(enemy.get("jester")),
        # The bar's width as a CSS class (no inline style under the CSP): 0, 5, ... 100.
        "damage_step": min(100, 5 * round(20 * damage / health)) if health else 0,
        "immunity": (
            _("Immune to %(suit)s: the %(symbol)s power of a play against it is cancelled.")
            % {"suit": SUIT_NAMES[suit], "symbol": SUIT_SYMBOLS[suit]}
            if enemy.get("immune") and suit in SUIT_NAMES
            else _("A Jester cancelled its immunity.")
        ),
    }


def player_context(entry, *, viewer, names, view, playable):
    pid = entry.get("id")
    hand = entry.get("hand")
    return {
        "id": pid,
        "name": names.get(pid, pid),
        "is_me": pid == viewer,
        "hand_size": entry.get("hand_size", 0),
        "hand": (
            [card_context(c, playable=c in playable) for c in hand]
            if isinstance(hand, list)
            else None
        ),
        "backs": range(entry.get("hand_size", 0)) if not isinstance(hand, list) else range(0),
        "yielded": bool(entry.get("yielded")),
        "is_current": pid == view.get("current_player"),
        "is_waited": pid in (view.get("waiting_for") or []),
    }


def moment_line(view, names) -> str:
    current = view.get("current_player")
    name = names.get(current, current)
    phase = view.get("phase")
    if phase == "play":
        return _("%(player)s plays a card or a combo against the enemy (step 1).") % {
            "player": name
        }
    if phase == "discard":
        return _("%(player)s must discard cards worth %(n)d or more (step 4).") % {
            "player": name,
            "n": view.get("to_cover") or 0,
        }
    if phase == "choose":
        return _("%(player)s played a Jester and chooses who plays next.") % {"player": name}
    return ""


def result_line(outcome) -> str:
    if not isinstance(outcome, dict):
        return ""
    if outcome.get("lost"):
        return str(_("Defeat: the Castle holds. Everyone loses together."))
    medal = outcome.get("medal")
    medals = {"gold": _("gold medal"), "silver": _("silver medal"), "bronze": _("bronze medal")}
    if medal in medals:
        return _("Victory! The last King has fallen: %(medal)s.") % {"medal": medals[medal]}
    return str(_("Victory! The last King has fallen. Everyone wins together."))


def group_actions(actions, *, view, names, viewer):
    """The buttons: plays (with their preview), yield, discards, Jester flips, choices."""
    groups: dict[str, ActionGroup] = {}

    def group(key, title, help_text=""):
        if key not in groups:
            groups[key] = ActionGroup(key, title, help_text)
        return groups[key]

    me = next((p for p in view.get("players") or [] if p.get("id") == viewer), None)
    hand = (me or {}).get("hand")

    def warn(button, numbers):
        """A move that leaves the hand short of the coming attack says so, and the page
        asks before it goes (`data-confirm`, game.js)."""
        if numbers:
            warning, button.confirm = uncovered_words(numbers)
            button.detail = f"{button.detail} {warning}" if button.detail else warning
            button.css = f"{button.css} btn-warned"

    plays = [a for a in actions if a.get("type") == "play" and isinstance(a.get("cards"), list)]
    plays.sort(key=lambda a: (sum(value(c) for c in a["cards"]), len(a["cards"])))
    for action in plays:
        cards = action["cards"]
        jester = any(parse(c)[0] == "X" for c in cards)
        css = "btn-jester" if jester else "btn-power"
        button = ActionButton(cards_label(cards), action, css, detail=play_preview(cards, view))
        warn(button, uncovered(cards, view, hand))
        title, help_text = _("Play against the enemy"), _("Each play: its damage and powers.")
        group("play", title, help_text).buttons.append(button)
    for action in actions:
        kind = action.get("type")
        if kind == "yield":
            attack = (view.get("enemy") or {}).get("attack", 0)
            detail = _("skip to step 4: discard %(n)d") % {"n": attack}
            button = ActionButton(_("Yield"), action, "btn-pass", detail=detail)
            warn(button, uncovered([], view, hand))
            help_text = _("Not allowed when every other player yielded last.")
            group("yield", _("Yield"), help_text).buttons.append(button)
        elif kind == "discard" and isinstance(action.get("cards"), list):
            cards = action["cards"]
            button = ActionButton(cards_label(cards), action, "btn-danger")
            button.detail = _("value %(n)d") % {"n": sum(value(c) for c in cards)}
            group(
                "discard",
                _("Suffer the enemy's attack"),
                _("Discard cards worth at least %(n)d.") % {"n": view.get("to_cover") or 0},
            ).buttons.append(button)
        elif kind == "flip_jester":
            left = view.get("jesters_left") or 0
            button = ActionButton(_("Flip a Jester"), action, "btn-jester")
            button.detail = ngettext(
                "discard your hand and draw back to 8 (%(n)d Jester left)",
                "discard your hand and draw back to 8 (%(n)d Jesters left)",
                left,
            ) % {"n": left}
            group("flip", _("Solo Jester"), "").buttons.append(button)
        elif kind == "choose_next":
            pid = action.get("player")
            label = names.get(pid, pid)
            if pid == viewer:
                label = _("%(name)s (you)") % {"name": label}
            group(
                "choose", _("Who plays next?"), _("After a Jester, any player, you included.")
            ).buttons.append(ActionButton(str(label), action, "btn-turn"))
    return list(groups.values())


def playable_cards(actions) -> set[str]:
    """The cards of the hand that some legal play or discard uses (highlighted)."""
    cards = set()
    for action in actions:
        if action.get("type") in ("play", "discard") and isinstance(action.get("cards"), list):
            cards.update(c for c in action["cards"] if isinstance(c, str))
    return cards


def present(*, view, viewer, legal_actions, names, lang, describe=None):
    playable = playable_cards(legal_actions)
    players = [
        player_context(entry, viewer=viewer, names=names, view=view, playable=playable)
        for entry in view.get("players", [])
    ]
    me = next((p for p in players if p["is_me"]), None)
    if me is not None:
        index = players.index(me)
        others = players[index + 1 :] + players[:index]
    else:
        others = players
    log = [
        sentence_for(entry, lang=lang, names=names, describe=describe)
        for entry in view.get("log", [])
    ]
    waiting = view.get("waiting_for") or []
    castle = view.get("castle_size", 0)
    return {
        "template": "games/regicide/_table.html",
        "aid_template": "games/regicide/_aid.html",
        "enemy": enemy_context(view.get("enemy")),
        "tavern_size": view.get("tavern_size", 0),
        "discard_size": view.get("discard_size", 0),
        "castle_size": castle,
        "plays": [
            {
                "player": names.get(p.get("player"), p.get("player")),
                "cards": [card_context(c) for c in p.get("cards", [])],
            }
            for p in view.get("table", [])
        ],
        "players": players,
        "me": me,
        "others": others,
        # the viewer's hand in one line, shown with their moves (on a phone, on one screen)
        "hand_strip": " ".join(c["short"] for c in (me or {}).get("hand") or []),
        "solo": bool(view.get("solo")),
        "jesters_left": view.get("jesters_left"),
        "phase": view.get("phase"),
        "to_cover": view.get("to_cover"),
        "moment": moment_line(view, names),
        "log": list(reversed(log)),
        "waiting_for": [names.get(p, p) for p in waiting],
        "me_waited": viewer is not None and viewer in waiting,
        "outcome": view.get("outcome"),
        "result_line": result_line(view.get("outcome")),
        "action_groups": group_actions(legal_actions, view=view, names=names, viewer=viewer),
        "suit_powers": [
            {"symbol": SUIT_SYMBOLS[s], "name": SUIT_NAMES[s], "power": SUIT_POWERS[s], "suit": s}
            for s in "HDCS"
        ],
        "enemy_stats": [
            {"name": RANK_NAMES[rank], "health": h, "attack": a}
            for rank, (h, a) in ENEMY_STATS.items()
        ],
    }
