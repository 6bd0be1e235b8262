"""/health/: each part's state, "waiting for the first heartbeat" in a worker's first minute,
"degraded" (200) when the cache is down, "down" (503) only without a database."""

from datetime import timedelta

import pytest
import time_machine
from django.conf import settings
from django.core.cache import cache
from django.db import OperationalError
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from complots_site import health
from complots_site.tasks import (
    HEARTBEAT_KEY,
    WORKER_STARTED_KEY,
    heartbeat,
    worker_started,
    worker_stopped,
)
from tests.integration.harness import free_port

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_running_site(monkeypatch):
    """A web process started long ago: its own start no longer explains a missing beat."""
    monkeypatch.setattr(health, "PROCESS_STARTED", 0.0)


def get_health(client):
    response = client.get(reverse("health"))
    return response.status_code, response.json()


def test_a_new_worker_is_waiting_for_its_first_heartbeat(client, long_running_site):
    worker_started()
    code, body = get_health(client)
    assert (code, body["status"]) == (200, "ok")
    assert body["worker"] == "waiting for the first heartbeat"
    assert "last_heartbeat" not in body
    assert (body["database"], body["cache"], body["broker"]) == ("ok", "ok", "ok")


def test_a_fresh_web_process_waits_for_the_first_heartbeat_too(client, monkeypatch):
    monkeypatch.setattr(health, "PROCESS_STARTED", __import__("time").time())
    assert get_health(client)[1]["worker"] == "waiting for the first heartbeat"


def test_no_heartbeat_long_after_the_start_is_degraded(client, long_running_site):
    code, body = get_health(client)
    assert (code, body["status"]) == (200, "degraded")
    assert body["worker"].startswith("no heartbeat")


def test_a_heartbeat_makes_the_worker_ok(client, long_running_site):
    worker_started()
    heartbeat()
    code, body = get_health(client)
    assert (code, body["status"], body["worker"]) == (200, "ok", "ok")
    assert body["last_heartbeat"] == cache.get(HEARTBEAT_KEY)


def test_an_old_heartbeat_is_stale(client, long_running_site):
    old = timezone.now() - timedelta(seconds=health.heartbeat_grace() + 5)
    cache.set(HEARTBEAT_KEY, old.isoformat(), None)
    cache.set(WORKER_STARTED_KEY, (old - timedelta(seconds=5)).isoformat(), None)
    code, body = get_health(client)
    assert (code, body["status"], body["worker"]) == (200, "degraded", "stale")


def test_without_a_database_the_site_is_down(client, monkeypatch):
    def broken():
        raise OperationalError("connection refused")

    monkeypatch.setattr(health.connection, "cursor", broken)
    code, body = get_health(client)
    assert (code, body["status"]) == (503, "down")
    assert body["database"] == "down: OperationalError"


def test_an_unreachable_cache_is_degraded_not_down(client, caplog):
    dead = f"redis://127.0.0.1:{free_port()}/0"
    caches = {
        **settings.CACHES,
        "default": {"BACKEND": "complots_site.cache.FallbackRedisCache", "LOCATION": dead},
    }
    with override_settings(CACHES=caches, REDIS_URL=dead):
        code, body = get_health(client)
        assert (code, body["status"]) == (200, "degraded")
        assert body["cache"] == "down: serving from process memory"
        assert body["live"] == "down: pages poll the database"
        assert body["worker"] == "unknown while the cache is down"
        get_health(client)
    warnings = [r for r in caplog.records if r.getMessage().startswith("cache: Redis unreachable")]
    assert len(warnings) == 1  # once per outage, not per call


@pytest.mark.parametrize("seconds", [60.0, 10.0, 600.0])
def test_a_dead_worker_is_stale_within_two_heartbeats(client, long_running_site, seconds):
    """The only worker killed right after a heartbeat: by the time two heartbeats should
    have come, /health/ says stale (not "ok" for two periods and a half)."""
    with override_settings(CELERY_HEARTBEAT_SECONDS=seconds):
        start = timezone.now()
        cache.set(WORKER_STARTED_KEY, (start - timedelta(hours=1)).isoformat(), None)
        cache.set(HEARTBEAT_KEY, start.isoformat(), None)
        with time_machine.travel(start + timedelta(seconds=seconds), tick=False):
            assert get_health(client)[1]["worker"] == "ok"  # the next beat may be on its way
        later = start + timedelta(seconds=2 * seconds - 0.5)
        with time_machine.travel(later, tick=False):
            code, body = get_health(client)
        assert (code, body["status"], body["worker"]) == (200, "degraded", "stale")


def test_a_worker_shut_down_is_reported_at_once(client, long_running_site):
    """A worker stopped (warm shutdown, SIGTERM): no waiting for the heartbeat to age."""
    worker_started()
    heartbeat()
    assert get_health(client)[1]["worker"] == "ok"
    worker_stopped()
    code, body = get_health(client)
    assert (code, body["status"]) == (200, "degraded")
    assert body["worker"].startswith("stopped")
    worker_started()  # a worker (re)starts
    assert get_health(client)[1]["worker"] == "waiting for the first heartbeat"
    heartbeat()
    assert get_health(client)[1]["worker"] == "ok"
