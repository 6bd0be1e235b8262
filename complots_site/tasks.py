"""Site-wide periodic tasks. Game tasks live in games/tasks.py."""

from celery import shared_task
from celery.signals import worker_ready, worker_shutdown
from django.core.cache import cache
from django.core.management import call_command
from django.utils import timezone

HEARTBEAT_KEY = "celery:heartbeat"
WORKER_STARTED_KEY = "celery:worker-started"
WORKER_STOPPED_KEY = "celery:worker-stopped"


@worker_ready.connect(dispatch_uid="complots_site_worker_started")
def worker_started(**kwargs):
    """A worker starting: /health/ waits for the first heartbeat instead of reporting none."""
    cache.set(WORKER_STARTED_KEY, timezone.now().isoformat(), timeout=None)


@worker_shutdown.connect(dispatch_uid="complots_site_worker_stopped")
def worker_stopped(**kwargs):
    """A worker shutting down (SIGTERM, SIGINT): /health/ says so at once, until a worker
    starts or a heartbeat shows another one running. A killed worker (SIGKILL, a lost
    machine) says nothing: its heartbeat goes stale within two periods."""
    try:
        cache.set(WORKER_STOPPED_KEY, timezone.now().isoformat(), timeout=None)
    except Exception:  # noqa: BLE001  (the cache down: the heartbeat will tell)
        pass


@shared_task(name="complots_site.heartbeat", ignore_result=True)
def heartbeat():
    """Beat sends this every CELERY_HEARTBEAT_SECONDS; /health/ reads when a worker ran it."""
    cache.set(HEARTBEAT_KEY, timezone.now().isoformat(), timeout=None)


@shared_task(name="complots_site.clear_sessions", ignore_result=True)
def clear_sessions():
    """Delete expired sessions (daily)."""
    call_command("clearsessions")
