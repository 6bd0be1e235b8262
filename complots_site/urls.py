from django.conf import settings
from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("", include("games.moderation.urls")),  # before the admin: its old report URLs
    path("admin/", admin.site.urls),
    path("", include("games.table.urls")),
    path("", include("games.clock.urls")),
    path("", include("games.bot_seats.urls")),
    path("", include("games.tutorials.urls")),
    path("", include("games.push.urls")),
    path("", include("games.mail.urls")),
    path("", include("games.ratings.urls")),
]

if settings.BENCH_VIEWS:  # bench/web/live_table.py only: off unless BENCH_VIEWS=1
    urlpatterns.append(path("bench/minimal/", views.bench_minimal, name="bench_minimal"))

handler500 = "complots_site.views.server_error"
