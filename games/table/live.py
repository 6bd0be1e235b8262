"""Live change notices: "game N changed", never any content.

After a write commits, the services publish `{"game": id, "seq": state_seq, "rev": revision}`
(JSON) on the Redis pub/sub channel `<prefix>:game:<id>` when `settings.REDIS_URL` is set;
the prefix is `settings.CACHE_KEY_PREFIX` (default "complots"), so two sites sharing one
Redis never hear each other's games. A page that
learns of a change fetches its own view again (built for its own player), so nothing hidden
travels here. Redis being down never fails a move: the error is logged and the move stands.

`subscribe(game_id)` is the async generator behind the SSE endpoint: it yields notices from
Redis, or, without Redis, from polling the game's (state_seq, revision) in the database.
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


def notice(game_id: int, seq: int, rev: int) -> dict:
    return {"game": int(game_id), "seq": int(seq), "rev": int(rev)}


def _sync_client(url: str):
    client = _clients.get(url)
    if client is None:
        import redis

        client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        _clients[url] = client
    return client


def publish_change(game_id: int, seq: int, rev: int) -> bool:
    """Publish a change notice now. Returns True when Redis took it; never raises."""
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return False
    try:
        _sync_client(url).publish(channel_name(game_id), json.dumps(notice(game_id, seq, rev)))
        return True
    except Exception:  # Redis down, timeout, bad URL: the move stands regardless.
        log.warning("live: could not publish change of game %s", game_id, exc_info=True)
        return False


def publish_on_commit(game) -> None:
    """Publish the game's current (state_seq, revision) once the transaction commits."""
    game_id, seq, rev = game.pk, game.state_seq, game.revision
    transaction.on_commit(lambda: publish_change(game_id, seq, rev))


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


async def subscribe(game_id: int, *, heartbeat: float | None = 15.0, poll_interval: float = 2.0):
    """Yield change notices of one game (`{"game", "seq", "rev"}` dicts) as they happen.

    Yields `None` after `heartbeat` seconds without a notice (so an SSE view can send a
    keep-alive comment and notice a closed connection); `heartbeat=None` never does. Uses
    Redis pub/sub when `REDIS_URL` is set and reachable, else polls the database every
    `poll_interval` seconds. Ends only when the consumer stops iterating (or, when polling,
    if the game disappears). Notices may be missed while reconnecting: a client should
    compare the `seq`/`rev` it has with what it gets and refetch when they differ.
    """
    game_id = int(game_id)
    url = getattr(settings, "REDIS_URL", "")
    pubsub = client = None
    if url:
        try:
            import redis.asyncio as aioredis

            client = aioredis.Redis.from_url(url, socket_connect_timeout=1)
            pubsub = client.pubsub()
            await pubsub.subscribe(channel_name(game_id))
        except Exception:
            log.warning("live: Redis unavailable, polling game %s", game_id, exc_info=True)
            pubsub = None
            if client is not None:
                await _close(client)
                client = None
    if pubsub is None:
        async for item in _poll(game_id, heartbeat=heartbeat, poll_interval=poll_interval):
            yield item
        return
    try:
        quiet_since = time.monotonic()
        while True:
            wait = (
                1.0
                if heartbeat is None
                else max(0.05, heartbeat - (time.monotonic() - quiet_since))
            )
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=wait)
            if message is None:
                if heartbeat is not None and time.monotonic() - quiet_since >= heartbeat:
                    quiet_since = time.monotonic()
                    yield None
                continue
            if message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
                item = notice(data["game"], data["seq"], data["rev"])
            except (ValueError, KeyError, TypeError):
                log.warning("live: ignoring malformed notice on game %s", game_id)
                continue
            quiet_since = time.monotonic()
            yield item
    finally:
        try:
            await pubsub.unsubscribe(channel_name(game_id))
            await pubsub.aclose()
        except Exception:
            log.debug("live: error closing pubsub", exc_info=True)
        await _close(client)


async def _close(client) -> None:
    try:
        await client.aclose()
    except Exception:
        log.debug("live: error closing Redis client", exc_info=True)
