"""Sign-up, log in, log out, password reset and change, through allauth's real views."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://testserver(/\S+)")


def mail_link(message):
    match = LINK.search(message.body)
    assert match, message.body
    return match.group(1)


def logged_in_user_id(client):
    return client.session.get("_auth_user_id")


def test_sign_up_needs_the_emailed_link_before_logging_in(client):
    response = client.post(
        reverse("account_signup"),
        {
            "username": "dave",
            "email": "dave@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("account_email_verification_sent")
    user = get_user_model().objects.get(username="dave")
    assert user.profile.timezone == "UTC"  # the profile came with the user
    assert logged_in_user_id(client) is None
    assert not EmailAddress.objects.get(user=user).verified

    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["dave@example.com"]
    link = mail_link(mail.outbox[0])

    # Not verified yet: logging in only resends the link.
    client.post(reverse("account_login"), {"login": "dave", "password": PASSWORD})
    assert logged_in_user_id(client) is None

    confirm_page = client.get(link)
    assert confirm_page.status_code == 200
    response = client.post(link)
    assert response.status_code == 302
    assert EmailAddress.objects.get(user=user).verified
    assert logged_in_user_id(client) == str(user.pk)


def test_sign_up_with_a_taken_email_creates_nobody(client, alice):
    """allauth hides whether an address is known: same answer, but a warning mail."""
    response = client.post(
        reverse("account_signup"),
        {
            "username": "alice2",
            "email": "alice@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    assert not get_user_model().objects.filter(username="alice2").exists()
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.com"]
    assert "/accounts/confirm-email/" not in mail.outbox[0].body


@pytest.mark.parametrize("login", ["alice", "alice@example.com", "ALICE@example.com"])
def test_log_in_by_username_or_email(client, alice, login):
    response = client.post(reverse("account_login"), {"login": login, "password": PASSWORD})
    assert response.status_code == 302
    assert response["Location"] == reverse("home")
    assert logged_in_user_id(client) == str(alice.pk)


def test_log_in_with_a_wrong_password_fails(client, alice):
    response = client.post(reverse("account_login"), {"login": "alice", "password": "wrong"})
    assert response.status_code == 200
    assert logged_in_user_id(client) is None


def test_log_out(client, alice):
    client.force_login(alice)
    response = client.post(reverse("account_logout"))
    assert response.status_code == 302
    assert logged_in_user_id(client) is None


def test_password_reset_by_email(client, alice):
    response = client.post(reverse("account_reset_password"), {"email": "alice@example.com"})
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    link = mail_link(mail.outbox[0])
    assert "/accounts/password/reset/key/" in link

    form_page = client.get(link, follow=True)
    assert form_page.status_code == 200
    set_password_url = form_page.redirect_chain[-1][0] if form_page.redirect_chain else link
    new_password = "a-brand-new-secret-2"
    response = client.post(set_password_url, {"password1": new_password, "password2": new_password})
    assert response.status_code == 302

    client.logout()
    client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert logged_in_user_id(client) is None
    client.post(reverse("account_login"), {"login": "alice", "password": new_password})
    assert logged_in_user_id(client) == str(alice.pk)


def test_password_reset_for_an_unknown_address_sends_no_link(client, alice):
    client.post(reverse("account_reset_password"), {"email": "nobody@example.com"})
    assert all("/password/reset/key/" not in message.body for message in mail.outbox)


def test_password_change(client, alice):
    client.force_login(alice)
    new_password = "another-long-secret-3"
    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": new_password, "password2": new_password},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(new_password)
    assert logged_in_user_id(client) == str(alice.pk)  # still logged in


def test_password_change_needs_the_old_password(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": "not-it", "password1": "x-long-secret-9", "password2": "x-long-secret-9"},
    )
    assert response.status_code == 200
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD)


@pytest.mark.parametrize("url_name", ["accounts:profile", "account_change_password"])
def test_anonymous_user_is_sent_to_log_in(client, url_name):
    url = reverse(url_name)
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("account_login"))
    assert f"next={url}" in response["Location"]
