"""Celery tasks: thin, idempotent, each carrying what it was scheduled for.

- `deadlines_sweep` (beat, every DEADLINE_SWEEP_SECONDS): due timeouts, catch-up of the
  bookkeeping, 80 % reminders, lost mail enqueues.
- `game_timeout(game_id, seq)`: a countdown timer for a short deadline; does nothing when the
  game moved past `seq`.
- `mail_send(record_id)`: sends one claimed mail; SMTP errors retry with exponential
  backoff; a row not pending any more is left alone (duplicate deliveries send nothing).
- `digest_collect` (beat, hourly): one digest per user and local day.
"""

from __future__ import annotations

import logging

from celery import shared_task
from django.utils import timezone

from . import deadlines, notifications

log = logging.getLogger(__name__)


@shared_task(name="games.deadlines_sweep", ignore_result=True)
def deadlines_sweep():
    stats = deadlines.deadlines_sweep()
    if any(stats.values()):
        log.info("deadline sweep: %s", stats)
    return stats


@shared_task(name="games.game_timeout", ignore_result=True)
def game_timeout(game_id, seq):
    try:
        game_id, seq = int(game_id), int(seq)
    except (TypeError, ValueError):
        log.warning("game_timeout with bad arguments %r %r", game_id, seq)
        return 0
    played = deadlines.game_timeout_apply(game_id, seq)
    if not played:
        # Early delivery (clock skew) of a still-pending short deadline: try again then.
        from .models import Game

        game = Game.objects.filter(pk=game_id, state_seq=seq, status="running").first()
        if game is not None and game.deadline_at and game.deadline_at > timezone.now():
            deadlines.timer_schedule(game_id, seq, game.deadline_at)
    return played


@shared_task(
    bind=True,
    name="games.mail_send",
    ignore_result=True,
    max_retries=notifications.MAIL_MAX_ATTEMPTS,
)
def mail_send(self, record_id):
    try:
        return notifications.mail_deliver(int(record_id))
    except notifications.MailTemporaryError as exc:
        raise self.retry(exc=exc, countdown=exc.countdown) from exc


@shared_task(name="games.digest_collect", ignore_result=True)
def digest_collect():
    return notifications.digest_collect(timezone.now())
