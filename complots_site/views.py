import sys

from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.views.decorators.http import require_safe
from django.views.defaults import server_error as django_server_error

from games.table.descriptors import descriptors

from .dbfaults import RETRY_AFTER_SECONDS, database_unavailable, log_outage
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


def server_error(request):
    """The site's 500 handler. The database out of reach (its connection limit, a restart)
    is no server bug: 503 with a page saying so, `Retry-After`, and one log line per outage
    (complots_site.dbfaults). The page reads nothing from the database."""
    error = sys.exc_info()[1]
    if not database_unavailable(error):
        return django_server_error(request)
    log_outage(error)
    response = HttpResponse(render_to_string("503.html"), status=503)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response
