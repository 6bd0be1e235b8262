"""Settings for the test suite (pytest's DJANGO_SETTINGS_MODULE).

The real settings, read from the same environment, with what tests need on top: a test
SECRET_KEY when none is set (so nobody has to export DEBUG=1), fast password hashing,
in-memory email and a private cache. DATABASE_URL and REDIS_URL are honoured, so the same
suite runs on SQLite or PostgreSQL, with or without Redis.
"""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-" + "x" * 40)

from .settings import *  # noqa: E402,F403
from .settings import CACHES, REDIS_URL  # noqa: E402

ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1", "[::1]"]
SECURE_SSL_REDIRECT = False
SESSION_COOKIE_SECURE = False
CSRF_COOKIE_SECURE = False
SECURE_HSTS_SECONDS = 0
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "http"

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"

# The site's namespace on Redis (live channels, the beat's lock), private to this run: two
# runs on one Redis number their games alike and would hear each other's notices.
CACHE_KEY_PREFIX = f"complots-test-{os.getpid()}"

# A cache of the same kind as production's, private to this run: Redis when REDIS_URL is set
# (keys under a per-process prefix, removed after each test), else local memory.
if REDIS_URL:
    CACHES = {
        **CACHES,
        "default": {**CACHES["default"], "KEY_PREFIX": CACHE_KEY_PREFIX},
    }
else:
    CACHES = {**CACHES, "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Tasks run in the test's own process unless a test starts a real worker.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_AUTOREFRESH = True
