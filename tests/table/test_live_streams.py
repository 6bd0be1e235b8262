"""Live streams at scale: no database connection held while a stream waits, one Redis
subscription per process fanned out to its streams, Redis outages told to the page, and
notices that say whether the chat changed."""

import asyncio
import json
import shutil

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.db import connections
from django.test import AsyncClient

from games.table import live, services
from games.table.fanout import get_fanout

from .factories import make_game
from .test_views_live import REDIS, redis_or_skip
from .web_helpers import url


def parse(chunk):
    """("event", data) of one SSE chunk; ("comment", text) for the rest."""
    text = chunk.decode() if isinstance(chunk, bytes) else chunk
    if text.startswith("id: "):  # the game's revision, for a reconnecting browser
        text = text.partition("\n")[2]
    if text.startswith("event: "):
        head, _, data = text.partition("\ndata: ")
        return head[len("event: ") :], json.loads(data.strip())
    return "comment", text


async def next_event(chunks, wanted, timeout=10):
    """The next event named `wanted` (others skipped), or fail after `timeout` seconds."""

    async def find():
        while True:
            name, data = parse(await anext(chunks))
            if name == wanted:
                return data

    return await asyncio.wait_for(find(), timeout)


async def open_stream(client, game):
    response = await client.get(url("live", game))
    assert response.status_code == 200
    chunks = aiter(response.streaming_content)
    first = await next_event(chunks, "changed")
    return response, chunks, first


async def close_stream(chunks):
    """What the server does when the browser goes away: cancel the iteration."""
    while True:  # events still on their way are read first
        waiter = asyncio.ensure_future(anext(chunks))
        done, _ = await asyncio.wait({waiter}, timeout=0.2)
        if not done:
            waiter.cancel()
            await asyncio.gather(waiter, return_exceptions=True)
            return


async def all_left(fanout, timeout=5):
    for _ in range(int(timeout / 0.05)):
        if fanout.count() == 0:
            return True
        await asyncio.sleep(0.05)
    return fanout.count() == 0


def checked_out():
    """Connections taken from the pool and not given back."""
    conn = connections["default"]
    pool = getattr(conn, "pool", None)
    if pool is None:
        pytest.skip("needs PostgreSQL with its connection pool (DATABASE_POOL=1)")
    stats = pool.get_stats()
    return stats["pool_size"] - stats["pool_available"]


@pytest.mark.django_db(transaction=True)
def test_open_streams_hold_no_database_connection(settings, alice, bob):
    """More open streams than the pool has connections, and the pool is still free: a normal
    request answers at once."""
    redis_or_skip()
    settings.REDIS_URL = REDIS
    game = make_game([alice, bob])
    pool_max = connections["default"].settings_dict["OPTIONS"].get("pool", {}).get("max_size")
    if not pool_max:
        pytest.skip("needs PostgreSQL with its connection pool (DATABASE_POOL=1)")
    count = pool_max + 5

    async def scenario():
        before = await sync_to_async(checked_out)()
        clients = [AsyncClient() for _ in range(count)]
        await clients[0].aforce_login(bob)
        streams = [await open_stream(c, game) for c in clients]
        assert await sync_to_async(checked_out)() <= before
        page = await asyncio.wait_for(AsyncClient().get(url("detail", game)), 10)
        assert page.status_code == 200
        for _, chunks, _ in streams:
            await close_stream(chunks)
        fanout = live.fanout_of_loop()
        assert await all_left(fanout)
        await fanout.aclose()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_one_subscription_fans_out_to_every_stream(settings, alice, bob, carol):
    redis_or_skip()
    settings.REDIS_URL = REDIS
    settings.CACHE_KEY_PREFIX = "fanout-test"
    game = make_game([alice, bob])
    other = make_game([alice, carol])

    async def scenario():
        streams = [await open_stream(AsyncClient(), game) for _ in range(6)]
        elsewhere = await open_stream(AsyncClient(), other)
        fanout = get_fanout(REDIS, "fanout-test")
        assert fanout.count() == 7
        assert fanout.subscriptions == 1  # one Redis subscription for the seven streams
        await sync_to_async(services.action_submit)(
            game_id=game.pk, user=alice, action={"type": "add", "n": 1}, expected_seq=1
        )
        for _, chunks, first in streams:
            notice = await next_event(chunks, "changed")
            assert notice["seq"] == 2 and notice["rev"] > first["rev"]
        # The other game's stream heard nothing of it (and is closed by the cancel).
        pending = asyncio.ensure_future(anext(elsewhere[1]))
        done, _ = await asyncio.wait({pending}, timeout=0.5)
        assert not done
        pending.cancel()
        await asyncio.gather(pending, return_exceptions=True)
        assert fanout.subscriptions == 1
        for _, chunks, _ in streams:
            await close_stream(chunks)
        assert await all_left(fanout)
        await fanout.aclose()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_chat_version_tells_a_chat_change_from_a_move(settings, alice, bob):
    """A chat line moves `chat` and not `seq`; a move moves `seq` and not `chat`: the page
    refetches its chat only for the first and its panel only for the second."""
    redis_or_skip()
    settings.REDIS_URL = REDIS
    game = make_game([alice, bob])

    async def scenario():
        _, chunks, first = await open_stream(AsyncClient(), game)
        await sync_to_async(services.chat_post)(game_id=game.pk, user=bob, text="hello")
        said = await next_event(chunks, "changed")
        assert said["chat"] != first["chat"] and said["seq"] == first["seq"]
        assert said["rev"] == first["rev"] + 1
        await sync_to_async(services.action_submit)(
            game_id=game.pk, user=alice, action={"type": "add", "n": 1}, expected_seq=1
        )
        moved = await next_event(chunks, "changed")
        assert moved["chat"] == said["chat"] and moved["seq"] == first["seq"] + 1
        await close_stream(chunks)
        await live.fanout_of_loop().aclose()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_redis_drop_is_told_and_the_fanout_reconnects(settings, alice, bob, tmp_path):
    """A private redis-server is killed under open streams: they say `live-down` (the page
    polls), and once it is back `live-up` and the current version, then notices again."""
    if shutil.which("redis-server") is None:
        pytest.skip("needs redis-server")
    from tests.integration.harness import RedisServer

    server = RedisServer(tmp_path)
    server.start()
    settings.REDIS_URL = server.url
    game = make_game([alice, bob])
    try:

        async def scenario():
            client = AsyncClient()
            await client.aforce_login(bob)
            _, chunks, first = await open_stream(client, game)
            server.process.kill()
            server.process.wait()
            await next_event(chunks, "live-down", timeout=15)
            # a move while Redis is away: it stands, its notice is lost
            await sync_to_async(services.action_submit)(
                game_id=game.pk, user=alice, action={"type": "add", "n": 1}, expected_seq=1
            )
            await sync_to_async(server.start)()
            await next_event(chunks, "live-up", timeout=20)
            current = await next_event(chunks, "changed")
            assert current["seq"] == 2  # the move made meanwhile
            await sync_to_async(services.chat_post)(game_id=game.pk, user=bob, text="back")
            again = await next_event(chunks, "changed")  # notices flow again
            assert again["rev"] > current["rev"] and again["chat"] != current["chat"]
            assert get_fanout(server.url, live.channel_prefix()).connected.is_set()
            await close_stream(chunks)
            await live.fanout_of_loop().aclose()

        async_to_sync(scenario)()
    finally:
        if server.process and server.process.poll() is None:
            server.process.kill()
            server.process.wait()


@pytest.mark.django_db(transaction=True)
def test_a_spectator_reconnecting_behind_gets_the_panel_at_once(settings, alice, bob, dave):
    """A spectator's stream dropped while the game moved: the browser reconnects with the
    revision it last heard of (`Last-Event-ID`) and the new stream starts with the notice and
    the shared panel of the current revision, no request needed. Up to date: no panel."""
    redis_or_skip()
    settings.REDIS_URL = REDIS
    game = make_game([alice, bob], kind="complots", min_seats=2, max_seats=2)  # public

    async def scenario():
        member = AsyncClient()
        await member.aforce_login(dave)
        behind = await member.get(
            url("live", game), headers={"Last-Event-ID": str(game.revision - 1)}
        )
        chunks = aiter(behind.streaming_content)
        notice = await next_event(chunks, "changed")
        assert notice["rev"] == game.revision and notice.get("push") is True
        pushed = await next_event(chunks, "panel")
        assert pushed["rev"] == game.revision
        assert (
            pushed["html"]
            == (await member.get(url("panel", game) + "?spectator=1")).content.decode()
        )
        await close_stream(chunks)
        current = await member.get(url("live", game), headers={"Last-Event-ID": str(game.revision)})
        chunks = aiter(current.streaming_content)
        notice = await next_event(chunks, "changed")
        assert notice["rev"] == game.revision and "push" not in notice
        await close_stream(chunks)
        await live.fanout_of_loop().aclose()

    async_to_sync(scenario)()


@pytest.mark.django_db(transaction=True)
def test_a_panel_that_cannot_be_shared_is_followed_by_the_notice_again(
    settings, monkeypatch, alice, bob, dave
):
    """The notice saying `push` goes out before the panel is rendered; when the rendering
    cannot be shared, the stream sends the same notice again without `push` (the page then
    fetches its own panel) and no `panel` event."""
    from games.table.views import spectators

    redis_or_skip()
    settings.REDIS_URL = REDIS
    game = make_game([alice, bob], kind="complots", min_seats=2, max_seats=2)  # public
    monkeypatch.setattr(spectators, "shared_panel", lambda *args, **kwargs: None)

    async def scenario():
        member = AsyncClient()
        await member.aforce_login(dave)
        behind = await member.get(
            url("live", game), headers={"Last-Event-ID": str(game.revision - 1)}
        )
        chunks = aiter(behind.streaming_content)
        announced = await next_event(chunks, "changed")
        assert announced.get("push") is True
        name, again = parse(await asyncio.wait_for(anext(chunks), 10))
        assert name == "changed" and "push" not in again
        assert again["rev"] == announced["rev"] == game.revision
        await close_stream(chunks)
        await live.fanout_of_loop().aclose()

    async_to_sync(scenario)()
