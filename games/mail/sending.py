"""Claiming and sending a mail, at most once.

Every mail is a `MailRecord` row claimed before it is sent (unique `(user, kind, key)`,
insert-or-skip), so a duplicated task, a retry or two workers never send it twice. Sending
happens in the `games.mail.tasks.mail_send` Celery task, enqueued with
`transaction.on_commit`; a failing SMTP server or broker never blocks a move: the row stays
pending and the sweeper enqueues it again. A turn or reminder mail is skipped at sending
time when it is no longer relevant (the decision was made, the game page is open).
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.mail.decisions import decision_still_open
from games.mail.links import unsubscribe_url
from games.mail.models import MailRecord
from games.mail.preferences import topic_enabled, topic_of
from games.mail.rendering import mail_render
from games.push.policy import mail_wait_after_push
from games.table.delivery import Deliveries, TemporaryDeliveryError, enqueue_task
from games.table.models import Game, Seat
from games.table.presence import presence_is_open

MAIL_MAX_ATTEMPTS = getattr(settings, "MAIL_MAX_ATTEMPTS", 6)
MAIL_RETRY_BASE_SECONDS = getattr(settings, "MAIL_RETRY_BASE_SECONDS", 30)
# A row left in "sending" this long was interrupted (worker killed mid-send). It is marked
# failed, not sent again: at most once wins over at least once for mail.
MAIL_SENDING_STALE = timedelta(minutes=15)
# A pending row whose first enqueue may have failed is enqueued again after this delay.
MAIL_ENQUEUE_GRACE = timedelta(seconds=30)
MAIL_TASK = "mail.mail_send"


def mail_claim(*, user, kind: str, key: str, game=None, payload=None, held=False):
    """Insert the mail's row, or return None when it exists already (sent at most once).

    Runs in the caller's transaction (savepoint); sending is enqueued on commit unless the
    row is held for the digest.
    """
    if not getattr(user, "email", "") or not user.is_active:
        return None
    try:
        with transaction.atomic():
            record = MailRecord.objects.create(
                user=user,
                game=game,
                kind=kind,
                key=key,
                payload=payload or {},
                status=MailRecord.Status.HELD if held else MailRecord.Status.PENDING,
            )
    except IntegrityError:
        return None
    if not held:
        transaction.on_commit(lambda: mail_enqueue(record.pk), robust=True)
    return record


def mail_enqueue(record_id: int, countdown: float | None = None) -> bool:
    """Hand the row to a worker. A broker outage is logged: the sweeper will retry."""
    return enqueue_task(MAIL_TASK, (record_id,), "mail", countdown)


class MailTemporaryError(TemporaryDeliveryError):
    """Sending failed and will be retried; carries the countdown."""


DELIVERIES = Deliveries(
    model=MailRecord,
    what="mail",
    max_attempts=MAIL_MAX_ATTEMPTS,
    retry_base_seconds=MAIL_RETRY_BASE_SECONDS,
    enqueue=mail_enqueue,
    error=MailTemporaryError,
    sending_stale=MAIL_SENDING_STALE,
    enqueue_grace=MAIL_ENQUEUE_GRACE,
)


def _still_relevant(record) -> str:
    """'' when the mail should go, else why it is skipped."""
    user = record.user
    if not user.is_active or not user.email:
        return "no address"
    if not topic_enabled(user, topic_of(record.kind)):
        return "unsubscribed"
    if record.kind in (MailRecord.Kind.TURN, MailRecord.Kind.REMINDER):
        game = record.game
        if game is None or game.status != Game.Status.RUNNING:
            return "game not running"
        seat = Seat.objects.filter(game=game, user=user, to_act=True).first()
        if seat is None:
            return "no longer awaited"
        # The mail names its decision: a later one open for the player is not it (the
        # sweeper re-enqueues, after a broker outage, mails about decisions long answered).
        still_open = decision_still_open(game, seat.player_id, record.payload)
        if still_open is False:
            return "decision already made"
        if still_open is None and record.kind == MailRecord.Kind.REMINDER:
            clock = getattr(game, "clock", None)  # a row naming no decision: by the seq
            if clock is None or clock.seq != record.payload.get("seq"):
                return "decision already made"
        if presence_is_open(game.pk, user.pk):
            return "game page open"
    return ""


def mail_deliver(record_id: int) -> str:
    """Send one claimed mail if still pending. Returns the row's final status.

    The pending -> sending transition is a conditional UPDATE: of two concurrent deliveries
    only one sends. SMTP errors put the row back to pending with an exponential backoff and
    raise MailTemporaryError (the task retries); after MAIL_MAX_ATTEMPTS it is failed.
    """
    now = timezone.now()
    taken = DELIVERIES.claim(record_id, now)
    if taken:
        return taken
    record = MailRecord.objects.select_related("user", "game").get(pk=record_id)
    reason = _still_relevant(record)
    if not reason and record.kind == MailRecord.Kind.TURN:
        # A push about this decision went (or goes): the mail waits; the sweeper sends it
        # then, unless the player answered meanwhile.
        wait_until = mail_wait_after_push(
            user_id=record.user_id,
            game_id=record.game_id,
            key=record.key,
            created_at=record.created_at,
            deadline=record.payload.get("deadline"),
            now=now,
        )
        if wait_until is not None:
            DELIVERIES.update(
                record_id,
                status=MailRecord.Status.PENDING,
                next_attempt_at=wait_until,
                last_error="waiting: a push notification went first",
            )
            return MailRecord.Status.PENDING
    if reason:
        DELIVERIES.update(record_id, status=MailRecord.Status.SKIPPED, last_error=reason)
        return MailRecord.Status.SKIPPED
    attempts = record.attempts + 1
    try:
        subject, text, html = mail_render(record)
        unsub = unsubscribe_url(record.user, topic_of(record.kind))
        message = EmailMultiAlternatives(
            subject=subject,
            body=text,
            from_email=settings.DEFAULT_FROM_EMAIL,
            to=[record.user.email],
            headers={
                "List-Unsubscribe": f"<{unsub}>",
                "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
                "Auto-Submitted": "auto-generated",
            },
        )
        message.attach_alternative(html, "text/html")
        message.send(fail_silently=False)
    except Exception as exc:  # SMTP, DNS, timeouts: retry with backoff
        return DELIVERIES.retry_or_fail(record_id, attempts, f"{type(exc).__name__}: {exc}")
    return DELIVERIES.sent(record_id, attempts)


def mail_sweep(now=None, limit=200) -> int:
    """Enqueue pending rows whose enqueue or retry was lost; close interrupted sends."""
    return DELIVERIES.sweep(now, limit, "interrupted while sending; not resent (at most once)")
