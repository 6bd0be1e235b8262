"""Login throttling: allauth's rate limits, kept in the site's cache."""

import re

import pytest
from django.conf import settings
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
        **settings.CACHES,
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


# The account's limit holds whatever spelling of the account is typed, one client address
# cannot pose as many, and the owner of a limited account still gets in.


def locked_out(response, client):
    return (
        client.session.get("_auth_user_id") is None
        and b"Too many failed login attempts" in response.content
    )


@pytest.mark.parametrize("spelling", ["alice", "ALICE", "alice@example.com", "Alice@Example.COM"])
def test_the_account_limit_holds_across_spellings(client, alice, spelling):
    for login in ["alice", "Alice", "alice@example.com", "ALICE@EXAMPLE.COM", "aLiCe"]:
        client.post(reverse("account_login"), {"login": login, "password": "nope"})
    response = client.post(reverse("account_login"), {"login": spelling, "password": PASSWORD})
    assert locked_out(response, client)


def test_an_unverified_address_counts_for_its_account(client, alice):
    from allauth.account.models import EmailAddress

    EmailAddress.objects.create(user=alice, email="old@example.org", verified=False)
    fail_logins(client, "OLD@example.org", 5)
    response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert locked_out(response, client)


def test_forwarded_for_does_not_make_new_client_addresses(client, make_user):
    make_user("dave")
    for number in range(10):  # ten accounts, so only the per-address limit can trip
        client.post(
            reverse("account_login"),
            {"login": f"nobody{number}", "password": "nope"},
            HTTP_X_FORWARDED_FOR=f"203.0.113.{number}",
        )
    response = client.post(
        reverse("account_login"),
        {"login": "dave", "password": PASSWORD},
        HTTP_X_FORWARDED_FOR="198.51.100.7",
    )
    assert locked_out(response, client)


def test_another_client_address_is_not_limited_by_the_first(client, make_user):
    make_user("dave")
    for number in range(10):
        client.post(reverse("account_login"), {"login": f"nobody{number}", "password": "x"})
    client.post(
        reverse("account_login"),
        {"login": "dave", "password": PASSWORD},
        REMOTE_ADDR="198.51.100.7",
    )
    assert client.session.get("_auth_user_id") is not None


def test_the_owner_gets_in_by_a_mailed_code_while_limited(client, alice, mailoutbox):
    fail_logins(client, "alice", 5)
    response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert locked_out(response, client)
    assert reverse("account_request_login_code").encode() in response.content
    mailoutbox.clear()
    response = client.post(reverse("account_request_login_code"), {"email": "alice@example.com"})
    assert response.status_code == 302
    code = re.search(r"^\s*([A-Z0-9]{4}-[A-Z0-9]{4})\s*$", mailoutbox[0].body, re.M).group(1)
    client.post(reverse("account_confirm_login_code"), {"code": code})
    assert client.session.get("_auth_user_id") == str(alice.pk)


def test_a_password_reset_clears_the_count(client, alice, mailoutbox):
    fail_logins(client, "ALICE", 5)
    client.post(reverse("account_reset_password"), {"email": "alice@example.com"})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", mailoutbox[-1].body)
    form_url = client.get(link.group(1))["Location"]
    new_password = "a-brand-new-passphrase-42"
    response = client.post(form_url, {"password1": new_password, "password2": new_password})
    assert response.status_code == 302
    client.post(reverse("account_login"), {"login": "alice", "password": new_password})
    assert client.session.get("_auth_user_id") == str(alice.pk)


def test_without_the_reset_the_right_new_password_is_still_refused(client, alice):
    fail_logins(client, "ALICE", 5)
    alice.set_password("a-brand-new-passphrase-42")
    alice.save()
    response = client.post(
        reverse("account_login"), {"login": "alice", "password": "a-brand-new-passphrase-42"}
    )
    assert locked_out(response, client)
