"""Settings, read from the environment.

With nothing set the site runs on a SQLite file, a filesystem Celery broker and a file
cache under ``var/``, so a fresh checkout works at once. See README.md for every variable.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("VAR_DIR", BASE_DIR / "var"))


def env_bool(name, default=False):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name, default=""):
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "dev-only-insecure-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]" if DEBUG else "")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
SITE_URL = os.environ.get("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.sites",
    "django_htmx",
    "csp",
    "allauth",
    "allauth.account",
    "accounts",
    "games.table",
    "games.clock",
    "games.bot_seats",
    "games.tutorials",
    "games.push",
    "games.mail",
    "games.ratings",
    "games.moderation",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "complots_site.middleware.PrivateNoStoreMiddleware",
    "accounts.middleware.ProfilePreferencesMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
]

ROOT_URLCONF = "complots_site.urls"
WSGI_APPLICATION = "complots_site.wsgi.application"
ASGI_APPLICATION = "complots_site.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.template.context_processors.tz",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Database: DATABASE_URL, else a SQLite file under var/. PostgreSQL: a psycopg pool
# (DATABASE_POOL=1, what an ASGI server needs), or persistent connections (0).
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    )
    if not os.environ.get("DATABASE_URL"):
        VAR_DIR.mkdir(parents=True, exist_ok=True)
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
    "DATABASE_POOL", True
):
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    # While PostgreSQL refuses connections, a request waits at most DATABASE_POOL_TIMEOUT s
    # for one, then gets a 503 page (complots_site.dbfaults). The pool stops reconnecting
    # after DATABASE_POOL_RECONNECT_TIMEOUT s (psycopg_pool's 5 minutes of backoff kept a
    # process failing long after connections were free); the next request tries at once.
    # DATABASE_POOL_MAX_WAITING (0: no bound): requests beyond it get their 503 at once.
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": int(os.environ.get("DATABASE_POOL_MIN", "2")),
        "max_size": int(os.environ.get("DATABASE_POOL_MAX", "20")),
        "timeout": float(os.environ.get("DATABASE_POOL_TIMEOUT", "5")),
        "reconnect_timeout": float(os.environ.get("DATABASE_POOL_RECONNECT_TIMEOUT", "2")),
        "max_waiting": int(os.environ.get("DATABASE_POOL_MAX_WAITING", "0")),
    }

if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Parameters bound by the server, and the statements a process runs again and again (a
    # game page's seats with their players, clocks and records) prepared on their connection
    # after DATABASE_PREPARE_THRESHOLD runs: PostgreSQL then skips parsing and planning them,
    # which costs more than running them. DATABASE_PREPARE_THRESHOLD=off behind a pooler that
    # cannot keep prepared statements (PgBouncer in transaction mode).
    _prepare = (os.environ.get("DATABASE_PREPARE_THRESHOLD") or "5").strip().lower()
    if _prepare not in ("off", "none") and not _prepare.isdigit():
        raise ImproperlyConfigured(
            f"DATABASE_PREPARE_THRESHOLD must be a number of runs or off, not {_prepare!r}"
        )
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            "server_side_binding": True,
            "prepare_threshold": int(_prepare) if _prepare.isdigit() else None,
        }
    )
    if not _prepare.isdigit():
        # behind a transaction-mode pooler a cursor cannot outlive its transaction either
        DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Redis: cache, Celery broker and live-update pub/sub. Absent: embedded replacements.
REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    CACHES = {
        "default": {
            # RedisCache that serves from process memory while Redis is unreachable.
            "BACKEND": "complots_site.cache.FallbackRedisCache",
            "LOCATION": REDIS_URL,
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    # A request that publishes a task while Redis is down gives up within about a second
    # (complots_site.celery also skips publishing for a few seconds after a failure); the
    # beat's sweeper catches up what was not enqueued.
    CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 1, "socket_timeout": 5}
    # Exactly one beat sends the periodic tasks, on any number of machines: complots_site/beat.py
    CELERY_BEAT_SCHEDULER = "complots_site.beat.RedBeatScheduler"
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(VAR_DIR / "cache"),
        }
    }
    # Kombu's filesystem transport: every worker and beat on this machine shares the folder.
    CELERY_BROKER_URL = "filesystem://"
    _broker_dir = VAR_DIR / "broker"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_broker_dir / "queue"),
        "data_folder_out": str(_broker_dir / "queue"),
        "control_folder": str(_broker_dir / "control"),
        "processed_folder": str(_broker_dir / "processed"),
        "store_processed": False,
    }
    for _folder in ("queue", "control", "processed"):
        (_broker_dir / _folder).mkdir(parents=True, exist_ok=True)
# One site's namespace in shared stores: cache keys and the live Redis channels (games.table.live).
CACHE_KEY_PREFIX = os.environ.get("CACHE_KEY_PREFIX", "complots")
CACHES["default"]["KEY_PREFIX"] = CACHE_KEY_PREFIX
# Fragments that depend only on their key (a card face in a language, a record), in each
# process's memory (`{% cache ... using="fragments" %}`); never a player's view as a whole.
CACHES["fragments"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "fragments",
    "TIMEOUT": 3600,
    "OPTIONS": {"MAX_ENTRIES": 5000},
}
# Values under keys naming their version (a game's `state_seq`), in each process's memory
# in front of the shared cache: one version's pages read them without a trip to Redis.
CACHES["local"] = {
    "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
    "LOCATION": "local",
    "TIMEOUT": 600,
    "OPTIONS": {"MAX_ENTRIES": 2000},
}

# bench/web/: a minimal view (same middleware, a logged-in session) that the web benchmark
# compares the pages with. Off unless BENCH_VIEWS=1; never set it in production.
BENCH_VIEWS = env_bool("BENCH_VIEWS", False)

CELERY_TASK_IGNORE_RESULT = True
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1, "interval_start": 0, "interval_step": 0.2, "interval_max": 0.2,
}  # fmt: skip
# Seconds during which publishing is skipped after the broker was found unreachable.
PUBLISH_BACKOFF_SECONDS = float(os.environ.get("PUBLISH_BACKOFF_SECONDS", "5"))
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery sends what tasks print (e.g. the console mail backend's mails) to its log unless
# this is off: scripts/demo turns it off so that the demo's mails show on its console.
CELERY_WORKER_REDIRECT_STDOUTS = env_bool("CELERY_WORKER_REDIRECT_STDOUTS", True)
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", False)
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
CELERY_TIMEZONE = "UTC"
CELERY_HEARTBEAT_SECONDS = float(os.environ.get("CELERY_HEARTBEAT_SECONDS", "60"))
CELERY_BEAT_LOCK_SECONDS = int(os.environ.get("CELERY_BEAT_LOCK_SECONDS", "30"))  # with Redis
# Other apps add their entries here (e.g. the deadline sweeper).
CELERY_BEAT_SCHEDULE = {
    "heartbeat": {"task": "complots_site.heartbeat", "schedule": CELERY_HEARTBEAT_SECONDS},
    "clear-sessions": {"task": "complots_site.clear_sessions", "schedule": 24 * 60 * 60.0},
}

# Deadlines and game mail (games/deadlines.py, games/notifications.py, games/tasks.py).
DEADLINE_SWEEP_SECONDS = float(os.environ.get("DEADLINE_SWEEP_SECONDS", "5"))  # beat interval
DEADLINE_TIMER_MAX_COUNTDOWN = int(os.environ.get("DEADLINE_TIMER_MAX_COUNTDOWN", "300"))
AWAY_MAX_EXTENSION_DAYS = int(os.environ.get("AWAY_MAX_EXTENSION_DAYS", "7"))
MAIL_MIN_DECISION_SECONDS = int(os.environ.get("MAIL_MIN_DECISION_SECONDS", "300"))
# Bots: the pause before a move (s, drawn between the two), a patient bot's wait, a stall.
BOT_MOVE_DELAY_MIN = float(os.environ.get("BOT_MOVE_DELAY_MIN", "1.0"))
BOT_MOVE_DELAY_MAX = float(os.environ.get("BOT_MOVE_DELAY_MAX", "3.0"))
BOT_PATIENCE_SECONDS = float(os.environ.get("BOT_PATIENCE_SECONDS", "20"))
BOT_STALL_SECONDS = float(os.environ.get("BOT_STALL_SECONDS", "30"))
# Searching bots (``strong``): playouts per move (a count, never the clock), and their own
# Celery queue (README: "Workers"): a search never delays the sweeper, the mail, other bots.
BOT_SEARCH_PLAYOUTS = int(os.environ.get("BOT_SEARCH_PLAYOUTS", "200"))
BOT_SEARCH_QUEUE = os.environ.get("BOT_SEARCH_QUEUE", "bots_search")
CELERY_TASK_ROUTES = {"bots.bot_search": {"queue": BOT_SEARCH_QUEUE}}
# Practice games against bots (each loads the worker), per account: at most so many not
# finished, and so many started in the last hour (tutorials are not counted).
PRACTICE_MAX_RUNNING = int(os.environ.get("PRACTICE_MAX_RUNNING", "3"))
PRACTICE_MAX_PER_HOUR = int(os.environ.get("PRACTICE_MAX_PER_HOUR", "10"))

# Ratings (games.ratings): "?" below this many rated games in a pool; leaderboards list
# players rated in the last RATINGS_ACTIVE_DAYS; bots only in the bench (RATINGS_RATE_BOTS).
RATINGS_PROVISIONAL_GAMES = int(os.environ.get("RATINGS_PROVISIONAL_GAMES", "5"))
RATINGS_ACTIVE_DAYS = int(os.environ.get("RATINGS_ACTIVE_DAYS", "90"))
RATINGS_RATE_BOTS = env_bool("RATINGS_RATE_BOTS")
MAIL_DIGEST_HOUR = int(os.environ.get("MAIL_DIGEST_HOUR", "8"))  # local time of the digest
MAIL_MAX_ATTEMPTS = int(os.environ.get("MAIL_MAX_ATTEMPTS", "6"))
MAIL_RETRY_BASE_SECONDS = int(os.environ.get("MAIL_RETRY_BASE_SECONDS", "30"))
PRESENCE_TTL_SECONDS = int(os.environ.get("PRESENCE_TTL_SECONDS", "30"))

# Web Push (games.push): the VAPID pair (base64url keys) and the contact the push services
# may write to. No private key: no notifications (the devices page says why).
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "").strip()
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "").strip()
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:noreply@localhost").strip()
PUSH_MAX_ATTEMPTS = int(os.environ.get("PUSH_MAX_ATTEMPTS", "5"))
PUSH_RETRY_BASE_SECONDS = int(os.environ.get("PUSH_RETRY_BASE_SECONDS", "15"))
PUSH_TIMEOUT_SECONDS = float(os.environ.get("PUSH_TIMEOUT_SECONDS", "10"))
# A "your turn" mail waits this long (at most half the decision's time) after a push.
PUSH_MAIL_DELAY_SECONDS = int(os.environ.get("PUSH_MAIL_DELAY_SECONDS", "1800"))
PUSH_DEVICES_MAX = int(os.environ.get("PUSH_DEVICES_MAX", "10"))

# Email: console by default; EMAIL_URL=smtp://user:pass@host:587?tls=1 for SMTP.
EMAIL_URL = os.environ.get("EMAIL_URL", "")
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Complots <noreply@localhost>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
if EMAIL_URL:
    from urllib.parse import parse_qs, unquote, urlparse

    _email = urlparse(EMAIL_URL)
    _query = parse_qs(_email.query)
    if _email.scheme in {"smtp", "smtps", "submission"}:
        EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        EMAIL_HOST = _email.hostname or "localhost"
        EMAIL_PORT = _email.port or {"smtps": 465, "submission": 587}.get(_email.scheme, 25)
        EMAIL_HOST_USER = unquote(_email.username or "")
        EMAIL_HOST_PASSWORD = unquote(_email.password or "")
        EMAIL_USE_SSL = _email.scheme == "smtps"
        EMAIL_USE_TLS = not EMAIL_USE_SSL and (
            _email.scheme == "submission" or _query.get("tls", ["0"])[0] in {"1", "true"}
        )
        EMAIL_TIMEOUT = 10
    elif _email.scheme == "console":
        EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    elif _email.scheme == "file":
        EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
        EMAIL_FILE_PATH = _email.path
    elif _email.scheme == "locmem":
        EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    else:
        raise ImproperlyConfigured(f"Unknown EMAIL_URL scheme: {_email.scheme}")
else:
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Django's and allauth's backends, loading the profile with the user (one query).
AUTHENTICATION_BACKENDS = [
    "accounts.backends.ProfileModelBackend",
    "accounts.backends.ProfileAllauthBackend",
]
# Sessions read from the cache, written through to the database (a cache outage falls back
# to the database: accounts.sessions).
SESSION_ENGINE = "accounts.sessions"
SITE_ID = 1
SITE_NAME = "Complots"
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# django-allauth: sign-up with a mandatory verified email, log in by username or email.
# Rate limits live in the cache above (file cache or Redis), so they hold across processes.
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CONFIRM_EMAIL_ON_GET = False
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_ON_PASSWORD_CHANGE = False
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Complots] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "http" if DEBUG else "https"
ACCOUNT_USER_DISPLAY = "accounts.models.display_name"
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
# Failed logins count per client address (REMOTE_ADDR) and per account, whatever spelling
# of it was typed (accounts/adapter.py). The account's lock is a slowdown: a code sent by
# mail still signs its owner in, and a completed password reset clears the count.
ACCOUNT_LOGIN_BY_CODE_ENABLED = True
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/5m/key",
    "signup": "20/m/ip",
    "reset_password": "20/m/ip,5/m/key",
    "change_password": "5/m/user",
}

# Internationalisation: French and English, the profile's language else the browser's.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
# Site CSS/JS in static/; htmx and its SSE extension come from npm (package.json), served
# as static/vendor/htmx/ and static/vendor/htmx-ext-sse/ straight from node_modules.
STATICFILES_DIRS = [
    BASE_DIR / "static",
    ("vendor/htmx", BASE_DIR / "node_modules" / "htmx.org" / "dist"),
    ("vendor/htmx-ext-sse", BASE_DIR / "node_modules" / "htmx-ext-sse" / "dist"),
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}

# Security: strict when DEBUG is off (manage.py check --deploy reports nothing).
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

# Content-Security-Policy (django-csp): only this site's own files, no inline script or
# style (templates use static files, classes and data attributes), no framing, no plugins.
# connect-src: htmx requests and the live updates' EventSource.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}
# Permissions-Policy (django-permissions-policy): every powerful feature off, except the
# clipboard (copy buttons) and autoplay (the game page's move sound, Web Audio).
PERMISSIONS_POLICY = {
    feature: []
    for feature in (
        "accelerometer", "ambient-light-sensor", "bluetooth", "browsing-topics", "camera",
        "display-capture", "encrypted-media", "fullscreen", "gamepad", "geolocation",
        "gyroscope", "hid", "idle-detection", "interest-cohort", "local-fonts", "magnetometer",
        "microphone", "midi", "payment", "picture-in-picture", "publickey-credentials-get",
        "screen-wake-lock", "serial", "usb", "window-management", "xr-spatial-tracking",
    )
} | {"autoplay": ["self"], "clipboard-write": ["self"]}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    # a refused request (403, 400...) logs one line, without the traceback of the refusal
    "filters": {
        "one_line": {"()": "complots_site.logfilters.ClientErrorsOneLine"},
        "database_once": {"()": "complots_site.logfilters.DatabaseUnavailableOnce"},
    },
    "loggers": {
        # the database out of reach: one warning per outage (complots_site.dbfaults)
        "django.request": {"filters": ["database_once", "one_line"]},
        "django.security": {"filters": ["one_line"]},
    },
}
