"""Login throttling: allauth's rate limits, kept in the site's cache."""

import pytest
from django.test import override_settings
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def fail_logins(client, login, times):
    for _ in range(times):
        response = client.post(reverse("account_login"), {"login": login, "password": "nope"})
        assert response.status_code in (200, 429)


def test_five_failures_lock_the_account_even_for_the_right_password(client, alice):
    fail_logins(client, "alice", 5)
    response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert client.session.get("_auth_user_id") is None
    assert b"Too many failed login attempts" in response.content


def test_fewer_failures_do_not_lock(client, alice):
    fail_logins(client, "alice", 3)
    client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert client.session.get("_auth_user_id") == str(alice.pk)


def test_the_lock_holds_for_one_account_only(client, alice, bob):
    fail_logins(client, "alice", 5)
    client.post(reverse("account_login"), {"login": "bob", "password": PASSWORD})
    assert client.session.get("_auth_user_id") == str(bob.pk)


def test_throttling_works_on_the_embedded_file_cache(client, alice, tmp_path):
    """The default cache with no REDIS_URL (a file cache) holds the counters too."""
    file_cache = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(tmp_path / "cache"),
        }
    }
    with override_settings(CACHES=file_cache):
        fail_logins(client, "alice", 5)
        response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
        assert client.session.get("_auth_user_id") is None
        assert b"Too many failed login attempts" in response.content
        assert any((tmp_path / "cache").iterdir())
