"""The beat sweeper: every DEADLINE_SWEEP_SECONDS it catches up the bookkeeping of games
whose last change it has not seen, applies the timeouts that are due, fires the 80 %
reminders, and lets the layers above do their own catch-up (`games.clock.signals.swept`:
the mail's lost enqueues). Each game is claimed with `SELECT ... FOR UPDATE SKIP LOCKED`,
in its own transaction; an error is logged and the pass goes on.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games.clock import signals
from games.clock.bookkeeping import clock_sync
from games.clock.deadlines import skip_locked
from games.clock.models import GameClock
from games.clock.timeouts import timeout_locked
from games.table.models import Game, Seat

log = logging.getLogger(__name__)


def _claim(game_id, extra: Q):
    return Game.objects.select_for_update(**skip_locked()).filter(Q(pk=game_id) & extra).first()


def deadlines_sweep(now=None, limit=100) -> dict:
    """One pass of the beat sweeper. Each game in its own transaction; errors are logged
    and the pass goes on. Returns counts for logs and tests."""
    now = now or timezone.now()
    stats = {"synced": 0, "timeouts": 0, "reminders": 0, "errors": 0}

    recent = Q(status=Game.Status.RUNNING) | Q(
        status=Game.Status.FINISHED, finished_at__gte=now - timedelta(days=1)
    )
    behind = Q(clock__isnull=True) | ~Q(clock__seq=F("state_seq"))
    for game_id in Game.objects.filter(recent & behind).values_list("pk", flat=True)[:limit]:
        try:
            with transaction.atomic():
                game = _claim(game_id, recent)
                if game is not None and clock_sync(game, now):
                    stats["synced"] += 1
        except Exception:
            stats["errors"] += 1
            log.exception("deadline sweep: sync of game %s failed", game_id)

    due = Q(status=Game.Status.RUNNING, deadline_at__lte=now)
    for game_id in (
        Game.objects.filter(due).order_by("deadline_at").values_list("pk", flat=True)[:limit]
    ):
        try:
            with transaction.atomic():
                game = _claim(game_id, due)
                if game is not None:
                    stats["timeouts"] += timeout_locked(game, now)
        except Exception:
            stats["errors"] += 1
            log.exception("deadline sweep: timeout of game %s failed", game_id)

    for clock_id in GameClock.objects.filter(reminder_at__lte=now).values_list("pk", flat=True)[
        :limit
    ]:
        try:
            stats["reminders"] += reminder_claim(clock_id, now)
        except Exception:
            stats["errors"] += 1
            log.exception("deadline sweep: reminder %s failed", clock_id)

    for _receiver, counts in signals.swept.send(sender=GameClock, now=now):
        for name, count in (counts or {}).items():
            stats[name] = stats.get(name, 0) + count
    return stats


def reminder_claim(clock_id: int, now) -> int:
    """Clear the 80 % reminder time of one game's current decision and tell the mail
    (`reminder_due`) which seats still owe it. Returns the reminders sent."""
    with transaction.atomic():
        clock = (
            GameClock.objects.select_for_update(**skip_locked())
            .select_related("game")
            .filter(pk=clock_id, reminder_at__lte=now)
            .first()
        )
        if clock is None:
            return 0
        clock.reminder_at = None
        clock.save(update_fields=["reminder_at"])
        game = clock.game
        if game.status != Game.Status.RUNNING or game.state_seq != clock.seq:
            return 0
        seats = list(
            Seat.objects.filter(game=game, to_act=True, status=Seat.Status.PLAYING).select_related(
                "user__profile"
            )
        )
        if not seats:
            return 0
        return signals.total(
            signals.reminder_due.send(sender=GameClock, game=game, clock=clock, seats=seats)
        )
