"""The spectators' shared panel: rendered once per (game, revision, language, time zone).

Every anonymous spectator of a public game sees the same panel: the public view of the
table (no player's view, no legal actions). It is rendered once, kept in the Django cache
for `CACHE_SECONDS` and served from there (the panel view), or pushed down the live stream
(games.table.views.live), so N spectators of a move cost one rendering. Within a process one
rendering of a key runs at a time (a lock), and others wait for its result.

Only the public spectator view is ever shared: the anonymous user's `game_view` (which a
private game refuses), and never a rendering that carries a CSRF token (a form).
"""

from __future__ import annotations

import logging
import threading
import zlib

from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils import timezone, translation

from games.table import selectors
from games.table.services import GameError

from .common import page_context

log = logging.getLogger(__name__)

CACHE_SECONDS = 30
_LOCKS = [threading.Lock() for _ in range(64)]


def shares_panel(request) -> bool:
    """Whether this viewer gets the shared spectators' panel (anonymous viewers)."""
    return not request.user.is_authenticated


def is_public(game_id) -> bool:
    from games.table.models import Game

    return Game.objects.filter(pk=game_id, visibility=Game.Visibility.PUBLIC).exists()


def cache_key(game_id: int, rev: int, lang: str, tz: str) -> str:
    return f"games:spectator-panel:{int(game_id)}:{int(rev)}:{lang}:{tz}"


def _cache_get(key):
    try:
        return cache.get(key)
    except Exception:  # the cache being down costs a rendering, never the page
        log.warning("live: spectator panel cache unavailable", exc_info=True)
        return None


def _cache_set(key, html) -> None:
    try:
        cache.set(key, html, CACHE_SECONDS)
    except Exception:
        log.warning("live: spectator panel cache unavailable", exc_info=True)


def shared_panel(request, game_id, rev: int) -> tuple[int, str] | None:
    """(revision, HTML) of the spectators' panel of a public game at revision `rev` or
    later, in the active language and time zone; None when the game is not public (or gone):
    the caller then renders the viewer's own panel."""
    lang = translation.get_language() or "en"
    tz = timezone.get_current_timezone_name()
    key = cache_key(game_id, rev, lang, tz)
    html = _cache_get(key)
    if html is not None:
        return rev, html
    with _LOCKS[zlib.crc32(key.encode()) % len(_LOCKS)]:
        html = _cache_get(key)
        if html is not None:
            return rev, html
        try:
            game_view = selectors.game_view(game_id=game_id, user=AnonymousUser())
        except GameError:
            return None
        context = page_context(request, game_view)
        context["oob_log"] = True
        html = render_to_string("games/_panel.html", context, request=request)
        if "csrfmiddlewaretoken" in html:  # a form: never shared
            return None
        _cache_set(cache_key(game_id, game_view.revision, lang, tz), html)
        if game_view.revision != rev:
            _cache_set(key, html)
        return game_view.revision, html
