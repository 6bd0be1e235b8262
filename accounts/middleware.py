"""Per-request preferences of the logged-in user: language and time zone.

Runs after the authentication middleware. The language comes from, in order: an explicit
switch (the language cookie set by the header's switch), the profile, the browser (already
chosen by ``LocaleMiddleware``). The profile's time zone is activated for the request.
"""

import zoneinfo

from django.conf import settings
from django.utils import timezone, translation

from .models import profile_for


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
            try:
                timezone.activate(zoneinfo.ZoneInfo(profile.timezone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
