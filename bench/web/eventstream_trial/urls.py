import django_eventstream
from django.urls import include, path

urlpatterns = [
    path("games/<int:game_id>/events/", include(django_eventstream.urls)),
    path("", include("complots_site.urls")),
]
