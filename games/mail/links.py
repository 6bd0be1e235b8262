"""The links a mail carries: the game, its replay, and the signed one-click unsubscribe
(no expiry: the same link in the List-Unsubscribe header and in the body)."""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.urls import reverse

from games.mail.preferences import TOPICS, profile_of

UNSUBSCRIBE_SALT = "complots.mail.unsubscribe"


def unsubscribe_token(user, topic: str) -> str:
    if topic not in TOPICS:
        raise ValueError(f"unknown mail topic {topic!r}")
    # No timestamp: the link never expires and is the same in the header and the body.
    return signing.Signer(salt=UNSUBSCRIBE_SALT).sign_object(
        {"u": user.pk, "t": topic}, compress=True
    )


def unsubscribe_load(token: str):
    """(user_id, topic) from a token, or None when it is forged, damaged or unknown."""
    try:
        data = signing.Signer(salt=UNSUBSCRIBE_SALT).unsign_object(token)
    except (signing.BadSignature, ValueError, UnicodeDecodeError):
        return None
    if not isinstance(data, dict) or data.get("t") not in TOPICS:
        return None
    if not isinstance(data.get("u"), int):
        return None
    return data["u"], data["t"]


def unsubscribe_apply(*, user, topic: str) -> None:
    """Turn the topic's mails off in the user's profile (idempotent)."""
    profile = profile_of(user)
    if profile is None:
        return
    fields = {
        "turn": ["email_on_turn"],
        "reminder": ["email_reminder"],
        # Leaving the digest means no game mail at all: single mails do not come back.
        "digest": ["email_digest", "email_on_turn"],
    }[topic]
    fields = [f for f in fields if hasattr(profile, f)]
    for field in fields:
        setattr(profile, field, False)
    if fields:
        profile.save(update_fields=fields)


def site_url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def unsubscribe_url(user, topic: str) -> str:
    return site_url(reverse("mail:unsubscribe", args=[unsubscribe_token(user, topic)]))


def game_url(game) -> str:
    return site_url(reverse("games:detail", args=[game.pk]))


def replay_url(game) -> str:
    return site_url(reverse("games:replay", args=[game.pk]))
