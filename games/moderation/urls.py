"""Moderation's URLs (namespace ``moderation``): a player's report from the game page, and
the admin addresses the moderation records had before they got their own app
(``/admin/moderation/report/...`` -> ``/admin/moderation/report/...``), kept as redirects."""

from django.urls import path, re_path
from django.views.generic import RedirectView

from games.moderation import views

app_name = "moderation"

urlpatterns = [
    path("games/<int:game_id>/report/", views.report_create, name="report"),
    re_path(
        r"^admin/games/(?P<rest>(report|moderationaction|usersanction)/.*)$",
        RedirectView.as_view(url="/admin/moderation/%(rest)s", permanent=True, query_string=True),
    ),
]
