"""Players' moderation pages: reports and public profiles (namespace ``moderation``)."""

from django.urls import path

from games import views_reports

app_name = "moderation"

urlpatterns = [
    path("games/<int:game_id>/report/", views_reports.report_create, name="report"),
    path("players/<str:username>/", views_reports.player_profile, name="player"),
]
