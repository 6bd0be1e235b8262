"""Live change notices: Redis pub/sub when available, database polling otherwise."""

import asyncio
import json
import os

import pytest
import redis
from django.conf import settings as django_settings

from games.table import live, services

from .factories import make_game
from .test_services_play import ADD1

REDIS_URL = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"  # the run's, when set


def redis_available():
    try:
        return redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5).ping()
    except redis.RedisError:
        return False


needs_redis = pytest.mark.skipif(not redis_available(), reason="no Redis on 127.0.0.1:6379")


def test_channel_and_notice_format(settings):
    settings.CACHE_KEY_PREFIX = "complots"
    assert live.channel_name(12) == "complots:game:12"
    settings.CACHE_KEY_PREFIX = "staging"
    assert live.channel_name(12) == "staging:game:12"
    settings.CACHE_KEY_PREFIX = ""
    assert live.channel_name(12) == "game:12"
    assert live.notice(12, 3, 9) == {"game": 12, "seq": 3, "rev": 9}


def test_publish_without_redis_is_a_no_op(settings):
    settings.REDIS_URL = ""
    assert live.publish_change(1, 2, 3) is False


def test_publish_with_redis_down_logs_and_returns(settings, caplog):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"
    assert live.publish_change(1, 2, 3) is False
    assert "could not publish" in caplog.text


async def _first_notice(game_id, publish, **kwargs):
    """Subscribe, publish until a notice arrives (the subscription is set up lazily)."""
    agen = live.subscribe(game_id, **kwargs)
    try:
        task = asyncio.ensure_future(agen.__anext__())
        for _ in range(50):
            await asyncio.to_thread(publish)
            done, _pending = await asyncio.wait({task}, timeout=0.1)
            if done:
                return task.result()
        raise AssertionError("no notice received")
    finally:
        if not task.done():
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        await agen.aclose()


@needs_redis
def test_redis_publish_reaches_subscriber(settings):
    settings.REDIS_URL = REDIS_URL
    got = asyncio.run(
        _first_notice(424242, lambda: live.publish_change(424242, 7, 11), heartbeat=None)
    )
    assert got == {"game": 424242, "seq": 7, "rev": 11, "chat": None}


@needs_redis
def test_redis_message_is_only_ids(settings):
    settings.REDIS_URL = REDIS_URL
    settings.CACHE_KEY_PREFIX = "sitea"
    client = redis.Redis.from_url(REDIS_URL)
    pubsub = client.pubsub()
    pubsub.subscribe("sitea:game:515151")
    pubsub.get_message(timeout=1)  # subscription confirmation
    assert live.publish_change(515151, 4, 5)
    message = pubsub.get_message(timeout=2)
    assert message["channel"] == b"sitea:game:515151"
    assert json.loads(message["data"]) == {"game": 515151, "seq": 4, "rev": 5}
    pubsub.close()


@needs_redis
def test_two_sites_sharing_redis_do_not_cross(settings):
    """Site B's subscriber of game 717171 never hears site A's notices for its game 717171."""
    settings.REDIS_URL = REDIS_URL

    async def run():
        settings.CACHE_KEY_PREFIX = "siteb"
        agen = live.subscribe(717171, heartbeat=0.3)
        try:
            first = asyncio.ensure_future(agen.__anext__())
            await asyncio.sleep(0.2)  # let the subscription start
            settings.CACHE_KEY_PREFIX = "sitea"
            for _ in range(3):
                await asyncio.to_thread(live.publish_change, 717171, 1, 1)
            return await asyncio.wait_for(first, timeout=3)
        finally:
            await agen.aclose()

    assert asyncio.run(run()) is None  # a heartbeat, not site A's notice


@needs_redis
def test_heartbeat_when_silent(settings):
    settings.REDIS_URL = REDIS_URL

    async def run():
        agen = live.subscribe(616161, heartbeat=0.2)
        try:
            return await asyncio.wait_for(agen.__anext__(), 3)
        finally:
            await agen.aclose()

    assert asyncio.run(run()) is None


@needs_redis
@pytest.mark.django_db(transaction=True)
def test_move_publishes_after_commit(settings, alice, bob):
    settings.REDIS_URL = REDIS_URL
    game = make_game([alice, bob])

    def move():
        game.refresh_from_db()
        if game.state_seq == 1:
            services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
        else:  # later rounds: any visible change
            services.chat_post(game_id=game.pk, user=bob, text="ping")

    got = asyncio.run(_first_notice(game.pk, move, heartbeat=None))
    game.refresh_from_db()
    assert got["game"] == game.pk and got["seq"] == 2
    assert got["rev"] <= game.revision


@pytest.mark.django_db(transaction=True)
def test_polling_fallback_without_redis(settings, alice, bob):
    settings.REDIS_URL = ""
    assert django_settings.REDIS_URL == ""
    game = make_game([alice, bob])
    calls = []

    def move():  # once the subscriber has read the starting version
        calls.append(1)
        if len(calls) == 3:
            services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)

    got = asyncio.run(_first_notice(game.pk, move, heartbeat=None, poll_interval=0.05))
    game.refresh_from_db()
    assert got == {"game": game.pk, "seq": 2, "rev": game.revision, "chat": None}


@pytest.mark.django_db(transaction=True)
def test_polling_heartbeat_and_unknown_game(settings, alice, bob):
    settings.REDIS_URL = ""
    game = make_game([alice, bob])

    async def first(game_id, **kwargs):
        agen = live.subscribe(game_id, **kwargs)
        try:
            return await asyncio.wait_for(agen.__anext__(), 3)
        finally:
            await agen.aclose()

    assert asyncio.run(first(game.pk, heartbeat=0.1, poll_interval=0.05)) is None
    with pytest.raises(StopAsyncIteration):
        asyncio.run(first(game.pk + 100, heartbeat=0.1, poll_interval=0.05))
