"""Mail about games: "your turn", the 80 % reminder, "game over" and the daily digest.

Every mail is a `MailRecord` row claimed before it is sent (unique `(user, kind, key)`,
insert-or-skip), so a duplicated task, a retry or two workers never send it twice. Sending
happens in the `games.tasks.mail_send` Celery task, enqueued with `transaction.on_commit`; a
failing SMTP server or broker never blocks a move: the row stays pending and the sweeper
enqueues it again.

Mails carry public facts only (game, whose decision, deadline, winners); never a card.

Presence: the web's live endpoints call `presence_touch(game_id, user_id)` on every
keep-alive/poll; `presence_is_open` is true for ~30 s after, and no turn mail goes to a
player who has the game open.
"""

from __future__ import annotations

import logging
import zoneinfo
from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.core.mail import EmailMultiAlternatives
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from .models_deadlines import MailRecord

log = logging.getLogger(__name__)

PRESENCE_TTL = getattr(settings, "PRESENCE_TTL_SECONDS", 30)
MAIL_MAX_ATTEMPTS = getattr(settings, "MAIL_MAX_ATTEMPTS", 6)
MAIL_RETRY_BASE_SECONDS = getattr(settings, "MAIL_RETRY_BASE_SECONDS", 30)
# A row left in "sending" this long was interrupted (worker killed mid-send). It is marked
# failed, not sent again: at most once wins over at least once for mail.
MAIL_SENDING_STALE = timedelta(minutes=15)
# A pending row whose first enqueue may have failed is enqueued again after this delay.
MAIL_ENQUEUE_GRACE = timedelta(seconds=30)
UNSUBSCRIBE_SALT = "complots.mail.unsubscribe"
TOPICS = ("turn", "reminder", "digest")


# --- presence --------------------------------------------------------------------------


def _presence_key(game_id, user_id):
    return f"presence:{int(game_id)}:{int(user_id)}"


def presence_touch(game_id, user_id) -> None:
    """Mark that `user_id` has a page of `game_id` open (for PRESENCE_TTL seconds)."""
    try:
        cache.set(_presence_key(game_id, user_id), 1, PRESENCE_TTL)
    except Exception:  # a cache outage must not break a page
        log.warning("presence_touch failed", exc_info=True)


def presence_is_open(game_id, user_id) -> bool:
    try:
        return bool(cache.get(_presence_key(game_id, user_id)))
    except Exception:
        log.warning("presence_is_open failed", exc_info=True)
        return False


# --- preferences -----------------------------------------------------------------------


def profile_of(user):
    try:
        return user.profile
    except (ObjectDoesNotExist, AttributeError):
        return None


def pref(user, name: str, default):
    profile = profile_of(user)
    return getattr(profile, name, default) if profile is not None else default


def display_name(user) -> str:
    from accounts.models import display_name as profile_display_name

    return profile_display_name(user)


def user_language(user) -> str:
    lang = pref(user, "language", "") or settings.LANGUAGE_CODE
    codes = {code for code, _name in settings.LANGUAGES}
    return lang if lang in codes else settings.LANGUAGE_CODE


def user_timezone(user):
    name = pref(user, "timezone", "") or settings.TIME_ZONE
    try:
        return zoneinfo.ZoneInfo(str(name))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def wants_digest(user) -> bool:
    return bool(pref(user, "email_digest", False))


def topic_of(kind: str) -> str:
    return {
        MailRecord.Kind.REMINDER: "reminder",
        MailRecord.Kind.DIGEST: "digest",
    }.get(kind, "turn")


def topic_enabled(user, topic: str) -> bool:
    if topic == "reminder":
        return bool(pref(user, "email_reminder", True))
    if topic == "digest":
        return bool(pref(user, "email_digest", False))
    return bool(pref(user, "email_on_turn", True))


# --- one-click unsubscribe -------------------------------------------------------------


def unsubscribe_token(user, topic: str) -> str:
    if topic not in TOPICS:
        raise ValueError(f"unknown mail topic {topic!r}")
    # No timestamp: the link never expires and is the same in the header and the body.
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign_object(
        {"u": user.pk, "t": topic}, compress=True
    )


def unsubscribe_load(token: str):
    """(user_id, topic) from a token, or None when it is forged, damaged or unknown."""
    try:
        data = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign_object(token)
    except (signing.BadSignature, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or data.get("t") not in TOPICS:
        return None
    if not isinstance(data.get("u"), int):
        return None
    return data["u"], data["t"]


def unsubscribe_apply(*, user, topic: str) -> None:
    """Turn the topic's mails off in the user's profile (idempotent)."""
    profile = profile_of(user)
    if profile is None:
        return
    fields = {
        "turn": ["email_on_turn"],
        "reminder": ["email_reminder"],
        # Leaving the digest means no game mail at all: single mails do not come back.
        "digest": ["email_digest", "email_on_turn"],
    }[topic]
    fields = [f for f in fields if hasattr(profile, f)]
    for field in fields:
        setattr(profile, field, False)
    if fields:
        profile.save(update_fields=fields)


def site_url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def _reverse_first(names, *args):
    for name in names:
        try:
            return reverse(name, args=args)
        except NoReverseMatch:
            continue
    return None


def unsubscribe_url(user, topic: str) -> str:
    token = unsubscribe_token(user, topic)
    path = _reverse_first(["games:mail_unsubscribe", "mail_unsubscribe"], token)
    return site_url(path or f"/mail/unsubscribe/{token}/")


def game_url(game) -> str:
    if hasattr(game, "get_absolute_url"):
        return site_url(game.get_absolute_url())
    path = _reverse_first(["games:detail", "games:game", "game_detail"], game.pk)
    return site_url(path or f"/games/{game.pk}/")


def replay_url(game) -> str:
    path = _reverse_first(["games:replay", "game_replay"], game.pk)
    return site_url(path) if path else game_url(game)


# --- claiming --------------------------------------------------------------------------


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
    from .tasks import mail_send

    try:
        if countdown:
            mail_send.apply_async((record_id,), countdown=countdown)
        else:
            mail_send.apply_async((record_id,))
        return True
    except Exception:
        log.warning("could not enqueue mail %s; the sweeper will", record_id, exc_info=True)
        return False


# --- rendering -------------------------------------------------------------------------


def _format_dt(value, user):
    if not value:
        return ""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    local = timezone.localtime(value, user_timezone(user))
    return local.strftime("%Y-%m-%d %H:%M") + f" ({local.tzname()})"


def _subject(record, ctx) -> str:
    game = ctx.get("game_title", "")
    if record.kind == MailRecord.Kind.TURN:
        if ctx.get("decision") == "turn":
            return _("Your turn in %(game)s") % {"game": game}
        return _("Your answer is awaited in %(game)s") % {"game": game}
    if record.kind == MailRecord.Kind.REMINDER:
        return _("Reminder: %(game)s is waiting for you") % {"game": game}
    if record.kind == MailRecord.Kind.GAME_OVER:
        return _("Game over: %(game)s") % {"game": game}
    return _("Your games today")


def game_title(game) -> str:
    return f"{str(game.kind).capitalize()} #{game.pk}"


def mail_render(record) -> tuple[str, str, str]:
    """(subject, text, html) of a record, in the recipient's language and time zone."""
    user = record.user
    with translation.override(user_language(user)):
        topic = topic_of(record.kind)
        ctx = dict(record.payload)
        ctx["user_name"] = display_name(user)
        ctx["unsubscribe_url"] = unsubscribe_url(user, topic)
        ctx["topic"] = topic
        ctx["site_url"] = settings.SITE_URL
        if record.game_id:
            ctx["game_title"] = game_title(record.game)
            ctx["game_url"] = game_url(record.game)
            ctx["replay_url"] = replay_url(record.game)
        ctx["deadline_local"] = _format_dt(ctx.get("deadline"), user)
        if record.kind == MailRecord.Kind.DIGEST:
            ctx["entries"] = digest_entries(record)
        subject = _subject(record, ctx)
        ctx["subject"] = subject
        text = render_to_string(f"emails/{record.kind}.txt", ctx)
        html = render_to_string(f"emails/{record.kind}.html", ctx)
    return subject, text, html


def digest_entries(record):
    """One entry per game among the digest's items: title, link, what happened."""
    from .models import Seat

    by_game = {}
    for item in record.items.select_related("game").order_by("created_at", "pk"):
        if item.game_id is None:
            continue
        entry = by_game.setdefault(
            item.game_id,
            {
                "game_title": game_title(item.game),
                "game_url": game_url(item.game),
                "turns": 0,
                "finished": False,
                "winners": [],
                "waiting": False,
            },
        )
        if item.kind == MailRecord.Kind.GAME_OVER:
            entry["finished"] = True
            entry["winners"] = item.payload.get("winners", [])
        else:
            entry["turns"] += 1
    waiting = set(
        Seat.objects.filter(game_id__in=by_game, user=record.user, to_act=True).values_list(
            "game_id", flat=True
        )
    )
    for game_id, entry in by_game.items():
        entry["waiting"] = game_id in waiting and not entry["finished"]
    return list(by_game.values())


# --- delivery --------------------------------------------------------------------------


class MailTemporaryError(Exception):
    """Sending failed and will be retried; carries the countdown."""

    def __init__(self, message, countdown):
        super().__init__(message)
        self.countdown = countdown


def _still_relevant(record) -> str:
    """'' when the mail should go, else why it is skipped."""
    user = record.user
    if not user.is_active or not user.email:
        return "no address"
    if not topic_enabled(user, topic_of(record.kind)):
        return "unsubscribed"
    if record.kind in (MailRecord.Kind.TURN, MailRecord.Kind.REMINDER):
        from .models import Game, Seat

        game = record.game
        if game is None or game.status != Game.Status.RUNNING:
            return "game not running"
        if not Seat.objects.filter(game=game, user=user, to_act=True).exists():
            return "no longer awaited"
        if record.kind == MailRecord.Kind.REMINDER:
            clock = getattr(game, "clock", None)
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
    claimed = MailRecord.objects.filter(pk=record_id, status=MailRecord.Status.PENDING).update(
        status=MailRecord.Status.SENDING, updated_at=now
    )
    if not claimed:
        row = MailRecord.objects.filter(pk=record_id).values_list("status", flat=True).first()
        return row or "missing"
    record = MailRecord.objects.select_related("user", "game").get(pk=record_id)
    reason = _still_relevant(record)
    if reason:
        MailRecord.objects.filter(pk=record_id).update(
            status=MailRecord.Status.SKIPPED, last_error=reason, updated_at=timezone.now()
        )
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
        error = f"{type(exc).__name__}: {exc}"[:2000]
        if attempts >= MAIL_MAX_ATTEMPTS:
            MailRecord.objects.filter(pk=record_id).update(
                status=MailRecord.Status.FAILED,
                attempts=attempts,
                last_error=error,
                updated_at=timezone.now(),
            )
            log.error("mail %s failed for good: %s", record_id, error)
            return MailRecord.Status.FAILED
        countdown = MAIL_RETRY_BASE_SECONDS * 2 ** (attempts - 1)
        MailRecord.objects.filter(pk=record_id).update(
            status=MailRecord.Status.PENDING,
            attempts=attempts,
            last_error=error,
            next_attempt_at=timezone.now() + timedelta(seconds=countdown),
            updated_at=timezone.now(),
        )
        raise MailTemporaryError(error, countdown) from exc
    MailRecord.objects.filter(pk=record_id).update(
        status=MailRecord.Status.SENT,
        attempts=attempts,
        sent_at=timezone.now(),
        last_error="",
        updated_at=timezone.now(),
    )
    return MailRecord.Status.SENT


def mail_sweep(now=None, limit=200) -> int:
    """Enqueue pending rows whose enqueue or retry was lost; close interrupted sends."""
    now = now or timezone.now()
    MailRecord.objects.filter(
        status=MailRecord.Status.SENDING, updated_at__lt=now - MAIL_SENDING_STALE
    ).update(
        status=MailRecord.Status.FAILED,
        last_error="interrupted while sending; not resent (at most once)",
        updated_at=now,
    )
    due = MailRecord.objects.filter(status=MailRecord.Status.PENDING).filter(models_q_due(now))
    ids = list(due.order_by("pk").values_list("pk", flat=True)[:limit])
    for record_id in ids:
        mail_enqueue(record_id)
    return len(ids)


def models_q_due(now):
    from django.db.models import Q

    return Q(next_attempt_at__lte=now) | Q(
        next_attempt_at__isnull=True, created_at__lte=now - MAIL_ENQUEUE_GRACE
    )


# --- digest ----------------------------------------------------------------------------


def digest_collect(now=None) -> int:
    """Group held rows into one digest mail per user, once per local day.

    A user's digest goes out at the first run on or after MAIL_DIGEST_HOUR in their time
    zone; rows held after it wait for the next day's.
    """
    now = now or timezone.now()
    hour = getattr(settings, "MAIL_DIGEST_HOUR", 8)
    from django.contrib.auth import get_user_model

    user_ids = (
        MailRecord.objects.filter(status=MailRecord.Status.HELD)
        .values_list("user_id", flat=True)
        .distinct()
    )
    count = 0
    for user in get_user_model().objects.filter(pk__in=list(user_ids)):
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
