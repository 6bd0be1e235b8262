"""The site's URLs plus a minimal logged-in view: the fixed cost of a request."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.urls import path

from accounts.models import display_name
from complots_site.urls import urlpatterns as site_urlpatterns


@login_required
def minimal(request):
    return HttpResponse(display_name(request.user))


urlpatterns = [path("minimal/", minimal, name="minimal"), *site_urlpatterns]
