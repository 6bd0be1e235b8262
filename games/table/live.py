"""Live change notices: "game N changed", never any content.

After a write commits, the services publish `{"game": id, "seq": state_seq, "rev": revision}`
(JSON; a change of the chat adds `"chat"`: the chat's version, see `chat_version`) on the
Redis pub/sub channel `<prefix>:game:<id>` when `settings.REDIS_URL` is set;
the prefix is `settings.CACHE_KEY_PREFIX` (default: the site's name), so two sites sharing one
Redis never hear each other's games. A page that
learns of a change fetches its own view again (built for its own player), so nothing hidden
travels here. Redis being down never fails a move: the error is logged and the move stands.

`listen(game_id)` is the async generator behind the SSE endpoint: with Redis it reads the
process's single subscription (games.table.fanout) and also tells when Redis drops and comes
back; without Redis it polls the game's (state_seq, revision) in the database, holding no
connection between two reads. `subscribe(game_id)` yields the notices alone.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time

from django.conf import settings
from django.db import DatabaseError, transaction

log = logging.getLogger(__name__)

_clients: dict[str, object] = {}


def channel_prefix() -> str:
    """The site's namespace on Redis: `settings.CACHE_KEY_PREFIX`, else the default cache's
    KEY_PREFIX."""
    prefix = getattr(settings, "CACHE_KEY_PREFIX", None)
    if prefix is None:
        prefix = settings.CACHES.get("default", {}).get("KEY_PREFIX", "")
    return str(prefix or "")


def channel_name(game_id: int) -> str:
    """The Redis channel of one game: `<prefix>:game:<id>` (`game:<id>` without prefix)."""
    prefix = channel_prefix()
    name = f"game:{int(game_id)}"
    return f"{prefix}:{name}" if prefix else name


def notice(game_id: int, seq: int, rev: int, chat=None) -> dict:
    data = {"game": int(game_id), "seq": int(seq), "rev": int(rev)}
    if chat is not None:
        data["chat"] = chat
    return data


def chat_version(game_id: int) -> str:
    """The chat's own version: "<newest message id>.<hidden messages>" (one query). It moves
    when a line is posted, hidden or shown again, so a page refetches its chat only then."""
    from django.db.models import Count, Max, Q

    from games.table.models import ChatMessage

    row = ChatMessage.objects.filter(game_id=game_id).aggregate(
        last=Max("id"), hidden=Count("id", filter=Q(hidden=True))
    )
    return f"{row['last'] or 0}.{row['hidden']}"


def _sync_client(url: str):
    client = _clients.get(url)
    if client is None:
        import redis

        client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        _clients[url] = client
    return client


def publish_change(game_id: int, seq: int, rev: int, chat=None) -> bool:
    """Publish a change notice now. Returns True when Redis took it; never raises."""
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return False
    try:
        payload = json.dumps(notice(game_id, seq, rev, chat))
        _sync_client(url).publish(channel_name(game_id), payload)
        return True
    except Exception:  # Redis down, timeout, bad URL: the move stands regardless.
        log.warning("live: could not publish change of game %s", game_id, exc_info=True)
        return False


def publish_on_commit(game, *, chat: bool = False) -> None:
    """Publish the game's current (state_seq, revision) once the transaction commits; with
    `chat=True` (the chat changed) the notice carries the chat's new version too."""
    game_id, seq, rev = game.pk, game.state_seq, game.revision

    def publish():
        version = None
        if chat and getattr(settings, "REDIS_URL", ""):
            try:
                version = chat_version(game_id)
            except DatabaseError:  # no chat version: pages then refetch their chat anyway
                log.warning("live: could not read the chat version of game %s", game_id)
        if version is None:
            publish_change(game_id, seq, rev)
        else:
            publish_change(game_id, seq, rev, version)

    transaction.on_commit(publish)


def _read_version(game_id: int):
    """(state_seq, revision) or None; runs in a worker thread, whose connection is closed
    after the read so that long-lived streams hold no idle database connections."""
    from django.db import connection

    from games.table.models import Game

    try:
        return Game.objects.filter(pk=game_id).values_list("state_seq", "revision").first()
    finally:
        if not connection.in_atomic_block:
            connection.close()


async def _poll(game_id: int, *, heartbeat: float | None, poll_interval: float):
    from asgiref.sync import sync_to_async

    read_version = sync_to_async(_read_version, thread_sensitive=False)

    async def read(game_id):
        while True:
            try:
                return await read_version(game_id)
            except DatabaseError:  # a busy or restarting database: try again, do not end
                log.warning("live: polling game %s failed, retrying", game_id, exc_info=True)
                await asyncio.sleep(poll_interval)

    last = await read(game_id)
    if last is None:
        return
    quiet_since = time.monotonic()
    while True:
        await asyncio.sleep(poll_interval)
        current = await read(game_id)
        if current is None:
            return
        if current != last:
            last = current
            quiet_since = time.monotonic()
            yield notice(game_id, current[0], current[1])
        elif heartbeat is not None and time.monotonic() - quiet_since >= heartbeat:
            quiet_since = time.monotonic()
            yield None


async def listen(game_id: int, *, heartbeat: float | None = 15.0, poll_interval: float = 2.0):
    """Yield what happens to one game: `("notice", {"game", "seq", "rev", "chat"})`,
    `("down", None)` when Redis drops (notices stop until `("up", None)`, after which the
    consumer should read the current version: notices sent meanwhile are lost), and `None`
    after `heartbeat` seconds of silence (`heartbeat=None`: never).

    With `REDIS_URL`, reads the process's single subscription (games.table.fanout): the
    stream joins it now, so a version read after the first `anext` misses no later change.
    Without it, polls the database every `poll_interval` seconds (chat: None). Ends when the
    consumer stops iterating (or, when polling, if the game disappears).
    """
    game_id = int(game_id)
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        async for item in _poll(game_id, heartbeat=heartbeat, poll_interval=poll_interval):
            yield None if item is None else ("notice", {**item, "chat": None})
        return
    from games.table.fanout import get_fanout

    listener = get_fanout(url, channel_prefix()).join(game_id)
    try:
        if not await listener.fanout.wait_connected(1.0):
            listener.fanout.told_down = True
            yield ("down", None)
        while True:
            item = await listener.get(heartbeat)
            if item is None and heartbeat is not None:
                yield None
            elif item is not None:
                yield item
    finally:
        listener.close()


def fanout_of_loop():
    """This event loop's fan-out, or None without Redis (for the streams' chat versions)."""
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return None
    from games.table.fanout import get_fanout

    return get_fanout(url, channel_prefix())


async def subscribe(game_id: int, *, heartbeat: float | None = 15.0, poll_interval: float = 2.0):
    """Yield the change notices of one game (`{"game", "seq", "rev", "chat"}` dicts) as they
    happen, and `None` after `heartbeat` seconds without one (see `listen`, whose Redis
    outages this leaves out). Notices may be missed while Redis is away: a client should
    compare the `seq`/`rev` it has with what it gets and refetch when they differ.
    """
    agen = listen(game_id, heartbeat=heartbeat, poll_interval=poll_interval)
    try:
        async for item in agen:
            if item is None:
                yield None
            elif item[0] == "notice":
                yield item[1]
    finally:
        await agen.aclose()
