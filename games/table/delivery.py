"""At-most-once deliveries: the bookkeeping the mails and the push notifications share.

A message is a row claimed before it is sent (unique per recipient, kind and key), so a
duplicated task, a retry or two workers never send it twice. A worker takes the row with a
conditional UPDATE (pending -> sending): of two concurrent deliveries only one sends. An error
puts the row back to pending with an exponential back-off and raises a
`TemporaryDeliveryError` (the Celery task retries with its countdown); after the last attempt
the row is failed. The sweeper enqueues the pending rows whose enqueue or retry was lost, and
marks failed the rows left "sending" by a worker killed mid-send (never sent again).

Each kind of message keeps its own table (`DeliveryRecord` subclasses add the recipient, the
game, the kind and their statuses, which include the five below) and its own rules of
relevance; `Deliveries` is the part that does not depend on what is sent.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.db import models
from django.db.models import Q
from django.utils import timezone

log = logging.getLogger(__name__)

PENDING, SENDING, SENT, SKIPPED, FAILED = "pending", "sending", "sent", "skipped", "failed"


class DeliveryRecord(models.Model):
    """The fields of a message's delivery; a subclass adds who, what and its statuses."""

    key = models.CharField(max_length=64)
    payload = models.JSONField(default=dict, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        abstract = True


def enqueue_task(task_name: str, args: tuple, what: str, countdown=None) -> bool:
    """Hand `args` to a worker through the Celery task named `task_name` (looked up by name:
    the tasks modules import the sending ones). A broker outage is logged ("could not
    enqueue <what> <args>") and returns False: the rows stay pending and the sweeper
    enqueues them again."""
    from celery import current_app

    task = current_app.tasks[task_name]
    try:
        if countdown:
            task.apply_async(args, countdown=countdown)
        else:
            task.apply_async(args)
        return True
    except Exception:
        shown = " ".join(str(arg) for arg in args)
        log.warning("could not enqueue %s %s; the sweeper will", what, shown, exc_info=True)
        return False


class TemporaryDeliveryError(Exception):
    """Sending failed and will be retried after `countdown` seconds."""

    def __init__(self, message, countdown):
        super().__init__(message)
        self.countdown = countdown


@dataclass(frozen=True)
class Deliveries:
    """The claim, the outcomes and the sweep of one table of deliveries."""

    model: type[DeliveryRecord]
    what: str  # "mail", "push": for the logs
    max_attempts: int
    retry_base_seconds: float
    enqueue: Callable[[int], bool]
    error: type[TemporaryDeliveryError] = TemporaryDeliveryError
    # A row left "sending" this long was interrupted: failed, not sent again.
    sending_stale: timedelta = timedelta(minutes=15)
    # A pending row whose first enqueue may have failed is enqueued again after this delay.
    enqueue_grace: timedelta = timedelta(seconds=30)
    failure_level: int = logging.ERROR

    def update(self, record_id: int, **fields) -> None:
        self.model.objects.filter(pk=record_id).update(updated_at=timezone.now(), **fields)

    def claim(self, record_id: int, now=None) -> str:
        """'' when this worker took the pending row, else its status (or "missing")."""
        claimed = self.model.objects.filter(pk=record_id, status=PENDING).update(
            status=SENDING, updated_at=now or timezone.now()
        )
        if claimed:
            return ""
        row = self.model.objects.filter(pk=record_id).values_list("status", flat=True).first()
        return row or "missing"

    def sent(self, record_id: int, attempts: int) -> str:
        self.update(
            record_id, status=SENT, attempts=attempts, sent_at=timezone.now(), last_error=""
        )
        return SENT

    def retry_or_fail(self, record_id: int, attempts: int, error: str) -> str:
        """Failed after the last attempt (returned); else back to pending with a back-off,
        and `self.error` raised with its countdown."""
        error = error[:2000]
        if attempts >= self.max_attempts:
            self.update(record_id, status=FAILED, attempts=attempts, last_error=error)
            log.log(self.failure_level, "%s %s failed for good: %s", self.what, record_id, error)
            return FAILED
        countdown = self.retry_base_seconds * 2 ** (attempts - 1)
        self.update(
            record_id,
            status=PENDING,
            attempts=attempts,
            last_error=error,
            next_attempt_at=timezone.now() + timedelta(seconds=countdown),
        )
        raise self.error(error, countdown)

    def due(self, now):
        """The pending rows to enqueue: their retry is due, or their first enqueue may have
        been lost."""
        return self.model.objects.filter(status=PENDING).filter(
            Q(next_attempt_at__lte=now)
            | Q(next_attempt_at__isnull=True, created_at__lte=now - self.enqueue_grace)
        )

    def sweep(self, now=None, limit=200, interrupted="interrupted while sending") -> int:
        """Close interrupted sends, then enqueue up to `limit` due rows; returns how many."""
        now = now or timezone.now()
        self.model.objects.filter(
            status=SENDING, updated_at__lt=now - self.sending_stale
        ).update(status=FAILED, last_error=interrupted, updated_at=now)
        ids = list(self.due(now).order_by("pk").values_list("pk", flat=True)[:limit])
        for record_id in ids:
            self.enqueue(record_id)
        return len(ids)
