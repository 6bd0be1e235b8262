"""One Redis subscription per process, fanned out to the live streams of that process.

Every web process (one event loop) holds a single Redis pub/sub connection, subscribed with
the pattern `<prefix>:game:*`, read by one asyncio task. Each open stream `join`s the fan-out
for its game and gets a `Listener`, an asyncio queue; the task puts each game's notices in
the queues of that game's listeners. Nothing here touches the database.

When Redis drops, the task tells every listener (`("down", None)`) and reconnects with
back-off (0.5 s doubling to 10 s); once subscribed again it tells them `("up", None)` so
that the streams send the current version (notices published meanwhile were lost).

Queue items: `("notice", {"game", "seq", "rev", "chat"})`, `("down", None)`, `("up", None)`.
A listener that does not keep up keeps only its newest `MAX_BACKLOG` items (notices carry
absolute versions: the newest one is enough).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import weakref

log = logging.getLogger(__name__)

MAX_BACKLOG = 16
PING_EVERY = 10.0  # seconds of silence before the task checks that Redis still answers
BACKOFF_FIRST = 0.5
BACKOFF_MAX = 10.0


class Listener:
    """One stream's queue of items from the fan-out."""

    def __init__(self, fanout: Fanout, game_id: int):
        self.fanout = fanout
        self.game_id = game_id
        self.queue: asyncio.Queue = asyncio.Queue()

    def put(self, item) -> None:
        while self.queue.qsize() >= MAX_BACKLOG:
            self.queue.get_nowait()
        self.queue.put_nowait(item)

    async def get(self, timeout: float | None = None):
        """The next item, or None after `timeout` seconds without one. (A timeout scope, not
        `wait_for`, which would start a task per item on every stream.)"""
        if not self.queue.empty():
            return self.queue.get_nowait()
        try:
            async with asyncio.timeout(timeout):
                return await self.queue.get()
        except TimeoutError:
            return None

    def close(self) -> None:
        self.fanout.leave(self)


class Fanout:
    """The process's subscription (see the module's docstring). One per event loop."""

    def __init__(self, url: str, prefix: str):
        self.url = url
        self.prefix = prefix
        self.listeners: dict[int, set[Listener]] = {}
        self.connected = asyncio.Event()
        self.chat: dict[int, object] = {}  # each watched game's last known chat version
        self.subscriptions = 0  # Redis subscriptions made (one per (re)connection)
        self.told_down = False  # some listener was told Redis is down: tell them when it is up
        self._task: asyncio.Task | None = None

    @property
    def pattern(self) -> str:
        name = "game:*"
        return f"{_glob_escape(self.prefix)}:{name}" if self.prefix else name

    def join(self, game_id: int) -> Listener:
        listener = Listener(self, int(game_id))
        self.listeners.setdefault(listener.game_id, set()).add(listener)
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run())
        return listener

    def leave(self, listener: Listener) -> None:
        group = self.listeners.get(listener.game_id)
        if group is not None:
            group.discard(listener)
            if not group:
                del self.listeners[listener.game_id]
                self.chat.pop(listener.game_id, None)

    def count(self) -> int:
        return sum(len(group) for group in self.listeners.values())

    def note_chat(self, game_id: int, version) -> None:
        """A stream read the game's chat version: notices without one get it."""
        if version is not None and int(game_id) in self.listeners:
            self.chat[int(game_id)] = version

    async def wait_connected(self, timeout: float) -> bool:
        try:
            await asyncio.wait_for(self.connected.wait(), timeout)
        except TimeoutError:
            return False
        return True

    def _broadcast(self, item) -> None:
        for group in self.listeners.values():
            for listener in group:
                listener.put(item)

    def dispatch(self, data) -> None:
        try:
            raw = json.loads(data)
            game_id = int(raw["game"])
            item = {"game": game_id, "seq": int(raw["seq"]), "rev": int(raw["rev"])}
        except (ValueError, KeyError, TypeError):
            log.warning("live: ignoring a malformed notice")
            return
        group = self.listeners.get(game_id)
        if not group:
            return
        chat = raw.get("chat")
        if chat is not None:
            self.chat[game_id] = chat
        item["chat"] = self.chat.get(game_id)
        for listener in group:
            listener.put(("notice", item))

    async def _run(self) -> None:
        import redis.asyncio as aioredis

        delay = BACKOFF_FIRST
        while True:
            client = aioredis.Redis.from_url(
                self.url, socket_connect_timeout=1, socket_keepalive=True
            )
            pubsub = client.pubsub()
            try:
                await pubsub.psubscribe(self.pattern)
                self.subscriptions += 1
                self.connected.set()
                if self.told_down:
                    self.told_down = False
                    self._broadcast(("up", None))
                delay = BACKOFF_FIRST
                await self._read(pubsub)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # ConnectionError, TimeoutError, a closed socket...
                log.warning("live: Redis subscription lost (%s); retrying in %.1f s", error, delay)
            finally:
                await _quietly(pubsub.aclose())
                await _quietly(client.aclose())
            if self.connected.is_set():
                self.connected.clear()
                self.told_down = True
                self._broadcast(("down", None))
            await asyncio.sleep(delay)
            delay = min(delay * 2, BACKOFF_MAX)

    async def _read(self, pubsub) -> None:
        silent = 0.0
        while True:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1.0)
            if message is None:
                silent += 1.0
                if silent >= PING_EVERY:
                    silent = 0.0
                    await asyncio.wait_for(pubsub.ping(), 5)
                continue
            silent = 0.0
            if message.get("type") == "pmessage":
                self.dispatch(message["data"])

    async def aclose(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
        self.connected.clear()


async def _quietly(awaitable) -> None:
    try:
        await awaitable
    except Exception:
        log.debug("live: error closing a Redis connection", exc_info=True)


def _glob_escape(text: str) -> str:
    return re.sub(r"([\\*?\[\]])", r"\\\1", text)


_fanouts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def get_fanout(url: str, prefix: str) -> Fanout:
    """The running event loop's fan-out for (url, prefix), created on first use."""
    loop = asyncio.get_running_loop()
    per_loop = _fanouts.setdefault(loop, {})
    fanout = per_loop.get((url, prefix))
    if fanout is None:
        fanout = per_loop[(url, prefix)] = Fanout(url, prefix)
    return fanout
