"""complots_site.cache.FallbackRedisCache against a private redis-server that the test stops
and starts: process memory while Redis is unreachable, one warning per outage, Redis again
once it answers (tried every FALLBACK_RETRY_SECONDS)."""

import logging
import shutil
import time

import pytest
import redis

from complots_site.cache import FallbackRedisCache
from tests.integration.harness import RedisServer, wait_for

pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")


@pytest.fixture
def redis_server(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    yield server
    server.stop()


def make_cache(url, retry=0.5):
    return FallbackRedisCache(
        url, {"KEY_PREFIX": "fallback-test", "OPTIONS": {"FALLBACK_RETRY_SECONDS": retry}}
    )


def outage_warnings(caplog, text):
    return [r for r in caplog.records if r.name == "complots_site.cache" and text in r.message]


def test_memory_stands_in_while_redis_is_down_then_redis_counts_again(redis_server, caplog):
    caplog.set_level(logging.WARNING, logger="complots_site.cache")
    cache = make_cache(redis_server.url)
    cache.set("kept", "in redis", 60)
    assert cache.get("kept") == "in redis" and not cache.redis_down
    redis_server.stop()

    started = time.monotonic()
    for number in range(50):  # every call answers, from memory, without waiting on Redis
        assert cache.get("kept") is None
        cache.set(f"k{number}", number, 60)
        assert cache.add("counter", 0, 60) in (True, False)
        assert cache.incr("counter") == number + 1
    assert time.monotonic() - started < 5
    assert cache.redis_down and cache.probe() is False
    assert len(outage_warnings(caplog, "Redis unreachable")) == 1

    redis_server.start()
    wait_for(lambda: (cache.get("kept"), not cache.redis_down)[1], 10, 0.2, "Redis again")
    assert cache.get("counter") is None  # the outage's memory is dropped, Redis counts again
    cache.set("after", "back in redis", 60)
    raw = redis.Redis.from_url(redis_server.url)
    assert raw.exists(cache.make_key("after")) and not raw.exists(cache.make_key("k1"))
    assert len(outage_warnings(caplog, "Redis answers again")) == 1
    redis_server.stop()
    cache.get("kept")
    assert len(outage_warnings(caplog, "Redis unreachable")) == 2  # a second outage: once more


def test_the_outage_is_shared_by_the_threads_of_a_process(redis_server):
    import threading

    first = make_cache(redis_server.url, retry=60)
    redis_server.stop()
    first.set("x", 1, 60)
    seen = {}

    def other_thread():
        other = make_cache(redis_server.url, retry=60)  # Django builds one per thread
        started = time.monotonic()
        seen["value"], seen["down"] = other.get("x"), other.redis_down
        seen["seconds"] = time.monotonic() - started

    thread = threading.Thread(target=other_thread)
    thread.start()
    thread.join()
    assert seen["value"] == 1 and seen["down"]
    assert seen["seconds"] < 0.1  # no new attempt at Redis before the retry interval
