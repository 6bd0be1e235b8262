"""The bots' services: seat a bot at an open table, remove it, start a practice game.

HackSoft style (keyword-only, one transaction each); bad input raises a
``games.table.services.GameError`` and writes nothing. The seats go through the table's
own ``seat_join`` / ``seat_leave`` / ``game_create`` / ``game_start``.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.bot_seats import pool
from games.bots import available_levels
from games.table.models import MAX_SEATS, Game, Seat, TimeControl
from games.table.services import (
    GameNotOpen,
    InvalidGameSettings,
    NotHost,
    NotYourSeat,
    game_create,
    game_start,
    seat_join,
    seat_leave,
)
from games.table.services.common import is_player_id, lock_game


def _check_level(game, level) -> str:
    if not isinstance(level, str) or level not in available_levels(game):
        raise InvalidGameSettings(_("Choose one of the bot levels of this game."))
    return level


def bot_seat_add(*, game_id, user, level) -> Seat:
    """The host seats a bot of ``level`` at their open table (the lowest free seat).

    Raises GameNotFound, NotHost, GameNotOpen, InvalidGameSettings (unknown level), GameFull.
    """
    with transaction.atomic():
        game = lock_game(game_id)
        if user is None or game.host_id != getattr(user, "pk", None):
            raise NotHost()
        if game.status != Game.Status.OPEN:
            raise GameNotOpen()
        _check_level(game, level)
        taken = game.seats.values_list("user_id", flat=True)
        account = pool.free_account(level, taken_user_ids=taken)
        return seat_join(
            game_id=game.pk, user=account.user, invitation_token=game.invitation_token or None
        )


def bot_seat_remove(*, game_id, user, player_id) -> None:
    """The host removes the bot in seat ``player_id`` before the start.

    Raises GameNotFound, NotHost, GameNotOpen, NotYourSeat (no bot there).
    """
    with transaction.atomic():
        game = lock_game(game_id)
        if user is None or game.host_id != getattr(user, "pk", None):
            raise NotHost()
        if game.status != Game.Status.OPEN:
            raise GameNotOpen()
        seat = (
            game.seats.filter(player_id=player_id, user__bot_account__isnull=False)
            .select_related("user")
            .first()
            if is_player_id(player_id)
            else None
        )
        if seat is None:
            raise NotYourSeat(_("There is no bot in that seat."))
        seat_leave(game_id=game.pk, user=seat.user)


def practice_start(
    *, user, kind, bots=3, level=None, time_control=TimeControl.DEFAULT, options=None
) -> Game:
    """A private game of ``user`` against ``bots`` bots of ``level``, started at once.

    ``bots`` may be 0 where the game has a solo mode (Regicide). Raises NotYourSeat
    (anonymous), InvalidGameSettings (unknown game, level or count, options the engine
    refuses).
    """
    if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots < MAX_SEATS:
        raise InvalidGameSettings(
            _("Choose between 0 and %(max)d bots."), params={"max": MAX_SEATS - 1}
        )
    with transaction.atomic():
        game = game_create(
            host=user,
            kind=kind,
            options=options or {},
            visibility=Game.Visibility.PRIVATE,
            min_seats=bots + 1,
            max_seats=bots + 1,
            time_control=time_control,
        )
        if bots:
            level = _check_level(game, level)
        for _i in range(bots):
            bot_seat_add(game_id=game.pk, user=user, level=level)
        return game_start(game_id=game.pk, user=user)
