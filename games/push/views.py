"""The installable site (service worker, manifest, offline page), the devices page (profile),
and the one-tap answer page.

The one-tap page is reached without logging in (from a mail or a notification): a GET shows
the question, the deadline and one button and changes nothing (mail scanners follow links);
a POST answers, without a CSRF token: the signed token is the credential (`onetap.py`).
"""

from __future__ import annotations

import json

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.push import keys, onetap
from games.push.facts import game_title, time_left
from games.push.models import PushSettings, PushSubscription
from games.push.preferences import settings_of
from games.push.receivers import session_digest
from games.push.sending import push_test
from games.table.models import Game

# Bumped when the worker's precached files change: the old cache is dropped.
WORKER_VERSION = "1"


@require_GET
def service_worker(request):
    body = render_to_string(
        "push/sw.js",
        {
            "version": WORKER_VERSION,
            "offline_url": reverse("push:offline"),
            "precache": json.dumps(
                [
                    reverse("push:offline"),
                    static("css/site.css"),
                    static("img/icon-192.png"),
                    static("img/badge-72.png"),
                ]
            ),
        },
    )
    response = HttpResponse(body, content_type="application/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def manifest(request):
    """The web app manifest, in the language asked (`?lang=`, else the request's); the
    other language's names under `translations`."""
    wanted = request.GET.get("lang", "")
    codes = [code for code, _name in settings.LANGUAGES]
    lang = wanted if wanted in codes else translation.get_language() or settings.LANGUAGE_CODE

    def words(code):
        with translation.override(code):
            return {
                "name": str(_("Complots: the games of intrigue")),
                "short_name": str(_("Complots")),
                "description": str(_("Complots, Regicide and Intrigue by correspondence or live.")),
            }

    data = {
        **words(lang),
        "lang": lang,
        "id": "/",
        "start_url": reverse("games:lobby") + "?source=pwa",
        "scope": "/",
        "display": "standalone",
        "background_color": "#fbf7f2",
        "theme_color": "#8c1c13",
        "icons": [
            {"src": static(f"img/icon-{s}.png"), "sizes": f"{s}x{s}", "type": "image/png"}
            for s in (192, 512)
        ]
        + [
            {
                "src": static(f"img/icon-maskable-{s}.png"),
                "sizes": f"{s}x{s}",
                "type": "image/png",
                "purpose": "maskable",
            }
            for s in (192, 512)
        ],
        "translations": {code: words(code) for code in codes if code != lang},
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_GET
def offline(request):
    """The page the worker shows when the network is gone: no account, no game."""
    return render(request, "push/offline.html")


class QuietHoursForm(forms.ModelForm):
    class Meta:
        model = PushSettings
        fields = ["quiet_from", "quiet_until"]
        widgets = {
            "quiet_from": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_until": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }

    def clean(self):
        data = super().clean()
        if (data.get("quiet_from") is None) != (data.get("quiet_until") is None):
            raise forms.ValidationError(_("Give both ends of the quiet hours, or neither."))
        return data


def _running_games(user):
    return (
        Game.objects.filter(seats__user=user, status=Game.Status.RUNNING)
        .order_by("-pk")
        .distinct()[:50]
    )


@never_cache
@login_required
def devices(request):
    push_settings = settings_of(request.user)
    if request.method == "POST":
        form = QuietHoursForm(request.POST, instance=push_settings)
        if form.is_valid():
            form.save()
            messages.success(request, _("Quiet hours saved."))
            return redirect("push:devices")
    else:
        form = QuietHoursForm(instance=push_settings)
    muted = (
        set(push_settings.muted_games.values_list("pk", flat=True)) if push_settings.pk else set()
    )
    games = [
        {"game": game, "title": game_title(game), "muted": game.pk in muted}
        for game in _running_games(request.user)
    ]
    here = session_digest(request.session.session_key)
    subscriptions = list(PushSubscription.objects.filter(user=request.user).order_by("-pk"))
    for sub in subscriptions:
        sub.this_device = bool(here) and sub.session_digest == here
    return render(
        request,
        "push/devices.html",
        {
            "form": form,
            "subscriptions": subscriptions,
            "games": games,
            "public_key": keys.public_key(),
            "configured": keys.push_configured(),
        },
        status=400 if form.errors else 200,
    )


def _clean_subscription(data):
    if not isinstance(data, dict):
        return None
    endpoint, found = data.get("endpoint"), data.get("keys")
    if not isinstance(endpoint, str) or not isinstance(found, dict):
        return None
    p256dh, auth = found.get("p256dh"), found.get("auth")
    # Push services speak HTTPS; a local test service (DEBUG only) may not.
    if not (endpoint.startswith("https://") or (settings.DEBUG and _local(endpoint))):
        return None
    if not all(
        isinstance(v, str) and 0 < len(v) <= limit for v, limit in ((p256dh, 200), (auth, 64))
    ):
        return None
    if len(endpoint) > 1000:
        return None
    name = data.get("name") if isinstance(data.get("name"), str) else ""
    return endpoint, p256dh, auth, name.strip()[:60]


def _local(endpoint):
    return endpoint.startswith(("http://127.0.0.1:", "http://localhost:"))


@never_cache
@login_required
@require_POST
def subscribe(request):
    """Store this browser's subscription (JSON: endpoint, keys, name)."""
    try:
        data = json.loads(request.body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        data = None
    cleaned = _clean_subscription(data)
    if cleaned is None or not keys.push_configured():
        return JsonResponse(
            {"ok": False, "error": _("This subscription is not valid.")}, status=400
        )
    endpoint, p256dh, auth, name = cleaned
    count = PushSubscription.objects.filter(user=request.user).exclude(endpoint=endpoint).count()
    if count >= settings.PUSH_DEVICES_MAX:
        return JsonResponse(
            {"ok": False, "error": _("Too many devices: remove one first.")}, status=400
        )
    with transaction.atomic():
        # An endpoint names one browser: it moves to the account that subscribed last.
        PushSubscription.objects.filter(endpoint=endpoint).exclude(user=request.user).delete()
        sub, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint,
            defaults={
                "user": request.user,
                "p256dh": p256dh,
                "auth": auth,
                "name": name or _("A browser"),
                "session_digest": session_digest(request.session.session_key),
                "last_error": "",
            },
        )
    return JsonResponse({"ok": True, "id": sub.pk})


@never_cache
@login_required
@require_POST
def remove(request, pk):
    sub = get_object_or_404(PushSubscription, pk=pk, user=request.user)
    sub.delete()
    messages.success(request, _("This device will no longer receive notifications."))
    return redirect("push:devices")


@never_cache
@login_required
@require_POST
def test(request, pk):
    sub = get_object_or_404(PushSubscription, pk=pk, user=request.user)
    if not keys.push_configured():
        messages.error(request, _("Notifications are not configured on this site."))
    else:
        push_test(sub)
        messages.success(request, _("A test notification is on its way."))
    return redirect("push:devices")


@never_cache
@login_required
@require_POST
def mute(request, game_id):
    game = get_object_or_404(Game, pk=game_id, seats__user=request.user)
    push_settings, _created = PushSettings.objects.get_or_create(user=request.user)
    muted = request.POST.get("muted") == "1"
    if muted:
        push_settings.muted_games.add(game)
    else:
        push_settings.muted_games.remove(game)
    if request.POST.get("place") != "game":
        return redirect("push:devices")
    if not request.htmx:  # the game page's form without JavaScript: back to the game
        return redirect("games:detail", game.pk)
    return render(
        request,
        "push/_game_mute.html",
        {"game": game, "push_mute": {"device": True, "muted": muted}},
    )


REFUSALS = {
    onetap.Refused.FORGED: (
        gettext_lazy("This link is not valid: it was damaged or made up."),
        400,
    ),
    onetap.Refused.EXPIRED: (gettext_lazy("This question is closed: its deadline passed."), 410),
    onetap.Refused.USED: (gettext_lazy("This question was already answered."), 410),
    onetap.Refused.CHANGED: (
        gettext_lazy("This question was already answered, or the game moved on."),
        410,
    ),
    onetap.Refused.OTHER_PLAYER: (gettext_lazy("This link was sent to another player."), 403),
}


def _refused(request, reason, wants_json):
    text, status = REFUSALS[reason]
    message = str(text)
    if wants_json:
        return JsonResponse({"ok": False, "reason": reason, "message": message}, status=status)
    return render(request, "push/answer.html", {"refused": message}, status=status)


@never_cache
@csrf_exempt
@require_http_methods(["GET", "POST"])
def answer(request, token):
    wants_json = "application/json" in request.headers.get("Accept", "")
    try:
        if request.method == "POST":
            loaded = onetap.answer(token, request_user=request.user)
            if wants_json:
                return JsonResponse({"ok": True, "message": _("Answer given.")})
            return render(
                request,
                "push/answer.html",
                {
                    "done": True,
                    "title": game_title(loaded.game),
                    "game_url": reverse("games:detail", args=[loaded.game.pk]),
                },
            )
        loaded = onetap.load(token)
        if request.user.is_authenticated and request.user.pk != loaded.user.pk:
            raise onetap.Refused(onetap.Refused.OTHER_PLAYER)
        question = onetap.current_question(loaded)
    except onetap.Refused as refused:
        return _refused(request, refused.reason, wants_json)
    deadline = question.deadline
    return render(
        request,
        "push/answer.html",
        {
            "title": game_title(loaded.game),
            "question": question,
            "deadline": deadline,
            "time_left": time_left(deadline, timezone.now()),
            "game_url": reverse("games:detail", args=[loaded.game.pk]),
            "token": token,
        },
    )
