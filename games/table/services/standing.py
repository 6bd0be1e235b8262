"""Standing orders: answers a player sets in advance, played as their own moves."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts.models import preference
from games.table import live
from games.table.models import Event, Game, Seat

from . import common
from .common import lock_game
from .errors import GameNotRunning, MalformedAction, NotYourSeat
from .play import STANDING_REASON, standing_orders_play

# an engine has a handful of orders, each a short slug: more, or longer, is not one of them
STANDING_MAX_ORDERS = 32
STANDING_MAX_CHARS = 64


def engine_orders(kind: str) -> tuple[str, ...]:
    """The standing orders (slugs) the engine of `kind` can follow."""
    return tuple(getattr(common.engine_for(kind), "standing_orders", ()) or ())


def default_orders(*, kind: str, user) -> list[str]:
    """The user's profile default, kept to the orders the engine of `kind` can follow."""
    wanted = preference(user, "standing_orders", None) or []
    known = engine_orders(kind)
    return [slug for slug in known if slug in wanted]


def standing_orders_set(*, game_id, user, orders) -> Seat:
    """Set the user's standing orders for this game (a list of the engine's order slugs;
    empty: none). In a running game they act at once if the user is waited for and an order
    answers. Only the user ever sees them. Raises GameNotFound, NotYourSeat, GameNotRunning
    (the game is over), MalformedAction (an order the engine does not know)."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotYourSeat()
    if (
        not isinstance(orders, list | tuple)
        or len(orders) > STANDING_MAX_ORDERS
        or not all(isinstance(o, str) and len(o) <= STANDING_MAX_CHARS for o in orders)
    ):
        raise MalformedAction(_("Unknown standing order."))
    with transaction.atomic():
        game = lock_game(game_id)
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise NotYourSeat()
        if game.status not in (Game.Status.OPEN, Game.Status.RUNNING):
            raise GameNotRunning()
        if game.tutorial and orders:
            raise MalformedAction(_("A tutorial asks for each answer: no standing orders here."))
        known = engine_orders(game.kind)
        if any(o not in known for o in orders):
            raise MalformedAction(_("Unknown standing order."))
        seat.standing_orders = [slug for slug in known if slug in orders]
        seat.save(update_fields=["standing_orders"])
        if game.status == Game.Status.RUNNING and standing_orders_play(game):
            live.publish_on_commit(game)
    return seat


def standing_moves(*, seat: Seat, limit: int = 5) -> list[Event]:
    """The last moves the seat's standing orders played (newest first): for its owner."""
    return list(
        Event.objects.filter(game_id=seat.game_id, seat=seat, reason=STANDING_REASON)
        .only("seq", "action", "created_at")
        .order_by("-seq")[:limit]
    )
