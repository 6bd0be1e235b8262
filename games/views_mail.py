"""One-click unsubscribe from game mail (RFC 8058) and the vote against an absent player.

GET shows a confirmation page (mail scanners follow links: a GET never unsubscribes);
POST unsubscribes at once, without login and without a CSRF token, as mail clients do with
`List-Unsubscribe-Post: List-Unsubscribe=One-Click`. The signed token is the credential.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from .notifications import unsubscribe_apply, unsubscribe_load


def _topic_label(topic):
    return {
        "turn": _("turn and game-over mails"),
        "reminder": _("deadline reminders"),
        "digest": _("the daily digest"),
    }[topic]


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


@login_required
@require_POST
def deadline_vote(request, game_id):
    """POST target (player id), kind (skip|drop), seq. JSON for fetch/htmx callers, else a
    redirect to the game page."""
    from .deadlines import vote_cast
    from .services.errors import GameError, GameNotFound

    try:
        result = vote_cast(
            game_id=game_id,
            user=request.user,
            target_player_id=request.POST.get("target", ""),
            kind=request.POST.get("kind", ""),
            expected_seq=request.POST.get("seq"),
        )
    except GameNotFound:
        return JsonResponse({"error": _("This game does not exist.")}, status=404)
    except GameError as exc:
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse({"error": str(exc.message)}, status=400)
        from django.contrib import messages

        messages.error(request, str(exc.message))
        return HttpResponseRedirect(_game_page(game_id))
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse(result)
    return HttpResponseRedirect(_game_page(game_id))


def _game_page(game_id):
    try:
        return reverse("games:detail", args=[game_id])
    except NoReverseMatch:
        return f"/games/{int(game_id)}/"


@login_required
@require_POST
def seat_resume(request, game_id):
    """A player on autopilot takes their seat back."""
    from django.contrib import messages

    from .deadlines import seat_resume as resume
    from .services.errors import GameError, GameNotFound

    try:
        resume(game_id=game_id, user=request.user)
    except GameNotFound:
        return JsonResponse({"error": _("This game does not exist.")}, status=404)
    except GameError as exc:
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse({"error": str(exc.message)}, status=400)
        messages.error(request, str(exc.message))
        return HttpResponseRedirect(_game_page(game_id))
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse({"resumed": True})
    messages.success(request, _("You are back in the game."))
    return HttpResponseRedirect(_game_page(game_id))
