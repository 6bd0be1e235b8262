"""Site-wide periodic tasks. Game tasks live in games/tasks.py."""

from celery import shared_task
from celery.signals import worker_ready
from django.core.cache import cache
from django.core.management import call_command
from django.utils import timezone

HEARTBEAT_KEY = "celery:heartbeat"
WORKER_STARTED_KEY = "celery:worker-started"


@worker_ready.connect(dispatch_uid="complots_site_worker_started")
def worker_started(**kwargs):
    """A worker starting: /health/ waits for the first heartbeat instead of reporting none."""
    cache.set(WORKER_STARTED_KEY, timezone.now().isoformat(), timeout=None)


@shared_task(name="complots_site.heartbeat", ignore_result=True)
def heartbeat():
    """Beat sends this every CELERY_HEARTBEAT_SECONDS; /health/ reads when a worker ran it."""
    cache.set(HEARTBEAT_KEY, timezone.now().isoformat(), timeout=None)


@shared_task(name="complots_site.clear_sessions", ignore_result=True)
def clear_sessions():
    """Delete expired sessions (daily)."""
    call_command("clearsessions")
