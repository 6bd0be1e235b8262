"""Exactly one beat across machines: three real `celery beat` processes on one private
redis-server, as three machines would run them (deploy/bin/beat, REDIS_URL set).

Each periodic task is sent by one beat only: the one holding the lock in Redis. When it is
killed (SIGKILL: a crash, a lost machine) another takes over once the lock has expired, so
within CELERY_BEAT_LOCK_SECONDS and a tick; when it stops cleanly (SIGTERM) it releases
the lock and the next one takes over at once. The sweeper runs every 0.5 s and the lock
lasts 3 s here; the test takes 15 to 30 s (starting three Celery processes).

Redis restarted without its data (the lock and the schedule lost): the holder finds its
lock gone and stops, a waiting beat takes the lock, writes the schedule again and sends.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
import redis

from tests.test_settings import PRODUCTION_SECRET, clean_env

from .harness import BASE_DIR, RedisServer, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.redis]

SWEEP = 0.5  # DEADLINE_SWEEP_SECONDS: the periodic task counted here
LOCK = 3  # CELERY_BEAT_LOCK_SECONDS
TICK = LOCK / 3  # the holder renews the lock, the others try it, this often (beat.py)
PREFIX = "one-beat-it"
LOCK_KEY = f"{PREFIX}:beat::lock"
HOLDS = f"beat: this beat holds the lock `{LOCK_KEY}`"


class Beat:
    def __init__(self, name, env, tmp_path):
        self.name = name
        self.log_path = tmp_path / f"beat-{name}.log"
        with open(self.log_path, "w") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "complots_site", "beat", "--loglevel=INFO"],
                env=env,
                cwd=BASE_DIR,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    @property
    def origin(self):
        """How the messages this beat publishes name their sender."""
        return f"gen{self.process.pid}@"

    def log(self):
        return self.log_path.read_text(errors="replace")

    def stop(self, sig):
        if self.process.poll() is None:
            os.killpg(self.process.pid, sig)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


@pytest.fixture
def site(tmp_path):
    server = RedisServer(tmp_path)
    server.start()
    env = clean_env(
        tmp_path,
        SECRET_KEY=PRODUCTION_SECRET,
        DJANGO_SETTINGS_MODULE="complots_site.settings",
        REDIS_URL=server.url,
        CACHE_KEY_PREFIX=PREFIX,
        DEADLINE_SWEEP_SECONDS=str(SWEEP),
        CELERY_BEAT_LOCK_SECONDS=str(LOCK),
        PYTHONUNBUFFERED="1",
    )
    beats = []
    try:
        yield server, env, beats
    finally:
        for beat in beats:
            beat.stop(signal.SIGKILL)
            print(f"--- beat {beat.name}, pid {beat.process.pid}\n{beat.log()[-3000:]}")
        server.stop()


class Sweeps:
    """The sweeps sent so far, in order, each as (when this test saw it, its sender)."""

    def __init__(self, client):
        self.client = client
        self.seen = []

    def poll(self):
        messages = self.client.lrange("celery", 0, -1)[::-1]  # published with LPUSH
        now = time.monotonic()
        for raw in messages[len(self.seen) :]:
            headers = json.loads(raw)["headers"]
            self.seen.append((now, headers["task"], headers["origin"]))
        return [(at, origin) for at, task, origin in self.seen if task == "clock.deadlines_sweep"]

    def wait(self, predicate, timeout, message):
        """The sweeps, once they satisfy ``predicate``."""

        def check():
            found = self.poll()
            return found if predicate(found) else None

        return wait_for(check, timeout, 0.05, message)


def senders(sweeps):
    """The senders in the order they sent, each once: [a, b] means a's sweeps, then b's."""
    order = []
    for _, origin in sweeps:
        if not order or order[-1] != origin:
            order.append(origin)
    return order


def test_one_beat_sends_the_periodic_tasks_and_another_takes_over(site, tmp_path):
    server, env, beats = site
    client = redis.Redis.from_url(server.url)
    beats += [Beat(name, env, tmp_path) for name in "abc"]
    sweeps = Sweeps(client)

    # All three started; one of them sends the sweeps.
    wait_for(lambda: all("beat: Starting..." in b.log() for b in beats), 30, 0.2, "the beats")
    first = sweeps.wait(bool, 15, "a first sweep")
    holder = next(beat for beat in beats if first[0][1].startswith(beat.origin))
    # A window longer than the lock: the others never send, the holder sends once a period.
    time.sleep(LOCK + TICK)
    window = sweeps.poll()
    elapsed = window[-1][0] - window[0][0]
    assert senders(window) == [first[0][1]]
    assert elapsed / SWEEP - 2 <= len(window) - 1 <= elapsed / SWEEP + 2, (len(window), elapsed)
    assert all(beat.process.poll() is None for beat in beats)
    assert [beat.name for beat in beats if HOLDS in beat.log()] == [holder.name]

    # The holder killed: its lock stays until it expires, then another beat takes over.
    token = client.get(LOCK_KEY)
    holder.stop(signal.SIGKILL)
    killed = time.monotonic()
    left = client.pttl(LOCK_KEY) / 1000
    assert client.get(LOCK_KEY) == token and 0 < left <= LOCK
    count = len(sweeps.poll())
    after = sweeps.wait(lambda found: found[count:], LOCK + TICK + 5, "a takeover")
    takeover = after[count][0] - killed
    print(
        f"\ntakeover {takeover:.2f} s after the holder was killed (its lock had {left:.2f} s left)"
    )
    assert left - 0.2 <= takeover <= left + TICK + 2, (takeover, left)
    second = next(beat for beat in beats if after[count][1].startswith(beat.origin))
    assert second is not holder

    # The new holder stopped cleanly: it releases its lock, the third takes it at once.
    time.sleep(2 * SWEEP)
    token = client.get(LOCK_KEY)
    second.stop(signal.SIGTERM)
    stopped = time.monotonic()
    assert second.process.returncode == 0
    assert client.get(LOCK_KEY) != token  # released (or already the third's), not left to expire
    count = len(sweeps.poll())
    after = sweeps.wait(lambda found: found[count:], TICK + 5, "a handover")
    handover = after[count][0] - stopped
    print(f"handover {handover:.2f} s after the holder stopped")
    assert handover <= TICK + 2, handover
    third = next(beat for beat in beats if beat not in (holder, second))
    time.sleep(2 * SWEEP)
    everything = sweeps.poll()
    names = [next(b.name for b in beats if s.startswith(b.origin)) for s in senders(everything)]
    assert names == [holder.name, second.name, third.name]

    # The schedule in Redis is the site's, under the site's prefix.
    definition = json.loads(client.hget(f"{PREFIX}:beat:clock-deadlines-sweep", "definition"))
    assert definition["task"] == "clock.deadlines_sweep"
    assert definition["schedule"]["every"] == SWEEP


def test_after_redis_restarted_empty_one_beat_sends_the_schedule_again(site, tmp_path):
    server, env, beats = site
    beats += [Beat(name, env, tmp_path) for name in "ab"]
    wait_for(lambda: all("beat: Starting..." in b.log() for b in beats), 30, 0.2, "the beats")
    first = Sweeps(redis.Redis.from_url(server.url)).wait(bool, 15, "a first sweep")
    holder = next(beat for beat in beats if first[0][1].startswith(beat.origin))
    waiting = next(beat for beat in beats if beat is not holder)

    # Redis restarted without its data: the lock and the schedule are gone.
    server.stop()
    wait_for(lambda: "beat: Redis unreachable" in waiting.log(), 10, 0.1, "the waiting beat")
    server.start()
    restarted = time.monotonic()
    client = redis.Redis.from_url(server.url)
    sweeps = Sweeps(client)
    # The holder finds its lock gone and stops (its supervisor would start it again); the
    # waiting beat takes the lock, writes the schedule again and sends the sweeps.
    found = sweeps.wait(lambda found: len(found) >= 3, 10, "sweeps again")
    print(f"\nsweeps again {found[0][0] - restarted:.2f} s after Redis restarted empty")
    assert holder.process.wait(timeout=5) == 0
    assert "is no longer this beat's" in holder.log()
    assert all(origin.startswith(waiting.origin) for _, origin in sweeps.poll())
    assert client.exists(f"{PREFIX}:beat:clock-deadlines-sweep")
