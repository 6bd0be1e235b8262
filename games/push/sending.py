"""Claiming and sending a push, at most once per device, like the mail (games/mail).

Every notification is a `PushRecord` row per device claimed before it is sent (unique
`(subscription, kind, key)`, inserted in bulk inside the move's transaction). On commit one
`push.dispatch` task hands each pending row of the batch to `push.send`: the move waits
for neither. At sending time a row is skipped when it is no longer relevant (the decision
was made, the game stopped, the game page is open, the game was muted), held until the end
of the player's quiet hours (correspondence games), and sent with `pywebpush`. A push
service answering 404 or 410 forgets the device: its subscription is removed. Other errors
retry with exponential back-off (`PUSH_MAX_ATTEMPTS`, `PUSH_RETRY_BASE_SECONDS`); the
clock's sweeper re-enqueues what a broker outage lost.
"""

from __future__ import annotations

import json
import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from pywebpush import WebPushException, webpush

from games.push import keys
from games.push.content import game_tag, notification
from games.push.facts import question_for, same_decision
from games.push.models import PushRecord, PushSettings, PushSubscription
from games.push.preferences import quiet_until
from games.table.delivery import Deliveries, TemporaryDeliveryError, enqueue_task
from games.table.models import Game
from games.table.presence import presence_is_open

log = logging.getLogger(__name__)

PUSH_MAX_ATTEMPTS = getattr(settings, "PUSH_MAX_ATTEMPTS", 5)
PUSH_RETRY_BASE_SECONDS = getattr(settings, "PUSH_RETRY_BASE_SECONDS", 15)
PUSH_SENDING_STALE = timedelta(minutes=15)
PUSH_ENQUEUE_GRACE = timedelta(seconds=30)
SEND_TASK = "push.send"
DISPATCH_TASK = "push.dispatch"
# A push lives at most this long at the push service (RFC 8030 TTL), and never past the
# decision's deadline.
TTL_MAX = 4 * 7 * 24 * 3600


def push_claim(*, users, game, kind: str, key: str, payloads: dict, live=False) -> int:
    """Insert a row per device of `users` (skipping muted games and rows that exist) and
    enqueue the batch on commit. `payloads`: {user_id: payload}. Returns the rows made."""
    if not keys.push_configured() or not users:
        return 0
    user_ids = [u.pk for u in users]
    muted = set(
        PushSettings.muted_games.through.objects.filter(
            game_id=game.pk, pushsettings__user_id__in=user_ids
        ).values_list("pushsettings__user_id", flat=True)
    )
    subs = PushSubscription.objects.filter(user_id__in=user_ids, user__is_active=True).exclude(
        user_id__in=muted
    )
    rows = [
        PushRecord(
            subscription_id=sub_id,
            user_id=user_id,
            game=game,
            kind=kind,
            key=key,
            payload=payloads.get(user_id, {}),
            live=live,
        )
        for sub_id, user_id in subs.values_list("pk", "user_id")
    ]
    if not rows:
        return 0
    PushRecord.objects.bulk_create(rows, ignore_conflicts=True)
    transaction.on_commit(lambda: push_enqueue_batch(kind, key), robust=True)
    return len(rows)


def push_test(subscription) -> PushRecord:
    """A test notification to one device (the devices page's "Test" button)."""
    record = PushRecord.objects.create(
        subscription=subscription,
        user=subscription.user,
        kind=PushRecord.Kind.TEST,
        key=f"test:{timezone.now().timestamp():.6f}",
        live=True,
    )
    transaction.on_commit(lambda: push_enqueue(record.pk), robust=True)
    return record


def push_enqueue_batch(kind: str, key: str) -> bool:
    return enqueue_task(DISPATCH_TASK, (kind, key), "pushes")


def push_dispatch(kind: str, key: str) -> int:
    """Hand each pending row of one batch to its own `push.send` task."""
    ids = list(
        PushRecord.objects.filter(kind=kind, key=key, status=PushRecord.Status.PENDING)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    for record_id in ids:
        push_enqueue(record_id)
    return len(ids)


def push_enqueue(record_id: int, countdown: float | None = None) -> bool:
    return enqueue_task(SEND_TASK, (record_id,), "push", countdown)


class PushTemporaryError(TemporaryDeliveryError):
    """Sending failed and will be retried; carries the countdown."""


DELIVERIES = Deliveries(
    model=PushRecord,
    what="push",
    max_attempts=PUSH_MAX_ATTEMPTS,
    retry_base_seconds=PUSH_RETRY_BASE_SECONDS,
    enqueue=push_enqueue,
    error=PushTemporaryError,
    sending_stale=PUSH_SENDING_STALE,
    enqueue_grace=PUSH_ENQUEUE_GRACE,
    failure_level=logging.WARNING,
)


def _relevance(record):
    """('', question) when the push should go, else (why it is skipped, None)."""
    if not record.user.is_active:
        return "inactive account", None
    if record.kind == PushRecord.Kind.TEST:
        return "", None
    game = record.game
    if game is None:
        return "no game", None
    if PushSettings.muted_games.through.objects.filter(
        pushsettings__user_id=record.user_id, game_id=game.pk
    ).exists():
        return "game muted", None
    if presence_is_open(game.pk, record.user_id):
        return "game page open", None
    if record.kind == PushRecord.Kind.GAME_OVER:
        return "", None
    if game.status != Game.Status.RUNNING:
        return "game not running", None
    question = question_for(game, record.payload.get("player_id", ""))
    if not same_decision(question, record.payload):
        return "decision already made", None
    return "", question


def _headers(record, ttl) -> dict:
    headers = {"Urgency": "high" if record.live else "normal"}
    if record.game_id:
        headers["Topic"] = game_tag(record.game_id)  # the service keeps the newest only
    return headers


def _ttl(record, question, now) -> int:
    if record.kind == PushRecord.Kind.TEST:
        return 300
    if record.kind == PushRecord.Kind.GAME_OVER:
        return 24 * 3600
    if question is None or question.deadline is None:
        return 3600
    return max(0, min(TTL_MAX, int((question.deadline - now).total_seconds())))


def push_deliver(record_id: int, now=None) -> str:
    """Send one claimed push if still pending; returns the row's status (or "held",
    "gone", "missing"). Retries raise PushTemporaryError (the task retries it)."""
    now = now or timezone.now()
    taken = DELIVERIES.claim(record_id, now)
    if taken:
        return taken
    record = PushRecord.objects.select_related("user", "game", "subscription").get(pk=record_id)
    reason, question = _relevance(record)
    if reason:
        DELIVERIES.update(record_id, status=PushRecord.Status.SKIPPED, last_error=reason)
        return PushRecord.Status.SKIPPED
    if not record.live and record.kind in (PushRecord.Kind.TURN, PushRecord.Kind.REMINDER):
        until = quiet_until(record.user, now)
        if until is not None:  # quiet hours: the sweeper sends it when they end
            DELIVERIES.update(
                record_id,
                status=PushRecord.Status.PENDING,
                next_attempt_at=until,
                last_error="held: quiet hours",
            )
            return "held"
    ttl = _ttl(record, question, now)
    if ttl <= 0:
        DELIVERIES.update(record_id, status=PushRecord.Status.SKIPPED, last_error="deadline passed")
        return PushRecord.Status.SKIPPED
    attempts = record.attempts + 1
    subscription = record.subscription
    try:
        webpush(
            subscription_info=subscription.info(),
            data=json.dumps(notification(record, question)),
            vapid_private_key=keys.vapid(),
            vapid_claims=keys.vapid_claims(),
            ttl=ttl,
            headers=_headers(record, ttl),
            timeout=settings.PUSH_TIMEOUT_SECONDS,
        )
    except WebPushException as exc:
        status = getattr(exc.response, "status_code", None)
        if status in (404, 410):  # the browser unsubscribed, or the service forgot it
            log.info("push subscription %s gone (%s): removed", subscription.pk, status)
            subscription.delete()  # its rows go with it
            return "gone"
        return _retry(record_id, attempts, f"push service: {status or exc}")
    except Exception as exc:  # network, DNS, timeouts, a bad key
        return _retry(record_id, attempts, f"{type(exc).__name__}: {exc}")
    DELIVERIES.sent(record_id, attempts)
    PushSubscription.objects.filter(pk=subscription.pk).update(
        last_used_at=timezone.now(), last_error=""
    )
    return PushRecord.Status.SENT


def _retry(record_id, attempts, error):
    PushSubscription.objects.filter(records__pk=record_id).update(last_error=error[:300])
    return DELIVERIES.retry_or_fail(record_id, attempts, error)


def push_sweep(now=None, limit=500) -> int:
    """Enqueue pending rows whose enqueue or retry was lost, or whose quiet hours ended;
    close interrupted sends (never sent twice)."""
    return DELIVERIES.sweep(now, limit)
