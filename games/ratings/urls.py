"""The ratings' URLs (namespace ``ratings``): leaderboards, a table's condition."""

from django.urls import path

from games.ratings import views

app_name = "ratings"

urlpatterns = [
    path("ratings/", views.boards, name="boards"),
    path("ratings/<slug:pool>/", views.board, name="board"),
    path("games/<int:game_id>/condition/", views.table_condition, name="condition"),
]
