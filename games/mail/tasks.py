"""The mail's Celery tasks.

- `mail_send(record_id)`: sends one claimed mail; SMTP errors retry with exponential
  backoff; a row not pending any more is left alone (duplicate deliveries send nothing).
- `digest_collect` (beat, every 15 minutes): one digest per user and local day.
"""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from games.mail import digest, sending


@shared_task(
    bind=True,
    name=sending.MAIL_TASK,
    ignore_result=True,
    max_retries=sending.MAIL_MAX_ATTEMPTS,
)
def mail_send(self, record_id):
    try:
        return sending.mail_deliver(int(record_id))
    except sending.MailTemporaryError as exc:
        raise self.retry(exc=exc, countdown=exc.countdown) from exc


@shared_task(name="mail.digest_collect", ignore_result=True)
def digest_collect():
    return digest.digest_collect(timezone.now())
