"""/health/: each part's state, "waiting for the first heartbeat" in a worker's first minute,
"degraded" (200) when the cache is down, "down" (503) only without a database."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.db import OperationalError
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone

from complots_site import health
from complots_site.tasks import HEARTBEAT_KEY, WORKER_STARTED_KEY, heartbeat, worker_started
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
