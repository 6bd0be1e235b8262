"""Look-alike names: invisible characters and names confusable with another player's
(display names and usernames) are refused, with a clear message."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import translation

from accounts.models import Profile
from tests.accounts.test_profile import profile_data
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

LOOK_ALIKES = [
    "Alice\u200b",  # a zero-width space
    "\u200bAlice",
    "Al\u200dice",  # a zero-width joiner
    "\u0410lice",  # Cyrillic capital A
    "Alic\u0435",  # Cyrillic small ie
    "ALICE",
    "A1ice",  # digit one for l
    "\uff21lice",  # fullwidth A
]


def post_name(client, user, name):
    client.force_login(user)
    return client.post(reverse("accounts:profile"), profile_data(display_name=name))


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_display_name_like_another_players_is_refused(client, alice, carol, name):
    response = post_name(client, carol, name)
    assert response.status_code == 200
    assert "display_name" in response.context["form"].errors
    assert Profile.objects.get(user=carol).display_name == "Carol"


@pytest.mark.parametrize("name", ["Carol\u200b", "Car\u2060ol", "\u3164Carol", "Ca\u00adrol"])
def test_invisible_characters_are_refused_even_in_ones_own_name(client, carol, name):
    response = post_name(client, carol, name)
    [error] = response.context["form"].errors["display_name"]
    assert error == "A name cannot contain invisible characters."


def test_the_messages_say_why_and_are_translated(client, alice, carol):
    [error] = post_name(client, carol, "\u0410lice").context["form"].errors["display_name"]
    assert error == (
        "This name can be mistaken for another player's name: choose one that looks different."
    )
    with translation.override("fr"):
        from accounts.names import CONFUSABLE, INVISIBLE

        assert str(CONFUSABLE).startswith("Ce nom")
        assert "invisibles" in str(INVISIBLE)


def test_a_name_like_a_username_is_refused_too(client, make_user, carol):
    make_user("dora")  # no display name: "dora" is what others see
    response = post_name(client, carol, "d\u043era")  # Cyrillic o
    assert "display_name" in response.context["form"].errors


@pytest.mark.parametrize("name", ["Carol", "Caroline", "Alicia", "Zoé", "Анна", "李小龍"])
def test_distinct_names_in_any_script_are_accepted(client, alice, carol, name):
    response = post_name(client, carol, name)
    assert response.status_code == 302, response.context["form"].errors
    assert Profile.objects.get(user=carol).display_name == name


def signup(client, username):
    return client.post(
        reverse("account_signup"),
        {
            "username": username,
            "email": "someone@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )


@pytest.mark.parametrize("username", ["\u0430lice", "alic\u0435", "ALICE", "a1ice", "bob\u3164"])
def test_sign_up_refuses_a_username_like_another_players(client, alice, bob, username):
    response = signup(client, username)
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert not get_user_model().objects.filter(email="someone@example.com").exists()


def test_sign_up_refuses_a_username_like_a_display_name(client, make_user):
    make_user("xyz", display_name="Mallory")
    response = signup(client, "ma11ory")
    assert "username" in response.context["form"].errors


def test_sign_up_accepts_a_distinct_username(client, alice):
    assert signup(client, "alicia").status_code == 302
