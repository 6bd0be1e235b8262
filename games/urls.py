from django.urls import include, path

app_name = "games"

urlpatterns = [
    path("", include("games.urls_deadlines")),
]
