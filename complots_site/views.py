from django.core.cache import cache
from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from .tasks import HEARTBEAT_KEY

GAMES = [
    {
        "slug": "complots",
        "name": "Complots",
        "players": _("2 to 8 players"),
        "summary": _(
            "Bluff your way to power: claim the character you need, challenge the liars, "
            "and be the last one with influence at court."
        ),
    },
    {
        "slug": "regicide",
        "name": "Regicide",
        "players": _("1 to 4 players"),
        "summary": _(
            "A cooperative game: together, play cards from your hands to defeat twelve "
            "corrupted royals, Jacks, Queens and Kings, before they defeat you."
        ),
    },
    {
        "slug": "intrigue",
        "name": "Intrigue",
        "players": _("3 to 5 players"),
        "summary": _(
            "Send your advisers to your rivals' castles: promises, bribes and betrayals "
            "decide who gets the best posts. After five rounds, the richest wins."
        ),
    },
]


def home(request):
    return render(request, "home.html", {"games": GAMES})


def health(request):
    """For load balancers and humans: 200 when the database and the cache answer.

    ``worker`` tells when a Celery worker last ran beat's heartbeat task (``null``: never).
    """
    status = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        status["database"] = "ok"
    except DatabaseError as error:
        status["database"] = f"error: {error.__class__.__name__}"
    try:
        cache.set("health:probe", "ok", timeout=10)
        status["cache"] = "ok" if cache.get("health:probe") == "ok" else "error"
    except Exception as error:  # noqa: BLE001  (any cache backend failure)
        status["cache"] = f"error: {error.__class__.__name__}"
    try:
        status["worker"] = cache.get(HEARTBEAT_KEY)
    except Exception:  # noqa: BLE001
        status["worker"] = None
    healthy = status["database"] == "ok" and status["cache"] == "ok"
    return JsonResponse(status, status=200 if healthy else 503)
