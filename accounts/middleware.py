"""Per-request preferences of the logged-in user: language and time zone.

Runs after the authentication middleware. The language comes from, in order: an explicit
switch (the language cookie set by the header's switch), the profile, the browser (already
chosen by ``LocaleMiddleware``). The profile's time zone is activated for the request.

The time zone defaults to the browser's: the site's script stores it in the ``tz`` cookie
(``Intl.DateTimeFormat().resolvedOptions().timeZone``). A profile still at the default
(UTC) takes that zone once, so that pages and mails use it; the profile page changes it.
Visitors who are not logged in see times in the cookie's zone.
"""

import zoneinfo

from django.conf import settings
from django.utils import timezone, translation

from .models import Profile, profile_for, timezone_names

DEFAULT_ZONE = "UTC"
ZONE_COOKIE = "tz"


def browser_zone(request) -> str | None:
    """The browser's time zone from the ``tz`` cookie, when it names a known zone."""
    name = request.COOKIES.get(ZONE_COOKIE, "")
    if not name or len(name) > 64 or name not in timezone_names():
        return None
    return name


class ProfilePreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile = profile_for(user)
            if profile.language and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
                translation.activate(profile.language)
                request.LANGUAGE_CODE = translation.get_language()
            zone = browser_zone(request)
            if profile.timezone == DEFAULT_ZONE and zone and zone != DEFAULT_ZONE:
                Profile.objects.filter(pk=profile.pk, timezone=DEFAULT_ZONE).update(timezone=zone)
                profile.timezone = zone
            try:
                timezone.activate(zoneinfo.ZoneInfo(profile.timezone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            zone = browser_zone(request)
            if zone:
                timezone.activate(zoneinfo.ZoneInfo(zone))
            else:
                timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
