"""The bots' services: seat a bot at an open table, remove it, start a practice game.

HackSoft style (keyword-only, one transaction each); bad input raises a
``games.table.services.GameError`` and writes nothing. The seats go through the table's
own ``seat_join`` / ``seat_leave`` / ``game_create`` / ``game_start``.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.bot_seats import pool
from games.bot_seats.models import PracticeGame
from games.bots import available_levels
from games.table.models import MAX_SEATS, Game, Seat, TimeControl
from games.table.services import (
    GameError,
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


class PracticeLimitReached(GameError):
    """Too many practice games: ``running`` at once, or ``hourly`` started in the last hour
    (``PRACTICE_MAX_RUNNING``, ``PRACTICE_MAX_PER_HOUR``)."""

    default_code = "practice_limit"

    def __init__(self, which: str, count: int):
        self.which, self.count = which, count
        super().__init__(params={"count": count})

    def __str__(self):
        if self.which == "running":
            text = ngettext(
                "You already have %(count)d practice game in progress: finish or resign it "
                "before starting another.",
                "You already have %(count)d practice games in progress: finish or resign one "
                "before starting another.",
                self.count,
            )
        else:
            text = ngettext(
                "You started %(count)d practice game in the last hour: try again a little "
                "later.",
                "You started %(count)d practice games in the last hour: try again a little "
                "later.",
                self.count,
            )
        return text % {"count": self.count}


def practice_limits() -> tuple[int, int]:
    """(most practice games running at once, most started an hour) per account."""
    return (
        int(getattr(settings, "PRACTICE_MAX_RUNNING", 3)),
        int(getattr(settings, "PRACTICE_MAX_PER_HOUR", 10)),
    )


def _check_practice_limits(user) -> None:
    """Raise PracticeLimitReached when ``user`` may not start another counted practice
    game. The caller holds the user's row lock: concurrent starts are counted one by one."""
    most_running, most_per_hour = practice_limits()
    counted = PracticeGame.objects.filter(user=user, limited=True)
    running = counted.filter(game__status__in=[Game.Status.OPEN, Game.Status.RUNNING]).count()
    if running >= most_running:
        raise PracticeLimitReached("running", running)
    recent = counted.filter(created_at__gt=timezone.now() - timedelta(hours=1)).count()
    if recent >= most_per_hour:
        raise PracticeLimitReached("hourly", recent)


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
    *,
    user,
    kind,
    bots=3,
    level=None,
    time_control=TimeControl.DEFAULT,
    options=None,
    limited=True,
    tutorial=False,
) -> Game:
    """A private game of ``user`` against ``bots`` bots of ``level``, started at once.

    ``bots`` may be 0 where the game has a solo mode (Regicide). Raises NotYourSeat
    (anonymous), InvalidGameSettings (unknown game, level or count, options the engine
    refuses), PracticeLimitReached (``PRACTICE_MAX_RUNNING`` counted practice games still
    going, or ``PRACTICE_MAX_PER_HOUR`` started in the last hour). ``limited=False`` (a
    tutorial) neither counts nor is refused. ``tutorial=True``: a lesson (``Game.tutorial``,
    no clock, no record) whose ``options`` may rig the deal; its bots play no move of their
    own (the tutorial's script gives them); never limited.
    """
    limited = limited and not tutorial
    if isinstance(bots, bool) or not isinstance(bots, int) or not 0 <= bots < MAX_SEATS:
        raise InvalidGameSettings(
            _("Choose between 0 and %(max)d bots."), params={"max": MAX_SEATS - 1}
        )
    with transaction.atomic():
        if limited and getattr(user, "is_authenticated", False):
            get_user_model().objects.select_for_update().filter(pk=user.pk).first()
            _check_practice_limits(user)
        game = game_create(
            host=user,
            kind=kind,
            options=options or {},
            visibility=Game.Visibility.PRIVATE,
            min_seats=bots + 1,
            max_seats=bots + 1,
            time_control=time_control,
            allow_setup=bool(tutorial),
            tutorial=bool(tutorial),
        )
        if bots:
            level = _check_level(game, level)
        for _i in range(bots):
            bot_seat_add(game_id=game.pk, user=user, level=level)
        PracticeGame.objects.create(game=game, user=user, limited=limited)
        return game_start(game_id=game.pk, user=user)
