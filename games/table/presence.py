"""Who is looking at a game page: the page posts to `games:seen` while it is visible (Page
Visibility API), every few seconds (`presence_touch`); `presence_is_open` is true for
PRESENCE_TTL_SECONDS after. A page left in a background tab stops touching it.
The mail sends no "your turn" to a player who has the game open. Kept in the cache: an
outage only means that a mail may go out to someone who is looking."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)

PRESENCE_TTL = getattr(settings, "PRESENCE_TTL_SECONDS", 30)


def _presence_key(game_id, user_id):
    return f"presence:{int(game_id)}:{int(user_id)}"


def presence_touch(game_id, user_id) -> None:
    """Mark that `user_id` has a page of `game_id` open (for PRESENCE_TTL seconds)."""
    try:
        cache.set(_presence_key(game_id, user_id), 1, PRESENCE_TTL)
    except Exception:  # a cache outage must not break a page
        log.warning("presence_touch failed", exc_info=True)


def presence_is_open(game_id, user_id) -> bool:
    try:
        return bool(cache.get(_presence_key(game_id, user_id)))
    except Exception:
        log.warning("presence_is_open failed", exc_info=True)
        return False
