"""The site through a Redis outage, and deadlines through a killed worker, with a private
redis-server, real Celery worker and beat subprocesses, and PostgreSQL.

- Redis stopped: login, the lobby, a game page, a move (answered within 5 s), a vote, chat,
  a report, the live stream and /health/ ("degraded", 200) all answer. Redis restarted, a
  worker and a beat started: the game's cache equals its replay and the deadline that fell
  during the outage is enforced.
- A worker holding a turn's countdown is SIGKILLed (so is the beat), the deadline passes, a
  new worker and beat start: the sweeper plays the timeout exactly once.

Skipped unless DATABASE_URL is PostgreSQL and REDIS_URL is set (.ci/run sets both).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import time

import pytest
from asgiref.sync import async_to_sync
from django.conf import settings
from django.test import AsyncClient, Client
from django.urls import reverse

from complots_site.celery import app as celery_app
from games.clock.models import DeadlineVote
from games.moderation.models import Report
from games.table.models import ChatMessage, Event, Game
from games.table.replay import replay_mismatch
from tests.clock.helpers import fresh, start_game
from tests.conftest import PASSWORD
from tests.table.test_views_wiring import complots_game, time_out

from .harness import CeleryProcesses, RedisServer, db_url, point_app_at, wait_for

pytestmark = [
    pytest.mark.integration,
    pytest.mark.redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="needs PostgreSQL: DATABASE_URL=postgres://... (the worker shares the test db)",
    ),
]

SWEEP = 1.0  # seconds between two sweeps of the beat in these tests
PREFIX = "outage-it"


@pytest.fixture
def site(tmp_path, settings):
    """A private redis-server; this process's cache, live notices and Celery broker on it;
    `site.celery` starts a worker and a beat on it (as the site runs them)."""
    redis = RedisServer(tmp_path)
    redis.start()
    settings.REDIS_URL = redis.url
    settings.CACHES = {
        **settings.CACHES,
        "default": {
            "BACKEND": "complots_site.cache.FallbackRedisCache",
            "LOCATION": redis.url,
            "KEY_PREFIX": PREFIX,
            "OPTIONS": {"FALLBACK_RETRY_SECONDS": 1},
        }
    }
    settings.CACHE_KEY_PREFIX = PREFIX
    settings.PUBLISH_BACKOFF_SECONDS = 1
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_", "REDIS_", "EMAIL_", "CELERY_", "CACHE_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="complots_site.settings",
        SECRET_KEY=settings.SECRET_KEY,
        DATABASE_URL=db_url(),
        DATABASE_POOL="0",
        REDIS_URL=redis.url,
        CACHE_KEY_PREFIX=PREFIX,
        EMAIL_URL=f"file://{tmp_path / 'mail'}",
        VAR_DIR=str(tmp_path / "var"),
        DEADLINE_SWEEP_SECONDS=str(SWEEP),
        PYTHONPATH=str(settings.BASE_DIR),
    )
    saved = (celery_app.conf.broker_url, celery_app.conf.task_always_eager)
    point_app_at(redis.url, eager=False)
    procs = CeleryProcesses(tmp_path, env)
    procs.redis = redis
    try:
        yield procs
    finally:
        procs.stop_all()
        redis.stop()
        point_app_at(saved[0], eager=saved[1])


def timeouts_of(game, player_id):
    return list(
        Event.objects.filter(
            game_id=game.pk, kind=Event.Kind.SYSTEM, seat__player_id=player_id, reason="timeout"
        ).values_list("seq", "created_at")
    )


async def _open_live_stream(user, game):
    client = AsyncClient()
    await client.aforce_login(user)
    response = await client.get(reverse("games:live", args=[game.pk]))
    chunks = response.streaming_content.__aiter__()
    try:
        retry = await asyncio.wait_for(anext(chunks), 5)
        first = await asyncio.wait_for(anext(chunks), 5)
    finally:
        await chunks.aclose()
    text = lambda chunk: chunk.decode() if isinstance(chunk, bytes) else chunk  # noqa: E731
    return response.status_code, text(retry), text(first)


def test_the_site_answers_while_redis_is_down(site, client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    Game.objects.filter(pk=game.pk).update(turn_seconds=6, window_seconds=6)
    time_out(game, "p1")  # p1 missed a deadline: the others may vote on the next one
    earlier = Client()
    earlier.force_login(carol)
    site.redis.stop()

    # Sessions are read through the cache and kept in the database: whoever was logged in
    # stays logged in.
    assert settings.SESSION_ENGINE == "accounts.sessions"
    response = earlier.get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 200 and response.wsgi_request.user == carol

    # Login (allauth's rate limits live in the cache) and the pages.
    response = client.post(reverse("account_login"), {"login": "alice", "password": "nope"})
    assert response.status_code == 200 and client.session.get("_auth_user_id") is None
    response = client.post(reverse("account_login"), {"login": "alice", "password": PASSWORD})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(alice.pk)
    assert client.get(reverse("games:lobby")).status_code == 200
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200

    # A move: the countdown task and the live notice cannot be published; it stands anyway.
    client.force_login(bob)
    seq = fresh(game).state_seq
    started = time.monotonic()
    response = client.post(
        reverse("games:act", args=[game.pk]),
        {"action": json.dumps({"type": "income"}), "expected_seq": seq},
    )
    move_seconds = time.monotonic() - started
    assert response.status_code == 302 and move_seconds < 5, move_seconds
    assert fresh(game).state_seq == seq + 1
    client.force_login(carol)
    response = client.post(
        reverse("games:act", args=[game.pk]),
        {"action": json.dumps({"type": "income"}), "expected_seq": seq + 1},
    )
    assert response.status_code == 302 and fresh(game).state_seq == seq + 2
    deadline = fresh(game).deadline_at  # p1's turn, enforced once Redis is back

    # A vote, chat, a report.
    response = client.post(
        reverse("clock:vote", args=[game.pk]), {"target": "p1", "kind": "skip", "seq": seq + 2}
    )
    assert response.status_code == 302 and DeadlineVote.objects.filter(game=game).count() == 1
    response = client.post(reverse("games:chat", args=[game.pk]), {"text": "still here?"})
    assert response.status_code == 302
    assert ChatMessage.objects.filter(game=game, text="still here?").exists()
    response = client.post(
        reverse("moderation:report", args=[game.pk]),
        {"player": "alice", "category": "stalling", "text": "slow"},
    )
    assert response.status_code in (200, 302) and Report.objects.filter(game=game).count() == 1

    # The live stream opens and gives the current version (polling the database).
    status, retry, first = async_to_sync(_open_live_stream)(alice, game)
    assert status == 200 and retry.startswith("retry:")
    notice = json.loads(first.split("data: ", 1)[1])
    assert {k: notice[k] for k in ("seq", "rev")} == {"seq": seq + 2, "rev": fresh(game).revision}

    # /health/ says what is down, and that the site still works.
    response = client.get(reverse("health"))
    body = response.json()
    assert response.status_code == 200 and body["status"] == "degraded", body
    assert body["database"] == "ok"
    assert body["cache"] == "down: serving from process memory"
    assert body["broker"] == "down"
    assert body["live"] == "down: pages poll the database"

    # Redis back, a worker and a beat: consistent state, the deadline enforced once.
    site.redis.start()
    restarted = time.monotonic()
    site.start_worker()
    site.start_beat()

    def p1_timed_out_again():
        site.revive()  # kombu may kill a worker that saw Redis vanish: a supervisor restarts it
        found = timeouts_of(game, "p1")
        return found[1:] if len(found) >= 2 else None

    events = wait_for(p1_timed_out_again, 30, 0.3, "p1's timeout:\n" + site.log()[-3000:])
    print(f"\noutage move answered in {move_seconds:.2f} s; timeout enforced "
          f"{time.monotonic() - restarted:.1f} s after Redis restarted")  # fmt: skip
    assert events[0][1] >= deadline
    time.sleep(2 * SWEEP + 0.5)
    assert len(timeouts_of(game, "p1")) == 2  # the first one (before the outage) and this one
    game = fresh(game)
    assert replay_mismatch(game) is None
    body = wait_for(
        lambda: (lambda b: b if b["cache"] == "ok" and b["broker"] == "ok" else None)(
            client.get(reverse("health")).json()
        ),
        10,
        0.5,
        "/health/ to see Redis back",
    )
    assert body["live"] == "ok"


def test_the_sweeper_plays_the_timeout_of_a_killed_worker_once(site, alice, bob):
    site.start_worker()
    site.start_beat()
    game = start_game([alice, bob], time_control="live", window=600, turn=4, goal=50)
    seq, deadline = game.state_seq, game.deadline_at
    # The worker has received the countdown task (held until its ETA, unacknowledged).
    wait_for(
        lambda: re.search(r"clock\.game_timeout\[[^\]]+\] received", site.log()),
        15,
        0.2,
        "the worker to hold the countdown:\n" + site.log()[-2000:],
    )
    site.kill_worker()
    site._kill(site.beat, signal.SIGKILL)
    site.beat = None
    wait_for(lambda: time.time() > deadline.timestamp() + 1, 10, 0.2, "the deadline to pass")
    assert Event.objects.filter(game_id=game.pk, seq__gt=seq).count() == 0
    restarted = time.monotonic()
    site.start_worker()
    site.start_beat()
    wait_for(lambda: timeouts_of(game, "p1"), 30, 0.1, "the sweeper:\n" + site.log()[-3000:])
    elapsed = time.monotonic() - restarted
    print(f"\ntimeout played {elapsed:.1f} s after the new worker and beat were started")
    time.sleep(2 * SWEEP + 1)  # later sweeps and any redelivered countdown find seq moved on
    played = timeouts_of(game, "p1")
    assert len(played) == 1 and played[0][0] == seq + 1
    assert played[0][1] >= deadline
    assert Event.objects.filter(game_id=game.pk, seq=seq + 1).count() == 1
