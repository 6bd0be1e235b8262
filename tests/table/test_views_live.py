"""The live stream (Server-Sent Events, async view) with a real Redis: access checks, the
current version first, change notices with numbers only, keep-alives, clean close."""

import asyncio
import json
import os

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient

from games.table import live, services
from games.table.views import live as sse

from .factories import make_game
from .web_helpers import url

REDIS = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"  # the run's, when set


def redis_or_skip():
    import redis

    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=0.5).ping()
    except Exception:
        pytest.skip("Redis is not running on 127.0.0.1:6379")


def parse(chunk):
    text = chunk.decode() if isinstance(chunk, bytes) else chunk
    if text.startswith("id: "):  # the game's revision, for a reconnecting browser
        text = text.partition("\n")[2]
    if not text.startswith("event: changed"):
        return text
    data = text.split("data: ", 1)[1].strip()
    return json.loads(data)


async def next_chunk(iterator, timeout=5):
    return parse(await asyncio.wait_for(anext(iterator), timeout))


@pytest.mark.django_db(transaction=True)
def test_stream_sends_version_then_notices_then_closes(settings, alice, bob, monkeypatch):
    redis_or_skip()
    settings.REDIS_URL = REDIS
    monkeypatch.setattr(sse, "HEARTBEAT", 0.5)
    game = make_game([alice, bob])

    async def scenario():
        client = AsyncClient()
        await client.aforce_login(bob)
        response = await client.get(url("live", game))
        assert response.status_code == 200
        assert response["Content-Type"] == "text/event-stream"
        cache_control = response["Cache-Control"]
        assert "no-store" in cache_control and "private" in cache_control
        assert "no-cache" in cache_control
        chunks = response.streaming_content.__aiter__()
        assert (await next_chunk(chunks)).startswith("retry:")
        first = await next_chunk(chunks)
        assert first == {"seq": game.state_seq, "rev": game.revision, "chat": "0.0"}
        await sync_to_async(services.action_submit)(
            game_id=game.pk, user=alice, action={"type": "add", "n": 1}, expected_seq=1
        )
        notice = await next_chunk(chunks)
        while isinstance(notice, str):  # a keep-alive may come first on a slow machine
            notice = await next_chunk(chunks)
        assert set(notice) == {"seq", "rev", "chat"}
        assert notice["chat"] == "0.0"  # a move: the chat did not change
        assert notice["seq"] == 2 and notice["rev"] > first["rev"]
        keep_alive = await next_chunk(chunks)
        while isinstance(keep_alive, dict):  # the move's own later notices (its clock...)
            assert keep_alive["seq"] >= notice["seq"]
            keep_alive = await next_chunk(chunks)
        assert keep_alive.startswith(": keep-alive")
        fanout = live.fanout_of_loop()
        assert fanout.count() == 1
        # The browser goes away: the server cancels the response's iteration.
        waiter = asyncio.ensure_future(anext(chunks))
        await asyncio.sleep(0.05)
        waiter.cancel()
        await asyncio.gather(waiter, return_exceptions=True)
        assert fanout.count() == 0  # the stream left the fan-out
        await fanout.aclose()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_stream_checks_access(settings, alice, bob, carol):
    settings.REDIS_URL = REDIS
    game = make_game([alice, bob], visibility="private")

    async def scenario():
        client = AsyncClient()
        assert (await client.get(url("live", game))).status_code == 403
        await client.aforce_login(carol)
        assert (await client.get(url("live", game))).status_code == 403
        assert (await client.get("/games/424242/live/")).status_code == 404
        assert (await client.post(url("live", game))).status_code == 405

    async_to_sync(scenario)()


def test_payload_is_numbers_only():
    message = sse.sse_message((7, 12))
    assert message == 'id: 12\nevent: changed\ndata: {"seq":7,"rev":12}\n\n'


def test_last_event_id_is_a_revision_or_nothing(rf):
    assert sse.last_event_id(rf.get("/", HTTP_LAST_EVENT_ID="41")) == 41
    for bad in ("", "x", "-3", "1e9", "9" * 40, "4 1"):
        assert sse.last_event_id(rf.get("/", HTTP_LAST_EVENT_ID=bad)) is None
    assert sse.last_event_id(rf.get("/")) is None


@pytest.mark.django_db(transaction=True)
def test_reconnect_with_older_last_event_id_starts_with_a_notice(settings, alice, bob):
    """A browser whose stream dropped reconnects with the revision it last heard of: the new
    stream's first event is the current version (its id the revision), at once."""
    redis_or_skip()
    settings.REDIS_URL = REDIS
    game = make_game([alice, bob])
    heard = game.revision
    services.action_submit(
        game_id=game.pk, user=alice, action={"type": "add", "n": 1}, expected_seq=1
    )
    game.refresh_from_db()
    assert game.revision > heard

    async def scenario():
        client = AsyncClient()
        await client.aforce_login(bob)
        response = await client.get(url("live", game), headers={"Last-Event-ID": str(heard)})
        assert response.status_code == 200
        chunks = response.streaming_content.__aiter__()
        assert (await next_chunk(chunks)).startswith("retry:")
        raw = await asyncio.wait_for(anext(chunks), 5)
        text = raw.decode() if isinstance(raw, bytes) else raw
        assert text.startswith(f"id: {game.revision}\nevent: changed\n")
        assert parse(raw) == {"seq": game.state_seq, "rev": game.revision, "chat": "0.0"}
        waiter = asyncio.ensure_future(anext(chunks))  # the browser goes away
        await asyncio.sleep(0.05)
        waiter.cancel()
        await asyncio.gather(waiter, return_exceptions=True)
        await live.fanout_of_loop().aclose()

    async_to_sync(scenario)()
