"""The site's settings plus django_eventstream behind Pushpin (see the package's docstring)."""

import os

from complots_site.settings import *  # noqa: F403
from complots_site.settings import INSTALLED_APPS, MIDDLEWARE

INSTALLED_APPS = [*INSTALLED_APPS, "django_eventstream", "eventstream_trial.apps.TrialConfig"]
MIDDLEWARE = ["django_grip.GripMiddleware", *MIDDLEWARE]
ROOT_URLCONF = "eventstream_trial.urls"
# Requests count as coming through Pushpin only when it signed them (its sig_key: the key
# of the URL; GRIP_VERIFY_KEY alone fails in django_grip 3.5.2, which reads "key" all the same)
GRIP_URL = "{}?iss=pushpin&key={}".format(
    os.environ.get("BENCH_GRIP_URL", "http://127.0.0.1:5561"),
    os.environ.get("BENCH_GRIP_KEY", "bench-grip-key"),
)
EVENTSTREAM_STORAGE_CLASS = "django_eventstream.storage.DjangoModelStorage"
EVENTSTREAM_CHANNELMANAGER_CLASS = "eventstream_trial.channels.GameChannels"
