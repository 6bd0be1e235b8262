from django.urls import path

from . import views

app_name = "accounts"

urlpatterns = [
    path("profile/", views.profile_edit, name="profile"),
    path("language/", views.set_language, name="set_language"),
]
