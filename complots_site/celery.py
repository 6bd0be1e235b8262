import os

from celery import Celery
from celery.schedules import crontab

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.settings")

app = Celery("complots_site")
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
