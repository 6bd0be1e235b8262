"""Live updates: a Server-Sent Events stream of change notices, served by an async view.

Runs under ASGI (uvicorn). Opening a stream costs one sync call (session, user, access
check, the current version and chat version) that gives its database connection back before
the stream starts: an open stream holds no connection, only its place in the process's
single Redis subscription (games.table.fanout), so one worker holds hundreds of pages.

Events:
- `changed`, `{"seq", "rev", "chat"}`: the page fetches its panel when the game changed and
  its chat when the chat version changed. Numbers only, nothing hidden.
- `panel`, `{"rev", "html"}`, spectators of a public game only (viewers without a seat,
  signed in or not): the shared panel (the public view, rendered once per process per
  revision, language and variant; see spectators.py), so that spectators need no request.
  The `changed` notice before it says `"push": true` and is sent before the panel is
  rendered, so every stream of a process has its notice before any has its panel; when the
  panel turns out not to be shareable, the notice is sent again without `push` and the page
  fetches its own. Players' panels are never pushed: they fetch their own.
- Every `changed` and `panel` event has the game's revision as its `id:`. A browser whose
  stream dropped (a web process restarted, the load balancer moved it) reconnects by itself
  and sends the last one back as `Last-Event-ID`; the new stream starts, as every stream
  does, with a notice of the current version, so the page fetches what it missed (notices
  carry no content: nothing else is kept). A spectator reconnecting behind also gets the
  shared panel of the current revision at once.
- `live-down` when Redis drops (the page shows a notice and polls `/changed/`), `live-up`
  when it is back (followed by the current version).
A comment line is sent every `HEARTBEAT` seconds of silence so proxies keep the connection
open and a closed connection is noticed. When the client goes away Django cancels the
response's iterator, and the `finally` clause leaves the fan-out.
"""

from __future__ import annotations

import asyncio
import json
import logging

from asgiref.sync import sync_to_async
from django.core.exceptions import PermissionDenied
from django.db import connections
from django.http import Http404, HttpResponseNotAllowed, StreamingHttpResponse
from django.utils import timezone, translation
from django.views.decorators.cache import never_cache

from games.table import live
from games.table.selectors import game_version, watch_version
from games.table.services import AccessDenied, GameError, GameNotFound
from games.table.views.access import invitation_token

from . import spectators

log = logging.getLogger(__name__)

HEARTBEAT = 15.0
_renderings: dict[tuple, asyncio.Future] = {}


def sse_message(version, chat=None, *, push: bool = False) -> str:
    """A `changed` event whose id is the game's revision: a browser reconnecting after a
    dropped stream sends it back as `Last-Event-ID`."""
    data = {"seq": version[0], "rev": version[1]}
    if chat is not None:
        data["chat"] = chat
    if push:
        data["push"] = True
    body = json.dumps(data, separators=(",", ":"))
    return f"id: {int(version[1])}\nevent: changed\ndata: {body}\n\n"


def sse_panel(rev: int, html: str) -> str:
    """The pushed panel, as one JSON line: `{"rev": r, "html": "..."}` (id: its revision)."""
    data = json.dumps({"rev": rev, "html": html}, separators=(",", ":"))
    return f"id: {int(rev)}\nevent: panel\ndata: {data}\n\n"


def last_event_id(request) -> int | None:
    """The revision a reconnecting browser last heard of (`Last-Event-ID`), or None when
    absent or not a revision (ignored: the stream then starts as a fresh one does)."""
    raw = (request.headers.get("Last-Event-ID") or "").strip()
    if not raw.isdigit() or len(raw) > 18:
        return None
    return int(raw)


def release_connections() -> None:
    """Give this thread's database connections back (to the pool), outside transactions."""
    for conn in connections.all(initialized_only=True):
        if not conn.in_atomic_block:
            conn.close()


def _open(request, game_id):
    """The access check and everything else the stream needs from the database, in one
    call that releases its connection. Returns (version, chat version, shares panel)."""
    try:
        version = watch_version(
            game_id=game_id, user=request.user, invitation_token=invitation_token(request, game_id)
        )
        shares = spectators.shares_panel(request, game_id) and spectators.is_public(game_id)
        return version, live.chat_version(game_id), shares
    finally:
        release_connections()


def _current(game_id):
    try:
        return game_version(game_id=game_id), live.chat_version(game_id)
    finally:
        release_connections()


def _render_shared(request, game_id, rev, lang, tz):
    """(revision, the encoded `panel` event) or None; encoded once for all the streams."""
    try:
        with translation.override(lang), timezone.override(tz):
            shared = spectators.shared_panel(request, game_id, rev)
        return None if shared is None else (shared[0], sse_panel(*shared).encode())
    finally:
        release_connections()


async def shared_panel(request, game_id, rev, lang, tz):
    """The spectators' panel at `rev` or later: one rendering per process and key at a time,
    the streams that want the same one await it."""
    key = (game_id, rev, lang, tz, spectators.variant(request))
    future = _renderings.get(key)
    if future is None:
        render = sync_to_async(_render_shared, thread_sensitive=False)
        future = asyncio.ensure_future(render(request, game_id, rev, lang, tz))
        _renderings[key] = future
        future.add_done_callback(lambda _f: _renderings.pop(key, None))
    try:
        return await asyncio.shield(future)
    except Exception:
        log.warning("live: spectator panel of game %s failed", game_id, exc_info=True)
        return None


async def panel_or_notice(request, game_id, version, chat, lang, tz):
    """What follows a notice that said `"push": true`: the shared panel's `panel` event, or,
    when the panel cannot be shared (a form, an error), the same notice again without `push`,
    so that the page fetches its own at once."""
    pushed = await shared_panel(request, game_id, version[1], lang, tz)
    return pushed[1] if pushed is not None else sse_message(version, chat)


@never_cache
async def game_live(request, game_id):
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    try:
        # thread-sensitive: the request's own thread, whose connection it closes
        version, chat, shares = await sync_to_async(_open)(request, game_id)
    except GameNotFound:
        raise Http404("No such game.") from None
    except AccessDenied:
        raise PermissionDenied() from None
    except GameError:
        raise Http404("No such game.") from None
    pk = int(game_id)
    heard = last_event_id(request)
    lang = translation.get_language() or "en"
    tz = timezone.get_current_timezone_name()
    # Presence is not touched here: an open stream only proves a tab exists, maybe in the
    # background. The page itself posts to `games:seen` while it is visible.

    async def stream():
        yield "retry: 3000\n\n"
        items = live.listen(pk, heartbeat=HEARTBEAT)
        # Join the fan-out first, then read the current version: a page that missed a
        # change since it was rendered catches up at once, and no change falls between.
        first = asyncio.ensure_future(anext(items))
        pending = first
        try:
            await asyncio.sleep(0)
            current, current_chat = await sync_to_async(_current, thread_sensitive=False)(pk)
            fanout = live.fanout_of_loop()
            if fanout is not None:
                fanout.note_chat(pk, current_chat)
            last = (current.seq, current.rev)
            last_chat = current_chat
            # Always a first notice (the page compares it with what it shows). A browser
            # reconnecting with an older `Last-Event-ID` missed changes while its stream was
            # down: a spectator gets the shared panel with it at once, a player fetches.
            push = shares and heard is not None and heard < current.rev
            yield sse_message(last, current_chat, push=push)
            if push:
                yield await panel_or_notice(request, pk, last, current_chat, lang, tz)
            while True:
                if pending is not None:  # the first item, asked for before the version
                    item, pending = await pending, None
                else:
                    item = await anext(items)
                if item is None:
                    yield ": keep-alive\n\n"
                    continue
                kind, notice = item
                if kind == "down":
                    yield "event: live-down\ndata: {}\n\n"
                    continue
                if kind == "up":
                    current, current_chat = await sync_to_async(_current, thread_sensitive=False)(
                        pk
                    )
                    yield "event: live-up\ndata: {}\n\n"
                    notice = {"seq": current.seq, "rev": current.rev, "chat": current_chat}
                version = (notice["seq"], notice["rev"])
                chat = notice.get("chat")
                # the chat alone changed: the panel stays (the page does the same sum)
                chat_only = (
                    chat is not None and chat != last_chat and version == (last[0], last[1] + 1)
                )
                push = shares and version[1] > last[1] and not chat_only
                last_chat = chat if chat is not None else last_chat
                last = max(last, version, key=lambda v: v[1])
                # The notice goes out first, on every stream of the process, then the panel
                # (awaited meanwhile): no page hears of the move behind the others' panels.
                yield sse_message(version, chat, push=push)
                if push:
                    yield await panel_or_notice(request, pk, version, chat, lang, tz)
        except StopAsyncIteration:
            return
        finally:
            if pending is not None:
                pending.cancel()
                await asyncio.gather(pending, return_exceptions=True)
            await items.aclose()

    response = StreamingHttpResponse(stream(), content_type="text/event-stream")
    response["X-Accel-Buffering"] = "no"
    return response
