import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.settings")

app = Celery("complots_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.autodiscover_tasks(["complots_site"])
