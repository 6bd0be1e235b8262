"""A Redis cache that keeps answering while Redis is down: process memory stands in.

`FallbackRedisCache` is Django's `RedisCache` with short socket timeouts. When a call fails
because Redis cannot be reached, the call is served from a `LocMemCache` private to this
process, and so is every call for the next `RETRY_SECONDS`; then one call tries Redis again.
One warning is logged when an outage starts and one when Redis answers again, never one per
call. When Redis is back, the memory is emptied and Redis's own values count again.

What the memory holds during an outage is per process: login and report rate-limit counters,
chat throttles, presence marks, cached story positions. So each web process counts its own
failed logins while Redis is down (a client spreading its tries over N processes gets N
times the limit for that time), and the worker's heartbeat is unknown to the web processes.
Sessions live in the database (Django's default engine), so nobody is logged out.
"""

from __future__ import annotations

import logging
import threading
import time

import redis
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.backoff import NoBackoff
from redis.retry import Retry

log = logging.getLogger(__name__)

RETRY_SECONDS = 5.0
UNREACHABLE = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError,
               redis.exceptions.InvalidResponse, OSError)  # fmt: skip


class _Outage:
    """Per process and per Redis location (Django makes one cache object per thread)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.down = False
        self.since = None  # wall-clock time the outage was noticed
        self.retry_at = 0.0  # monotonic: before it, calls go to memory without trying Redis


_outages: dict[str, _Outage] = {}
_outages_lock = threading.Lock()


def _outage_for(location: str) -> _Outage:
    with _outages_lock:
        return _outages.setdefault(location, _Outage())


class FallbackRedisCache(RedisCache):
    def __init__(self, server, params):
        params = {**params, "OPTIONS": {**params.get("OPTIONS", {})}}
        options = params["OPTIONS"]
        options.setdefault("socket_connect_timeout", 0.5)
        options.setdefault("socket_timeout", 1.0)
        options.setdefault("retry", Retry(NoBackoff(), 1))  # one retry: a stale pooled socket
        self.retry_seconds = float(options.pop("FALLBACK_RETRY_SECONDS", RETRY_SECONDS))
        super().__init__(server, params)
        self._location = server if isinstance(server, str) else ",".join(server)
        self._outage = _outage_for(self._location)
        self._memory = LocMemCache(
            f"redis-fallback:{self._location}",
            {"TIMEOUT": params.get("TIMEOUT", 300), "OPTIONS": {"MAX_ENTRIES": 10_000}},
        )

    # The state of the outage ---------------------------------------------------------------

    @property
    def redis_down(self) -> bool:
        return self._outage.down

    @property
    def down_since(self):
        return self._outage.since

    def _should_try_redis(self) -> bool:
        outage = self._outage
        if not outage.down:
            return True
        with outage.lock:  # one call per interval tries Redis; the others use memory
            now = time.monotonic()
            if now < outage.retry_at:
                return False
            outage.retry_at = now + self.retry_seconds
            return True

    def _mark_down(self, error: BaseException) -> None:
        outage = self._outage
        with outage.lock:
            outage.retry_at = time.monotonic() + self.retry_seconds
            if outage.down:
                return
            outage.down, outage.since = True, time.time()
        log.warning(
            "cache: Redis unreachable (%s: %s); using this process's memory, retrying every %g s",
            error.__class__.__name__,
            error,
            self.retry_seconds,
        )

    def _mark_up(self) -> None:
        outage = self._outage
        if not outage.down:
            return
        with outage.lock:
            if not outage.down:
                return
            outage.down, outage.since = False, None
        self._memory.clear()
        log.warning("cache: Redis answers again; back from this process's memory")

    def _call(self, name, *args, **kwargs):
        if self._should_try_redis():
            try:
                result = getattr(super(), name)(*args, **kwargs)
            except UNREACHABLE as error:
                self._mark_down(error)
            else:
                self._mark_up()
                return result
        return getattr(self._memory, name)(*args, **kwargs)

    def probe(self) -> bool:
        """Ask Redis now (for /health/); updates the outage state. True when it answers."""
        try:
            self._cache.get_client(None, write=True).ping()
        except UNREACHABLE as error:
            self._mark_down(error)
            return False
        self._mark_up()
        return True

    # Django's cache API ---------------------------------------------------------------------

    def add(self, *args, **kwargs):
        return self._call("add", *args, **kwargs)

    def get(self, *args, **kwargs):
        return self._call("get", *args, **kwargs)

    def set(self, *args, **kwargs):
        return self._call("set", *args, **kwargs)

    def touch(self, *args, **kwargs):
        return self._call("touch", *args, **kwargs)

    def delete(self, *args, **kwargs):
        return self._call("delete", *args, **kwargs)

    def get_many(self, *args, **kwargs):
        return self._call("get_many", *args, **kwargs)

    def has_key(self, *args, **kwargs):
        return self._call("has_key", *args, **kwargs)

    def incr(self, *args, **kwargs):
        return self._call("incr", *args, **kwargs)

    def set_many(self, *args, **kwargs):
        return self._call("set_many", *args, **kwargs)

    def delete_many(self, *args, **kwargs):
        return self._call("delete_many", *args, **kwargs)

    def clear(self):
        self._memory.clear()
        return self._call("clear")
