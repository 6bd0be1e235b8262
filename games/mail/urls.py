"""The mail's URLs (namespace ``mail``): one-click unsubscribe."""

from django.urls import path

from games.mail import views

app_name = "mail"

urlpatterns = [
    path("mail/unsubscribe/<str:token>/", views.mail_unsubscribe, name="unsubscribe"),
]
