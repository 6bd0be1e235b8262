"""The bots' URLs (namespace ``bots``)."""

from django.urls import path

from games.bot_seats import views

app_name = "bots"

urlpatterns = [
    path("games/practice/", views.practice, name="practice"),
    path("games/<int:game_id>/bots/add/", views.bot_add, name="add"),
    path("games/<int:game_id>/bots/remove/", views.bot_remove, name="remove"),
]
