"""`present`: the Intrigue view turned into the template context of `games/intrigue/`."""

from __future__ import annotations

from django.utils.translation import gettext as _

from ..base import sentence_for
from .actions import action_groups, offer_form
from .labels import (
    CASTLES,
    SLOTS,
    advisor_label,
    ducats,
    kind_label,
    stage_help,
    stage_title,
    thousands,
    token,
)


def present(*, view, viewer, legal_actions, names, lang, describe=None):
    waiting_for = view.get("waiting_for") or []
    stage = view.get("stage")
    host = stage.get("host") if stage else view.get("current_player")
    players = [_player(entry, viewer, host, names, waiting_for) for entry in view["players"]]
    me = next((p for p in players if p["is_me"]), None)
    return {
        "template": "games/intrigue/_table.html",
        "players": players,
        "me": me,
        "castles": _castles(view, players, names, host),
        "island": [token(t, names) for t in view.get("island") or []],
        "stage": _stage(stage, viewer, names),
        "offers": _offers(view, viewer, host, names),
        "upcoming": _upcoming(view.get("upcoming") or {}),
        "offer_form": offer_form(legal_actions, view, viewer),
        "action_groups": action_groups(legal_actions, view, names),
        "round": view.get("round"),
        "rounds": view.get("rounds"),
        "phase": view.get("phase"),
        "sending": _sending(view, names),
        "scores": _scores(view, names),
        "log": list(
            reversed(
                [
                    sentence_for(entry, lang=lang, names=names, describe=describe)
                    for entry in view.get("log", [])
                ]
            )
        ),
        "waiting_for": [names.get(p, p) for p in waiting_for],
        "me_waited": viewer is not None and viewer in waiting_for,
        # the viewer's money and advisors in one line, shown with their moves
        "hand_strip": " · ".join(
            x for x in [(me or {}).get("money"), ", ".join((me or {}).get("hand") or [])] if x
        ),
        # what "Abandon the game" means here (games/_resign.html)
        "resign_confirm": _(
            "Abandon this game for good? You can no longer win; your advisors stay where "
            "they are and your decisions are taken by the fixed rule."
        ),
        "resign_note": _(
            "You leave the game for good: your advisors stay where they are, your decisions "
            "are taken by the fixed rule and you can no longer win. It counts as an "
            "abandoned game in your record."
        ),
    }


def _player(entry, viewer, host, names, waiting_for):
    pid = entry["id"]
    money = entry.get("money")  # None for the others until the final scores
    return {
        "id": pid,
        "name": names.get(pid, pid),
        "is_me": pid == viewer,
        "is_host": pid == host,
        "waited": pid in waiting_for,
        "hand": [advisor_label(a) for a in entry.get("hand") or []],
        "income": ducats(entry.get("income")),
        "money": ducats(money) if isinstance(money, int) else "",
        "resigned": bool(entry.get("resigned")),  # left the game: played by the fixed rule
    }


def _castles(view, players, names, host):
    """Five castles around the island: the players' in seat order, then the empty ones."""
    castles = []
    by_id = {p["id"]: p for p in players}
    for owner, slots in (view.get("castles") or {}).items():
        cells = []
        for value in SLOTS:
            seated = slots.get(value, slots.get(str(value)))
            cells.append({"value": value, "label": ducats(value), "advisor": token(seated, names)})
        castles.append(
            {
                "owner": by_id.get(owner),
                "slots": cells,
                "waiting": [token(t, names) for t in (view.get("waiting") or {}).get(owner, [])],
                "is_host": owner == host,
            }
        )
    while len(castles) < CASTLES:
        castles.append({"owner": None, "slots": [], "waiting": [], "is_host": False})
    return castles


def _stage(stage, viewer, names):
    if not stage:
        return None
    seated = token(stage.get("seated"), names)
    return {
        "kind": stage["kind"],
        "title": stage_title(stage, names),
        "help": stage_help(stage),
        "host": names.get(stage["host"], stage["host"]),
        "i_host": stage["host"] == viewer,
        "negotiating": stage.get("negotiating"),
        "petitioners": [
            {
                "name": names.get(p["id"], p["id"]),
                "is_me": p["id"] == viewer,
                "bargaining": p["bargaining"],
            }
            for p in stage.get("petitioners") or []
        ],
        "i_petition": any(p["id"] == viewer for p in stage.get("petitioners") or []),
        "advisors": [token(t, names) for t in stage.get("advisors") or []],
        "type": kind_label(stage.get("type")) if stage.get("type") else "",
        "slot": ducats(stage.get("slot")) if stage.get("slot") else "",
        "seated": seated,
        "kinds": [kind_label(k) for k in stage.get("kinds") or []],
    }


def _offers(view, viewer, host, names):
    """The open stage's offers (public, amounts included): made to the host, by each
    petitioner; `to_me` / `mine` mark the viewer's side."""
    rows = []
    for offer in view.get("offers") or []:
        accepted = offer["status"] == "accepted"
        rows.append(
            {
                "from": offer["from"],
                "from_name": names.get(offer["from"], offer["from"]),
                "amount": thousands(offer["amount"]),
                "slot": ducats(offer["slot"]) if offer.get("slot") else "",
                "accepted": accepted,
                "status": _("accepted, paid") if accepted else _("standing"),
                "paid": ducats(offer.get("paid")) if accepted else "",
                "bank": bool(offer.get("bank")),
                "mine": offer["from"] == viewer,
                "to_me": viewer is not None and viewer == host,
            }
        )
    return rows


def _upcoming(upcoming):
    return {
        "external": [kind_label(k) for k in upcoming.get("external") or []],
        "internal": [ducats(s) for s in upcoming.get("internal") or []],
    }


def _sending(view, names):
    if view.get("phase") != "send":
        return None
    sender = view.get("current_player")
    return {"name": names.get(sender, sender), "left": view.get("sends_left", 0)}


def _scores(view, names):
    """The final scores: everyone's money, shown once the game is over (ruling 33)."""
    outcome = view.get("outcome")
    if not outcome:
        return []
    winners = set(outcome.get("winners") or [])
    gone = set(outcome.get("resigned") or [])
    money = outcome.get("money") or {}
    return sorted(
        (
            {
                "name": names.get(p, p),
                "money": ducats(m),
                "won": p in winners,
                "resigned": p in gone,
                "value": m,
            }
            for p, m in money.items()
        ),
        key=lambda row: -row["value"],
    )
