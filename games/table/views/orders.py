"""The standing-orders box of the game page: for the seated player only, never for others."""

from __future__ import annotations

from django.utils.translation import gettext as _

from accounts.models import STANDING_ORDER_CHOICES
from games.table.models import Game, Seat
from games.table.services.standing import engine_orders, standing_moves


def _move_label(action: dict) -> str:
    kind = action.get("type")
    if kind == "pass":
        return _("passed")
    if kind == "block":
        return _("blocked (%(card)s)") % {"card": action.get("character", "")}
    return str(kind)


def _out(view, player) -> bool:
    """Whether `player`'s own entry in their view says they are out of the game."""
    for entry in (view or {}).get("players") or []:
        if isinstance(entry, dict) and entry.get("id") == player:
            return entry.get("alive") is False or entry.get("resigned") is True
    return False


def standing_context(game_view) -> dict | None:
    """The orders the viewer may set here (checked when set) and the last moves they played;
    None for spectators, games that are not running and engines without orders. One query
    (the recent moves) when the orders ever played one."""
    seat = game_view.seat
    if seat is None or game_view.game.status != Game.Status.RUNNING or game_view.game.tutorial:
        return None  # a tutorial's script asks for each answer itself
    if seat.status == Seat.Status.LEFT or _out(game_view.view, seat.player_id):
        return None  # out of the game (eliminated, resigned, removed): nothing to order
    known = engine_orders(game_view.game.kind)
    if not known:
        return None
    labels = dict(STANDING_ORDER_CHOICES)
    current = set(seat.standing_orders or ())
    choices = [
        {"slug": slug, "label": labels.get(slug, slug), "on": slug in current} for slug in known
    ]
    moves = [
        {"seq": event.seq, "label": _move_label(event.action or {})}
        for event in (standing_moves(seat=seat) if seat.standing_seq else ())
    ]
    return {"choices": choices, "active": len(current & set(known)), "moves": moves}
