"""No missed update when a web process restarts under open pages.

The recipe of deploy/ on this machine: HAProxy (deploy/haproxy.cfg) in front of two web
processes (deploy/bin/web), PostgreSQL and a private Redis. 200 live pages of one game (its
two players and 198 spectators) are spread over both processes; one process is restarted
while moves are played. Each page behaves as game.js with the browser's EventSource: on a
dropped stream it reconnects (after the stream's `retry:`) with `Last-Event-ID`, fetches its
panel when told it is behind, or takes the panel pushed to spectators. Every page must end
showing the game's current revision, and no request may get a 5xx.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import time

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import Client

from .cluster import Cluster, haproxy_binary
from .harness import RedisServer, db_url

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
]

PAGES = 200
REVISION = re.compile(r'data-revision="(\d+)"')
PUSHED = re.compile(r'^\{"rev":(\d+),')


class Page:
    def __init__(self, client, game_id, cookie, rev):
        self.client, self.game_id, self.cookie = client, game_id, cookie
        self.rev = rev
        self.last_id = None
        self.server_errors = 0
        self.reconnects = 0
        self.opened = asyncio.Event()

    def headers(self):
        out = {"X-Forwarded-Proto": "https"}
        if self.cookie:
            out["Cookie"] = self.cookie
        return out

    async def run(self):
        while True:
            headers = self.headers()
            if self.last_id is not None:
                headers["Last-Event-ID"] = self.last_id
            try:
                async with self.client.stream(
                    "GET", f"/games/{self.game_id}/live/", headers=headers
                ) as response:
                    if response.status_code >= 500:
                        self.server_errors += 1
                    elif response.status_code == 200:
                        await self.read(response)
            except (OSError, Exception) as error:  # the connection cut by a restart
                if isinstance(error, asyncio.CancelledError):
                    raise
            self.reconnects += 1
            await asyncio.sleep(0.5)  # EventSource waits `retry:` (3 s); shorter here

    async def read(self, response):
        event, data, ident = "message", [], None
        async for line in response.aiter_lines():
            if line == "":
                if ident is not None:
                    self.last_id = ident
                if data:
                    await self.on_event(event, "\n".join(data))
                event, data, ident = "message", [], None
            elif line.startswith("id:"):
                ident = line[3:].strip()
            elif line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip())
            elif line.startswith("retry:"):
                self.opened.set()

    async def on_event(self, event, data):
        if event == "panel":
            head = PUSHED.match(data)
            if head:
                self.rev = max(self.rev, int(head.group(1)))
            return
        if event != "changed":
            return
        notice = json.loads(data)
        if notice["rev"] > self.rev and not notice.get("push"):
            response = await self.client.get(
                f"/games/{self.game_id}/panel/", headers={**self.headers(), "HX-Request": "true"}
            )
            if response.status_code >= 500:
                self.server_errors += 1
            found = REVISION.search(response.text)
            if found:
                self.rev = max(self.rev, int(found.group(1)))


def test_restarting_a_web_process_under_open_pages_misses_no_update(
    tmp_path, settings, alice, bob
):
    if haproxy_binary() is None:
        pytest.skip("haproxy is not installed (apt-get install haproxy)")
    import httpx

    from games.engines import get_engine
    from games.table import services
    from games.table.models import Game
    from tests.table.factories import make_game

    redis = RedisServer(tmp_path)
    redis.start()
    # this process publishes the moves' notices on the same Redis, under the same prefix
    settings.REDIS_URL, settings.CACHE_KEY_PREFIX = redis.url, "reconnect"
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": settings.SECRET_KEY,  # the sessions made here are theirs
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_HSTS_SECONDS": "0",
        "DATABASE_URL": db_url(),
        "DATABASE_POOL_MAX": "8",
        "REDIS_URL": redis.url,
        "CACHE_KEY_PREFIX": "reconnect",
        "VAR_DIR": str(tmp_path / "var"),
        "STATIC_ROOT": str(tmp_path / "static"),
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "LOG_LEVEL": "WARNING",
    }
    cluster = Cluster(tmp_path, env)
    game = make_game([alice, bob], kind="complots", min_seats=2, max_seats=2)
    cookies = {}
    for user in (alice, bob):
        client = Client()
        client.force_login(user)
        cookies[user.pk] = f"sessionid={client.cookies['sessionid'].value}"
    by_player = {s.player_id: s.user for s in game.seats.all()}

    def play_one():
        current = Game.objects.get(pk=game.pk)
        engine = get_engine(current.kind)
        state = engine.load(current.state)
        player = engine.waiting_for(state)[0]
        action = next(a for a in engine.legal_actions(state, player) if a["type"] != "resign")
        # the move goes through the site's services and publishes its notice, as a POST would
        services.action_submit(
            game_id=current.pk, user=by_player[player], action=action,
            expected_seq=current.state_seq,
        )  # fmt: skip

    async def scenario():
        limits = httpx.Limits(max_connections=None, max_keepalive_connections=None)
        async with httpx.AsyncClient(base_url=cluster.base, limits=limits, timeout=30) as http:
            cookie_list = [cookies[alice.pk], cookies[bob.pk]] + [None] * (PAGES - 2)
            pages = [Page(http, game.pk, c, game.revision) for c in cookie_list]
            tasks = [asyncio.ensure_future(p.run()) for p in pages]
            await asyncio.wait_for(asyncio.gather(*(p.opened.wait() for p in pages)), 60)
            await sync_to_async(play_one)()  # every page hears it from its own process
            await asyncio.sleep(0.5)
            # Restart web process 1: its pages' streams drop, HAProxy sends them to web 2.
            await sync_to_async(cluster.stop_web)(0, signal.SIGTERM)
            await sync_to_async(play_one)()  # while it is down
            await asyncio.sleep(1.0)
            await sync_to_async(cluster.start_web)(0)
            await sync_to_async(play_one)()
            final = (await sync_to_async(Game.objects.get)(pk=game.pk)).revision
            end = time.monotonic() + 30
            while time.monotonic() < end and any(p.rev < final for p in pages):
                await asyncio.sleep(0.2)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            return pages, final

    try:
        cluster.start()
        pages, final = async_to_sync(scenario)()
    finally:
        cluster.stop()
        redis.stop()
    behind = [p.rev for p in pages if p.rev < final]
    assert not behind, f"{len(behind)} pages behind revision {final}: {sorted(set(behind))}"
    assert sum(p.server_errors for p in pages) == 0
    # about half the pages were on the restarted process (leastconn)
    assert sum(p.reconnects for p in pages) >= PAGES // 4
