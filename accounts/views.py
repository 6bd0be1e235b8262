from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django.views.i18n import set_language as django_set_language

from .forms import ProfileForm
from .models import profile_for


def _set_language_cookie(response, language):
    if language:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            language,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    else:
        response.delete_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
        )


@require_POST
def set_language(request):
    """The header's language switch: Django's view, and the profile remembers the choice."""
    response = django_set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES):
        profile = profile_for(request.user)
        if profile.language != language:
            profile.language = language
            profile.save(update_fields=["language"])
    return response


@login_required
@require_http_methods(["GET", "POST"])
def profile_edit(request):
    profile = profile_for(request.user)
    if request.method == "POST":
        form = ProfileForm(request.POST, instance=profile)
        if form.is_valid():
            profile = form.save()
            translation.activate(profile.language or request.LANGUAGE_CODE)
            request.LANGUAGE_CODE = translation.get_language()
            timezone.activate(profile.zone)
            messages.success(request, _("Your preferences are saved."))
            response = redirect("accounts:profile")
            _set_language_cookie(response, profile.language)
            return response
    else:
        form = ProfileForm(instance=profile)
    return render(request, "accounts/profile.html", {"form": form, "profile": profile})
