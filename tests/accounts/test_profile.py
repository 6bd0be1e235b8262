"""The profile page, its preferences, and the helpers other apps use."""

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from accounts.models import Profile, display_name, profile_for

pytestmark = pytest.mark.django_db


def profile_data(**overrides):
    data = {
        "display_name": "Alice in Chains",
        "language": "en",
        "timezone": "Europe/Paris",
        "email_on_turn": "on",
        "email_reminder": "",
        "email_digest": "on",
        "away_until": "",
    }
    data.update(overrides)
    return {key: value for key, value in data.items() if value != ""}


def test_every_new_user_gets_a_profile():
    user = get_user_model().objects.create_user("erin", "erin@example.com", "x")
    profile = Profile.objects.get(user=user)
    assert (profile.language, profile.timezone) == ("", "UTC")
    assert profile.email_on_turn and profile.email_reminder and not profile.email_digest
    assert profile.away_until is None


def test_profile_for_creates_a_missing_profile():
    user = get_user_model().objects.create_user("fred", "fred@example.com", "x")
    Profile.objects.filter(user=user).delete()
    user = get_user_model().objects.get(pk=user.pk)
    assert profile_for(user).pk is not None
    assert Profile.objects.filter(user=user).count() == 1


def test_display_name_falls_back_to_the_username(alice, bob):
    bob.profile.display_name = "  "
    bob.profile.save()
    assert display_name(alice) == "Alice"
    assert display_name(bob) == "bob"


def test_is_away_until_the_end_date(alice):
    now = datetime(2030, 5, 1, 12, tzinfo=UTC)
    assert not alice.profile.is_away(now)
    alice.profile.away_until = now + timedelta(days=2)
    assert alice.profile.is_away(now)
    assert not alice.profile.is_away(now + timedelta(days=2))


def test_the_profile_page_shows_the_current_preferences(client, alice):
    client.force_login(alice)
    response = client.get(reverse("accounts:profile"))
    assert response.status_code == 200
    assert b'value="Alice"' in response.content
    assert b"Europe/Paris" in response.content  # among the time zone choices


def test_saving_preferences(client, alice):
    client.force_login(alice)
    response = client.post(reverse("accounts:profile"), profile_data())
    assert response.status_code == 302
    profile = Profile.objects.get(user=alice)
    assert profile.display_name == "Alice in Chains"
    assert profile.language == "en"
    assert profile.timezone == "Europe/Paris"
    assert profile.email_on_turn is True
    assert profile.email_reminder is False
    assert profile.email_digest is True
    assert profile.away_until is None


def test_away_until_is_read_in_the_chosen_time_zone(client, alice):
    client.force_login(alice)
    next_year = timezone.now().year + 1
    client.post(
        reverse("accounts:profile"),
        profile_data(timezone="Asia/Tokyo", away_until=f"{next_year}-03-10T18:00"),
    )
    profile = Profile.objects.get(user=alice)
    assert profile.away_until == datetime(next_year, 3, 10, 9, 0, tzinfo=UTC)
    assert profile.is_away(timezone.now())


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("timezone", "Mars/Olympus_Mons"),
        ("language", "de"),
        ("away_until", "2001-01-01T10:00"),
        ("away_until", "not a date"),
        ("display_name", "bob"),
        ("display_name", "x" * 41),
    ],
)
def test_bad_preferences_are_refused_and_change_nothing(client, alice, bob, field, value):
    client.force_login(alice)
    response = client.post(reverse("accounts:profile"), profile_data(**{field: value}))
    assert response.status_code == 200
    assert field in response.context["form"].errors
    profile = Profile.objects.get(user=alice)
    assert profile.display_name == "Alice"
    assert profile.timezone == "UTC"


def test_display_names_are_unique_regardless_of_case(client, alice, bob):
    client.force_login(alice)
    response = client.post(reverse("accounts:profile"), profile_data(display_name="BOB"))
    assert response.status_code == 200
    assert "display_name" in response.context["form"].errors


def test_the_time_zone_is_active_for_the_users_requests(client, alice):
    alice.profile.timezone = "America/New_York"
    alice.profile.save()
    client.force_login(alice)
    response = client.get(reverse("accounts:profile"))
    assert response.context["TIME_ZONE"] == "America/New_York"


def test_anonymous_requests_use_utc(client):
    response = client.get(reverse("home"))
    assert response.context["TIME_ZONE"] == "UTC"


def test_standing_orders_default_is_saved_and_shown(client, alice):
    client.force_login(alice)
    orders = ["pass_untargeted", "never_challenge"]
    response = client.post(
        reverse("accounts:profile"), {**profile_data(), "standing_orders": orders}
    )
    assert response.status_code == 302
    assert Profile.objects.get(user=alice).standing_orders == orders
    page = client.get(reverse("accounts:profile")).content.decode()
    assert 'value="pass_untargeted" ' in page or 'value="pass_untargeted"' in page
    assert "Pass on claims and blocks that do not target me" in page


def test_an_unknown_standing_order_is_refused(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("accounts:profile"), {**profile_data(), "standing_orders": ["win_always"]}
    )
    assert response.status_code == 200  # the form again, with its error
    assert Profile.objects.get(user=alice).standing_orders == []
