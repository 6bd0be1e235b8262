"""A player's push settings: quiet hours in their time zone (correspondence games wait until
they end; live games always push) and the games they muted."""

from __future__ import annotations

import zoneinfo
from datetime import datetime, timedelta

from django.conf import settings
from django.utils import timezone

from accounts.models import preference
from games.push.models import PushSettings


def user_language(user) -> str:
    lang = preference(user, "language", "") or settings.LANGUAGE_CODE
    codes = {code for code, _name in settings.LANGUAGES}
    return lang if lang in codes else settings.LANGUAGE_CODE


def user_timezone(user):
    try:
        return zoneinfo.ZoneInfo(str(preference(user, "timezone", "") or settings.TIME_ZONE))
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo("UTC")


def settings_of(user) -> PushSettings:
    found = PushSettings.objects.filter(user=user).first()
    return found if found is not None else PushSettings(user=user)


def is_muted(user, game_id) -> bool:
    return PushSettings.muted_games.through.objects.filter(
        pushsettings__user=user, game_id=game_id
    ).exists()


def quiet_until(user, now=None) -> datetime | None:
    """When the quiet hours running at `now` end (aware), or None outside them."""
    found = PushSettings.objects.filter(user=user).first()
    if found is None or found.quiet_from is None or found.quiet_until is None:
        return None
    if found.quiet_from == found.quiet_until:
        return None
    zone = user_timezone(user)
    local = timezone.localtime(now or timezone.now(), zone)
    start, end, clock = found.quiet_from, found.quiet_until, local.time()
    inside = start <= clock < end if start < end else (clock >= start or clock < end)
    if not inside:
        return None
    day = local.date() if clock < end else local.date() + timedelta(days=1)
    return datetime.combine(day, end, tzinfo=zone)
