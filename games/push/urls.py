"""The push notifications' URLs (namespace ``push``): the installable site at the root
(the worker's scope is the whole site), the devices page, the one-tap answers."""

from django.urls import path

from games.push import views

app_name = "push"

urlpatterns = [
    path("sw.js", views.service_worker, name="worker"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("offline/", views.offline, name="offline"),
    path("me/notifications/", views.devices, name="devices"),
    path("me/notifications/subscribe/", views.subscribe, name="subscribe"),
    path("me/notifications/<int:pk>/remove/", views.remove, name="remove"),
    path("me/notifications/<int:pk>/test/", views.test, name="test"),
    path("me/notifications/mute/<int:game_id>/", views.mute, name="mute"),
    path("push/answer/<str:token>/", views.answer, name="answer"),
]
