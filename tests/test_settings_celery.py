"""A real Celery beat and worker, started as separate processes, on the embedded broker
(no REDIS_URL: kombu's filesystem transport and the file cache) and, when REDIS_URL is set,
on Redis. Beat sends the heartbeat task; the worker runs it; the test reads the cache."""

import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
import redis
from django.core.cache.backends.filebased import FileBasedCache
from django.core.cache.backends.redis import RedisCache

from complots_site.tasks import HEARTBEAT_KEY
from tests.test_settings import PRODUCTION_SECRET, clean_env

BASE_DIR = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.integration


def start(env, *args, log):
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "complots_site", *args, "--loglevel=INFO"],
        env=env,
        cwd=BASE_DIR,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def run_beat_and_worker(tmp_path, cache, **env):
    env = clean_env(
        tmp_path,
        SECRET_KEY=PRODUCTION_SECRET,
        DJANGO_SETTINGS_MODULE="complots_site.settings",
        CELERY_HEARTBEAT_SECONDS="1",
        **env,
    )
    log_path = tmp_path / "celery.log"
    with open(log_path, "w") as log:
        worker = start(env, "worker", "--concurrency=1", "--pool=solo", log=log)
        beat = start(
            env, "beat", f"--schedule={tmp_path / 'beat-schedule'}", "--max-interval=1", log=log
        )
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                beat_of_heart = cache.get(HEARTBEAT_KEY)
                if beat_of_heart:
                    return beat_of_heart
                assert worker.poll() is None, log_path.read_text()
                assert beat.poll() is None, log_path.read_text()
                time.sleep(0.5)
            pytest.fail("no heartbeat within 60 s:\n" + log_path.read_text())
        finally:
            for process in (beat, worker):
                process.terminate()
            for process in (beat, worker):
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def test_beat_and_worker_on_the_embedded_broker(tmp_path):
    cache = FileBasedCache(str(tmp_path / "var" / "cache"), {"KEY_PREFIX": "complots"})
    assert cache.get(HEARTBEAT_KEY) is None
    assert run_beat_and_worker(tmp_path, cache)
    # beat's default scheduler, its schedule in a file (no lock needed: one machine)
    assert list(tmp_path.glob("beat-schedule*"))


@pytest.mark.redis
def test_beat_and_worker_on_redis(tmp_path):
    from django.conf import settings

    prefix = f"celery-test-{uuid.uuid4().hex}"
    cache = RedisCache(settings.REDIS_URL, {"KEY_PREFIX": prefix})
    try:
        assert run_beat_and_worker(
            tmp_path, cache, REDIS_URL=settings.REDIS_URL, CACHE_KEY_PREFIX=prefix
        )
        # the beat's schedule is in Redis, under the site's prefix (complots_site/beat.py)
        assert redis.Redis.from_url(settings.REDIS_URL).exists(f"{prefix}:beat::schedule")
    finally:
        cache.delete(HEARTBEAT_KEY)
        client = redis.Redis.from_url(settings.REDIS_URL)
        client.delete(*client.keys(f"{prefix}:beat:*") or ["-"])
