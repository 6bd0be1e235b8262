"""What `/health/` reports: each part of the site, and an overall verdict.

    {"status": "ok" | "degraded" | "down",
     "database": "ok" | "down: <error>",
     "cache": "ok" | "down: serving from process memory",
     "broker": "ok" | "down",
     "live": "ok" | "down: pages poll the database" | "ok: pages poll the database",
     "worker": "ok" | "waiting for the first heartbeat" | "stale" | "stopped ..." |
               "no heartbeat" | ...,
     "last_heartbeat": "<ISO time>"   (only when one was recorded)}

"down" (HTTP 503) only without a database: everything else has a fallback (process memory
for the cache, the sweeper for tasks not enqueued, database polling for live notices), so
the site answers and the verdict is "degraded" (HTTP 200).
"""

from __future__ import annotations

import time
from datetime import datetime, timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import DatabaseError, connection
from django.utils import timezone

from .tasks import HEARTBEAT_KEY, WORKER_STARTED_KEY, WORKER_STOPPED_KEY

PROCESS_STARTED = time.time()
_live_clients: dict[str, object] = {}


# How late a heartbeat may be (beat -> broker -> worker), at most half a period.
HEARTBEAT_LATENESS_SECONDS = 30.0


def heartbeat_grace() -> float:
    """How long a heartbeat stays fresh, and how long a new worker waits for its first: one
    period and a margin for its delivery (half a period at most), so that a worker killed
    just after a heartbeat is reported stale before the second one is due."""
    period = settings.CELERY_HEARTBEAT_SECONDS
    return period + min(period / 2, HEARTBEAT_LATENESS_SECONDS)


def check_database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError as error:
        return f"down: {error.__class__.__name__}"
    return "ok"


def check_cache() -> str:
    probe = getattr(cache, "probe", None)
    if probe is not None:  # complots_site.cache.FallbackRedisCache
        return "ok" if probe() else "down: serving from process memory"
    try:
        cache.set("health:probe", "ok", timeout=10)
        return "ok" if cache.get("health:probe") == "ok" else "down: reads back nothing"
    except Exception as error:  # noqa: BLE001  (any cache backend failure)
        return f"down: {error.__class__.__name__}"


def check_broker() -> str:
    from .celery import app

    return "ok" if app.broker_reachable(timeout=1.0) else "down"


def check_live() -> str:
    url = getattr(settings, "REDIS_URL", "")
    if not url:
        return "ok: pages poll the database"
    client = _live_clients.get(url)
    if client is None:
        import redis

        client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5)
        _live_clients[url] = client
    try:
        client.ping()
    except Exception:  # noqa: BLE001  (down, timeout, refused)
        return "down: pages poll the database"
    return "ok"


def _parse(value):
    try:
        return datetime.fromisoformat(value) if value else None
    except (TypeError, ValueError):
        return None


def check_worker(cache_ok: bool) -> dict:
    """The beat → broker → worker chain, from the last heartbeat a worker recorded."""
    if not cache_ok:
        return {"worker": "unknown while the cache is down"}
    try:
        last = _parse(cache.get(HEARTBEAT_KEY))
        started = _parse(cache.get(WORKER_STARTED_KEY))
        stopped = _parse(cache.get(WORKER_STOPPED_KEY))
    except Exception:  # noqa: BLE001
        return {"worker": "unknown while the cache is down"}
    now, grace = timezone.now(), timedelta(seconds=heartbeat_grace())
    if last is None:
        recent_start = (started is not None and now - started <= grace) or (
            time.time() - PROCESS_STARTED <= grace.total_seconds()
        )
        if recent_start:
            return {"worker": "waiting for the first heartbeat"}
        return {"worker": "no heartbeat: are a worker and the beat running?"}
    report = {"last_heartbeat": last.isoformat()}
    if stopped is not None and stopped > last and (started is None or stopped > started):
        # A worker shut down since the last heartbeat and none started since: until a
        # heartbeat shows another one running, say so rather than "ok".
        report["worker"] = f"stopped at {stopped.isoformat()}: is another worker running?"
    elif started is not None and started > last and now - started <= grace:
        report["worker"] = "waiting for the first heartbeat"  # a worker restarted since
    elif now - last > grace:
        report["worker"] = "stale"
    else:
        report["worker"] = "ok"
    return report


def report() -> tuple[dict, int]:
    """The report and its HTTP status."""
    status = {"database": check_database(), "cache": check_cache()}
    status["broker"] = check_broker()
    status["live"] = check_live()
    status.update(check_worker(status["cache"] == "ok"))
    parts_ok = all(
        str(status[name]).startswith("ok") for name in ("cache", "broker", "live")
    ) and status["worker"] in ("ok", "waiting for the first heartbeat")
    if status["database"] != "ok":
        verdict = "down"
    else:
        verdict = "ok" if parts_ok else "degraded"
    return {"status": verdict, **status}, 503 if verdict == "down" else 200
