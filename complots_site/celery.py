import logging
import os
import threading
import time

from celery import Celery
from celery.schedules import crontab
from kombu.exceptions import OperationalError

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.settings")

log = logging.getLogger(__name__)


class _BrokerOutage:
    """Per process: when the broker was last found unreachable, so that the requests of
    the next few seconds give up at once instead of each waiting for a connection."""

    def __init__(self):
        self.lock = threading.Lock()
        self.down = False
        self.retry_at = 0.0


class CeleryApp(Celery):
    """Celery whose publishing gives up quickly while the broker is down.

    A failed publish (the settings keep it to about a second) raises as usual, and for the
    next ``PUBLISH_BACKOFF_SECONDS`` every publish raises ``OperationalError`` at once. The
    callers log it and carry on: the beat's sweeper enqueues from the database what was
    missed (deadlines, mails, bot moves). One warning per outage, one when it is over.
    """

    _outages: dict = {}  # per process and per broker URL
    _outages_lock = threading.Lock()

    @property
    def outage(self) -> _BrokerOutage:
        with self._outages_lock:
            return self._outages.setdefault(str(self.conf.broker_url), _BrokerOutage())

    def send_task(self, *args, **kwargs):
        outage = self.outage
        if outage.down and time.monotonic() < outage.retry_at:
            raise OperationalError("broker unreachable a moment ago; not retrying yet")
        try:
            result = super().send_task(*args, **kwargs)
        except OperationalError as error:
            self._broker_down(error)
            raise
        if outage.down:
            with outage.lock:
                outage.down = False
            log.warning("celery: the broker answers again")
        return result

    def _broker_down(self, error):
        from django.conf import settings

        outage = self.outage
        with outage.lock:
            outage.retry_at = time.monotonic() + getattr(settings, "PUBLISH_BACKOFF_SECONDS", 5)
            if outage.down:
                return
            outage.down = True
        log.warning("celery: broker unreachable (%s); tasks are left to the sweeper", error)

    def broker_reachable(self, timeout=1.0) -> bool:
        """Connect to the broker now (for /health/)."""
        try:
            with self.connection_for_write() as connection:
                connection.ensure_connection(max_retries=0, timeout=timeout)
        except Exception:  # noqa: BLE001  (any transport's failure means "down")
            return False
        return True


app = CeleryApp("complots_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["complots_site"])

# Beat schedule (games/clock/tasks.py, games/mail/tasks.py). The sweeper enforces deadlines
# and catches up lost work; sweeps that wait longer than two intervals in the queue expire
# (the next one does it all).
_sweep_seconds = float(os.environ.get("DEADLINE_SWEEP_SECONDS", "5"))
app.conf.beat_schedule = {
    **(app.conf.beat_schedule or {}),
    "clock-deadlines-sweep": {
        "task": "clock.deadlines_sweep",
        "schedule": _sweep_seconds,
        "options": {"expires": max(2 * _sweep_seconds, 2.0)},
    },
    "mail-digest-collect": {
        "task": "mail.digest_collect",
        "schedule": crontab(minute="*/15"),
        "options": {"expires": 600},
    },
}
