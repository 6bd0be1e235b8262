"""The daily digest: the mails held for players who asked for one digest a day, grouped
into one mail per user and local day."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from games.mail.models import MailRecord
from games.mail.preferences import user_timezone
from games.mail.sending import mail_claim


def digest_collect(now=None) -> int:
    """Group held rows into one digest mail per user, once per local day.

    A user's digest goes out at the first run on or after MAIL_DIGEST_HOUR in their time
    zone; rows held after it wait for the next day's.
    """
    now = now or timezone.now()
    hour = getattr(settings, "MAIL_DIGEST_HOUR", 8)
    user_ids = (
        MailRecord.objects.filter(status=MailRecord.Status.HELD)
        .values_list("user_id", flat=True)
        .distinct()
    )
    count = 0
    for user in get_user_model().objects.filter(pk__in=user_ids):
        local = timezone.localtime(now, user_timezone(user))
        if local.hour < hour:
            continue
        with transaction.atomic():
            digest = mail_claim(
                user=user,
                kind=MailRecord.Kind.DIGEST,
                key=local.date().isoformat(),
                payload={"date": local.date().isoformat()},
            )
            if digest is None:
                continue
            moved = MailRecord.objects.filter(user=user, status=MailRecord.Status.HELD).update(
                status=MailRecord.Status.DIGESTED, digest=digest, updated_at=now
            )
            if not moved:  # raced with another collector: nothing to say
                transaction.set_rollback(True)
                continue
            count += 1
    return count
