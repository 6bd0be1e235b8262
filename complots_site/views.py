from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from .health import report as health_report

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


@require_safe
def home(request):
    return render(request, "home.html", {"games": GAMES})


@require_safe
def health(request):
    """For load balancers and humans: each part's state and a verdict (complots_site.health);
    503 only without a database."""
    status, code = health_report()
    return JsonResponse(status, status=code)


def bench_minimal(request):
    """The benchmark's yardstick (routed only with BENCH_VIEWS=1): the full middleware stack
    and the session's user, and nothing else."""
    from django.http import HttpResponse

    return HttpResponse(f"ok {request.user.get_username()}", content_type="text/plain")
