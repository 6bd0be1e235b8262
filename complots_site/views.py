from django.http import JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.table.descriptors import descriptors

from .health import report as health_report


@require_safe
def home(request):
    games = sorted(descriptors(), key=lambda d: (d.order, d.slug))
    return render(request, "home.html", {"games": games})


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
