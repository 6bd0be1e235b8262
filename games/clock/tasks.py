"""The clock's Celery tasks: thin, idempotent, each carrying what it was scheduled for.

- `deadlines_sweep` (beat, every DEADLINE_SWEEP_SECONDS): due timeouts, catch-up of the
  bookkeeping, 80 % reminders, and the layers above's own catch-up (`signals.swept`).
- `game_timeout(game_id, seq)`: a countdown timer for a short deadline; does nothing when the
  game moved past `seq`.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from games.clock import bookkeeping, sweeper, timeouts
from games.table.models import Game

log = logging.getLogger(__name__)


@shared_task(name="clock.deadlines_sweep", ignore_result=True)
def deadlines_sweep():
    stats = sweeper.deadlines_sweep()
    if any(stats.values()):
        log.info("deadline sweep: %s", stats)
    return stats


@shared_task(name=bookkeeping.TIMER_TASK, ignore_result=True)
def game_timeout(game_id, seq):
    try:
        game_id, seq = int(game_id), int(seq)
    except (TypeError, ValueError):
        log.warning("game_timeout with bad arguments %r %r", game_id, seq)
        return 0
    played = timeouts.game_timeout_apply(game_id, seq)
    if not played:
        # Early delivery (clock skew) of a still-pending short deadline: try again then.
        game = Game.objects.filter(pk=game_id, state_seq=seq, status="running").first()
        if game is not None and game.deadline_at and game.deadline_at > timezone.now():
            bookkeeping.timer_schedule(game_id, seq, game.deadline_at)
    return played
