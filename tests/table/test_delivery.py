"""The delivery bookkeeping the mails and the pushes share: a claim taken once, a back-off
that doubles, a failure after the last attempt, a sweep that never resends an interrupted
send."""

from __future__ import annotations

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from games.mail.models import MailRecord
from games.push.sending import push_enqueue, push_enqueue_batch
from games.table.delivery import Deliveries, TemporaryDeliveryError
from tests.table.factories import users

pytestmark = pytest.mark.django_db


@pytest.fixture
def record():
    (user,) = users("alice")
    return MailRecord.objects.create(user=user, kind="turn", key="1:1")


def deliveries(enqueued=None):
    return Deliveries(
        model=MailRecord,
        what="mail",
        max_attempts=3,
        retry_base_seconds=10,
        enqueue=(enqueued if enqueued is not None else []).append,
    )


def test_a_row_is_claimed_once(record):
    shared = deliveries()
    assert shared.claim(record.pk) == ""
    assert shared.claim(record.pk) == "sending"
    assert shared.claim(record.pk + 1000) == "missing"


def test_errors_back_off_doubling_then_fail_for_good(record):
    shared = deliveries()
    countdowns = []
    for attempts in (1, 2):
        with pytest.raises(TemporaryDeliveryError) as raised:
            shared.retry_or_fail(record.pk, attempts, "smtp down")
        countdowns.append(raised.value.countdown)
        record.refresh_from_db()
        assert (record.status, record.attempts) == ("pending", attempts)
        assert record.next_attempt_at > timezone.now()
    assert countdowns == [10, 20]
    assert shared.retry_or_fail(record.pk, 3, "smtp down") == "failed"
    record.refresh_from_db()
    assert (record.status, record.last_error) == ("failed", "smtp down")


def test_the_sweep_fails_an_interrupted_send_and_enqueues_what_is_due(record):
    (bob,) = users("bob")
    due = MailRecord.objects.create(user=bob, kind="turn", key="1:2")
    later = MailRecord.objects.create(
        user=bob, kind="turn", key="1:3", next_attempt_at=timezone.now() + timedelta(hours=1)
    )
    MailRecord.objects.filter(pk=record.pk).update(status="sending")
    enqueued = []
    now = timezone.now() + timedelta(minutes=20)
    assert deliveries(enqueued).sweep(now, interrupted="cut") == 1
    assert enqueued == [due.pk] and later.pk not in enqueued
    record.refresh_from_db()
    assert (record.status, record.last_error) == ("failed", "cut")


def test_a_broker_outage_leaves_the_rows_to_the_sweeper(caplog):
    with mock.patch(
        "games.push.tasks.push_dispatch.apply_async", side_effect=ConnectionError("down")
    ):
        assert push_enqueue_batch("turn", "12:7") is False
    with mock.patch("games.push.tasks.push_send.apply_async") as send:
        assert push_enqueue(41, countdown=30) is True
    send.assert_called_once_with((41,), countdown=30)
    assert "could not enqueue pushes turn 12:7; the sweeper will" in caplog.text
