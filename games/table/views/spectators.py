"""The spectators' shared panel: rendered once per (game, revision, language, time zone,
variant).

Every spectator of a public game sees the same panel: the public view of the table (no
player's view, no legal actions). It comes in two variants: anonymous visitors' ("public"),
and signed-in spectators' ("member": the same with the links to report a player, which are
the same for every signed-in spectator). It is rendered once, kept in the Django cache for
`CACHE_SECONDS` and served from there (the panel view), or pushed down the live stream
(games.table.views.live), so N spectators of a move cost one rendering. Within a process one
rendering of a key runs at a time (a lock), and others wait for its result.

Only the public spectator view is ever shared: the `game_view` of a viewer without a seat
and without an invitation (which a private game refuses), and never a rendering that
carries a CSRF token (a form: a signed-in viewer's "join" in the waiting room, for instance).
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
from games.table.views.panel import page_context

log = logging.getLogger(__name__)

CACHE_SECONDS = 30
_LOCKS = [threading.Lock() for _ in range(64)]


def variant(request) -> str:
    """Which shared panel a viewer gets: "public" (anonymous) or "member" (signed in)."""
    return "member" if request.user.is_authenticated else "public"


def shares_panel(request, game_id, *, asked: bool | None = None) -> bool:
    """Whether this viewer gets a shared spectators' panel: anyone without a seat at the
    table. Anonymous viewers never have one; a signed-in viewer's seat costs a query, which
    the panel view makes only when the page `asked` for the shared panel (a spectator's page
    asks with `?spectator=1`; a player's does not, and pays nothing for it)."""
    from games.table.models import Seat

    user = request.user
    if not user.is_authenticated:
        return True
    if asked is False:
        return False
    return not Seat.objects.filter(game_id=game_id, user_id=user.pk).exists()


def is_public(game_id) -> bool:
    from games.table.models import Game

    return Game.objects.filter(pk=game_id, visibility=Game.Visibility.PUBLIC).exists()


def cache_key(game_id: int, rev: int, lang: str, tz: str, kind: str = "public") -> str:
    return f"games:spectator-panel:{kind}:{int(game_id)}:{int(rev)}:{lang}:{tz}"


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


def shared_panel(request, game_id, rev: int, *, own: bool = False) -> tuple[int, str] | None:
    """(revision, HTML) of the spectators' panel of a public game at revision `rev` or
    later, in the active language and time zone and the viewer's variant; None when the game
    is not public (or gone) or its panel has a form: the caller then renders the viewer's
    own panel. The caller has checked that the viewer has no seat (`shares_panel`).

    `own=True` (the panel view: the answer goes to this request only): a rendering that
    cannot be shared is returned all the same, since it is this viewer's own panel; never
    for the stream, whose renderings go to every stream of the key."""
    lang = translation.get_language() or "en"
    tz = timezone.get_current_timezone_name()
    kind = variant(request)
    key = cache_key(game_id, rev, lang, tz, kind)
    html = _cache_get(key)
    if html is not None:
        return rev, html
    with _LOCKS[zlib.crc32(key.encode()) % len(_LOCKS)]:
        html = _cache_get(key)
        if html is not None:
            return rev, html
        # A signed-in viewer's own view: without a seat and without an invitation it is
        # every other such viewer's (a private game refuses it).
        viewer = request.user if kind == "member" else AnonymousUser()
        try:
            game_view = selectors.game_view(game_id=game_id, user=viewer)
        except GameError:
            return None
        context = page_context(request, game_view)
        context["oob_log"] = True
        html = render_to_string("games/_panel.html", context, request=request)
        if "csrfmiddlewaretoken" in html:  # a form, with this viewer's token: never shared
            return (game_view.revision, html) if own else None
        _cache_set(cache_key(game_id, game_view.revision, lang, tz, kind), html)
        if game_view.revision != rev:
            _cache_set(key, html)
        return game_view.revision, html
