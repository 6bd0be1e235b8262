"""What the mail learns from the pushes: a "your turn" mail waits while a push about the
same decision is on its way or was shown, for `PUSH_MAIL_DELAY_SECONDS` (at most half of
the decision's time); a player who answers meanwhile gets no mail (the mail drops it as
"decision already made"), one who does not gets it. The digest is left alone."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from games.push.models import PushRecord

SHOWN_OR_COMING = (PushRecord.Status.PENDING, PushRecord.Status.SENDING, PushRecord.Status.SENT)


def mail_wait_after_push(*, user_id, game_id, key, created_at, deadline=None, now=None):
    """When a "your turn" mail keyed `key` should go instead of now (aware), or None."""
    if not game_id:
        return None
    pushed = PushRecord.objects.filter(
        user_id=user_id,
        game_id=game_id,
        kind=PushRecord.Kind.TURN,
        key=key,
        status__in=SHOWN_OR_COMING,
    ).exists()
    if not pushed:
        return None
    delay = timedelta(seconds=settings.PUSH_MAIL_DELAY_SECONDS)
    if isinstance(deadline, str) and deadline:
        deadline = datetime.fromisoformat(deadline)
    if isinstance(deadline, datetime):
        delay = min(delay, (deadline - created_at) / 2)
    until = created_at + delay
    return until if until > (now or timezone.now()) else None
