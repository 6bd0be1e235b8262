"""One-click unsubscribe from game mail (RFC 8058).

GET shows a confirmation page (mail scanners follow links: a GET never unsubscribes);
POST unsubscribes at once, without login and without a CSRF token, as mail clients do with
`List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The signed token is the credential.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from games.mail.links import unsubscribe_apply, unsubscribe_load


def _topic_label(topic):
    return {
        "turn": _("turn and game-over mails"),
        "reminder": _("deadline reminders"),
        "digest": _("the daily digest"),
    }[topic]


@never_cache
@csrf_exempt
@require_http_methods(["GET", "POST"])
def mail_unsubscribe(request, token):
    loaded = unsubscribe_load(token)
    user = None
    if loaded is not None:
        user = get_user_model().objects.filter(pk=loaded[0], is_active=True).first()
    if user is None:
        return render(request, "emails/unsubscribe.html", {"invalid": True}, status=400)
    topic = loaded[1]
    context = {"token": token, "topic": topic, "topic_label": _topic_label(topic)}
    if request.method == "POST":
        unsubscribe_apply(user=user, topic=topic)
        context["done"] = True
    return render(request, "emails/unsubscribe.html", context)
