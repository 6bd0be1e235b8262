"""URLs of issue 6: one-click unsubscribe and the vote against an absent player."""

from django.urls import path

from . import views_mail

urlpatterns = [
    path("mail/unsubscribe/<str:token>/", views_mail.mail_unsubscribe, name="mail_unsubscribe"),
    path("games/<int:game_id>/vote/", views_mail.deadline_vote, name="deadline_vote"),
    path("games/<int:game_id>/resume/", views_mail.seat_resume, name="seat_resume"),
]
