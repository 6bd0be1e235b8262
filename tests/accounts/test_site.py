"""The home page, the admin's profile inline, the demo data and the health check."""

from io import StringIO

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from accounts.management.commands.demo_data import DEMO_PASSWORD

pytestmark = pytest.mark.django_db


def test_home_page_presents_the_three_games_and_the_way_in(client):
    response = client.get(reverse("home"))
    text = response.content.decode()
    for name in ("Complots", "Regicide", "Intrigue"):
        assert f"<h3>{name}</h3>" in text
    assert reverse("account_signup") in text
    assert reverse("account_login") in text


def test_the_layout_sends_the_csrf_token_with_htmx(client):
    text = client.get(reverse("home")).content.decode()
    assert "vendor/htmx/htmx.min.js" in text
    assert 'hx-headers=\'{"X-CSRFToken": "' in text
    assert 'name="viewport"' in text


def test_the_user_menu_shows_the_display_name(client, alice):
    client.force_login(alice)
    text = client.get(reverse("home")).content.decode()
    assert "<summary>Alice</summary>" in text
    assert reverse("account_logout") in text


def test_htmx_and_the_sse_extension_are_served(client):
    from django.contrib.staticfiles import finders

    assert finders.find("vendor/htmx/htmx.min.js")
    assert finders.find("vendor/htmx-ext-sse/sse.js")
    assert finders.find("css/site.css")


def test_demo_data_is_idempotent_and_lets_the_players_log_in(client):
    call_command("demo_data", stdout=StringIO())
    call_command("demo_data", stdout=StringIO())
    users = get_user_model().objects.filter(username__in=["alice", "bob", "carol"])
    assert users.count() == 3
    assert EmailAddress.objects.filter(user__in=users, verified=True, primary=True).count() == 3
    client.post(reverse("account_login"), {"login": "carol", "password": DEMO_PASSWORD})
    assert client.session.get("_auth_user_id") == str(users.get(username="carol").pk)


def test_the_admin_edits_the_profile_with_the_user(client, alice, bob):
    alice.is_staff = alice.is_superuser = True
    alice.save()
    client.force_login(alice)
    url = reverse("admin:auth_user_change", args=[bob.pk])
    response = client.get(url)
    assert response.status_code == 200
    assert b'name="profile-0-display_name"' in response.content
    assert b'name="profile-0-away_until_0"' in response.content


def test_a_player_cannot_open_the_admin(client, bob):
    client.force_login(bob)
    response = client.get(reverse("admin:index"))
    assert response.status_code == 302


def test_health_reports_the_database_and_the_cache(client):
    response = client.get(reverse("health"))
    assert response.status_code == 200
    assert response.json()["database"] == "ok"
    assert response.json()["cache"] == "ok"


def test_unknown_pages_get_the_sites_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code == 404
    assert b"Page not found" in response.content
