"""A player's mail settings, read from their profile: language, time zone, which mails they
want (the "topics": turn, reminder, digest)."""

from __future__ import annotations

import zoneinfo

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist

from accounts.models import display_name as profile_display_name
from accounts.models import preference as pref
from games.mail.models import MailRecord

TOPICS = ("turn", "reminder", "digest")


def profile_of(user):
    try:
        return user.profile
    except (ObjectDoesNotExist, AttributeError):
        return None


def display_name(user) -> str:
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
