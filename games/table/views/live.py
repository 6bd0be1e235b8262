"""Live updates: a Server-Sent Events stream of change notices, served by an async view.

Runs under ASGI (uvicorn). The stream carries only `{"seq": n, "rev": r}`: the page then
fetches its own panel, built from its own player's view, so nothing hidden travels here.
Notices come from the platform's `games.table.live.subscribe(game_id)` (Redis pub/sub); a comment
line is sent every `HEARTBEAT` seconds of silence so proxies keep the connection open and a
closed connection is noticed. When the client goes away Django cancels the response's
iterator, and the `finally` clause closes the subscription.
"""

from __future__ import annotations

import asyncio
import json
import logging

from asgiref.sync import sync_to_async
from django.core.exceptions import PermissionDenied
from django.http import Http404, StreamingHttpResponse

from games.table import live
from games.table.selectors import game_version, watch_version
from games.table.services import AccessDenied, GameError, GameNotFound
from games.table.views.common import invitation_token

log = logging.getLogger(__name__)

HEARTBEAT = 15.0
SUBSCRIBE_GRACE = 0.05  # seconds given to the subscription before the first version


def sse_message(version) -> str:
    payload = json.dumps({"seq": version[0], "rev": version[1]}, separators=(",", ":"))
    return f"event: changed\ndata: {payload}\n\n"


async def game_live(request, game_id):
    if request.method != "GET":
        from django.http import HttpResponseNotAllowed

        return HttpResponseNotAllowed(["GET"])
    user = await request.auser()
    token = await sync_to_async(invitation_token)(request, game_id)
    try:
        await sync_to_async(watch_version)(game_id=game_id, user=user, invitation_token=token)
    except GameNotFound:
        raise Http404("No such game.") from None
    except AccessDenied:
        raise PermissionDenied() from None
    except GameError:
        raise Http404("No such game.") from None
    pk = int(game_id)
    # Presence is not touched here: an open stream only proves a tab exists, maybe in the
    # background. The page itself posts to `games:seen` while it is visible.

    async def stream():
        yield "retry: 3000\n\n"
        notices = live.subscribe(pk, heartbeat=HEARTBEAT)
        # Start listening first, then send the current version: a page that missed a change
        # since it was rendered catches up at once, and no change falls between the two.
        pending = asyncio.ensure_future(anext(notices))
        try:
            await asyncio.sleep(SUBSCRIBE_GRACE)
            current = await sync_to_async(game_version)(game_id=pk)
            yield sse_message(current)
            while True:
                notice = await pending
                if notice is None:
                    yield ": keep-alive\n\n"
                else:
                    yield sse_message((notice["seq"], notice["rev"]))
                pending = asyncio.ensure_future(anext(notices))
        except StopAsyncIteration:
            return
        finally:
            pending.cancel()
            try:
                await pending
            except (asyncio.CancelledError, Exception):
                pass
            await notices.aclose()

    response = StreamingHttpResponse(stream(), content_type="text/event-stream")
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"
    return response
