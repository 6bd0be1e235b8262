"""The tutorials' URLs (namespace ``tutorials``)."""

from django.urls import path

from games.tutorials import views

app_name = "tutorials"

urlpatterns = [
    path("tutorials/", views.tutorial_list, name="list"),
    path("tutorials/<slug:slug>/start/", views.tutorial_start, name="start"),
    path("tutorials/run/<int:run_id>/step/", views.tutorial_step, name="step"),
    path("tutorials/run/<int:run_id>/next/", views.tutorial_next, name="next"),
    path("tutorials/offer/dismiss/", views.offer_dismiss, name="dismiss"),
]
