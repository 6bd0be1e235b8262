"""The clock's URLs (namespace ``clock``): the timeout policy, votes, taking a seat back."""

from django.urls import path

from games.clock import views

app_name = "clock"

urlpatterns = [
    path("games/<int:game_id>/policy/", views.timeout_policy, name="timeout_policy"),
    path("games/<int:game_id>/vote/", views.deadline_vote, name="vote"),
    path("games/<int:game_id>/resume/", views.seat_resume, name="resume"),
]
