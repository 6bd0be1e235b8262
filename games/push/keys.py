"""The site's VAPID pair (RFC 8292), from the environment: `VAPID_PRIVATE_KEY` (base64url of
the raw 32-byte key, or of its DER), `VAPID_PUBLIC_KEY` (derived from the private key when
absent) and `VAPID_SUBJECT` (a mailto: or https: contact for the push services)."""

from __future__ import annotations

from functools import lru_cache

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid
from py_vapid.utils import b64urlencode


def push_configured() -> bool:
    return bool(settings.VAPID_PRIVATE_KEY)


@lru_cache(maxsize=4)
def _vapid(private_key: str):
    return Vapid.from_string(private_key=private_key)


def vapid():
    """The signing key (py_vapid), or None when the site has none."""
    if not push_configured():
        return None
    return _vapid(settings.VAPID_PRIVATE_KEY)


def _public_b64(vapid_key) -> str:
    raw = vapid_key.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64urlencode(raw)


def public_key() -> str:
    """The application server key a browser subscribes with (base64url), or ""."""
    if settings.VAPID_PUBLIC_KEY:
        return settings.VAPID_PUBLIC_KEY
    key = vapid()
    return _public_b64(key) if key is not None else ""


def vapid_claims() -> dict:
    return {"sub": settings.VAPID_SUBJECT}


def generate_pair() -> tuple[str, str]:
    """A new (private, public) pair, both base64url: what `scripts/demo` stores."""
    key = Vapid()
    key.generate_keys()
    private = key.private_key.private_numbers().private_value.to_bytes(32, "big")
    return b64urlencode(private), _public_b64(key)
