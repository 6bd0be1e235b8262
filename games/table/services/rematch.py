"""After a game: a rematch, the same settings and the same players in the same seats."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.table import live
from games.table.models import Game, Seat

from .common import lock_game
from .errors import GameError, NotYourSeat
from .lobby import _check_user, game_create


def game_rematch(*, game_id, user) -> Game:
    """A player of a finished game opens a new table with its settings (game, options,
    visibility, seats, time control, timeout rule left to the clock) and every player of
    the game seated in the same order, the requester hosting. The new table never starts
    by itself: each player may leave it, and the host starts it when everyone is ready.
    A second request returns the rematch already opened.

    Raises GameNotFound, NotYourSeat (not a player of that game), GameError (not over).
    """
    _check_user(user)
    with transaction.atomic():
        game = lock_game(game_id)
        seats = list(game.seats.select_related("user").order_by("position"))
        if not any(s.user_id == user.pk for s in seats):
            raise NotYourSeat(_("Only the players of this game can ask for a rematch."))
        if game.status != Game.Status.FINISHED:
            raise GameError(_("A rematch can be asked for once the game is over."))
        if game.tutorial:
            raise GameError(_("A tutorial has no rematch: start it again from its page."))
        existing = game.rematches.order_by("pk").first()
        if existing is not None:
            return existing
        new = game_create(
            host=user,
            kind=game.kind,
            options={k: v for k, v in (game.options or {}).items() if k != "setup"},
            visibility=game.visibility,
            min_seats=game.min_seats,
            max_seats=max(game.max_seats, len(seats)),
            time_control=game.time_control,
            auto_start=False,
            rematch_of=game,
            rated=game.rated,
        )
        # game_create seated the host at position 1: place everyone as in the old game.
        new.seats.all().delete()
        for index, seat in enumerate((s for s in seats if s.user.is_active), start=1):
            Seat.objects.create(game=new, user=seat.user, position=index, player_id=f"p{index}")
        live.publish_on_commit(new)
    return new
