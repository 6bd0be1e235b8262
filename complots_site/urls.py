from django.contrib import admin
from django.urls import include, path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("health/", views.health, name="health"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("allauth.urls")),
    path("me/", include("accounts.urls")),
    path("admin/", admin.site.urls),
    path("", include("games.urls")),
    path("", include("games.urls_moderation")),
]
