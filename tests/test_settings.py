"""Settings read from the environment. Each case imports the settings in a fresh process."""

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

BASE_DIR = Path(__file__).resolve().parent.parent
PRODUCTION_SECRET = secrets.token_urlsafe(50)


def clean_env(tmp_path, **env):
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_", "REDIS_", "EMAIL_", "CELERY_", "CACHE_"))
        and key not in {"DEBUG", "SECRET_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS"}
    }
    base.update({"VAR_DIR": str(tmp_path / "var"), "PYTHONPATH": str(BASE_DIR)}, **env)
    return base


def read_settings(tmp_path, names, **env):
    """The named settings, as the site would see them under ``env``."""
    code = (
        "import json, os\n"
        "os.environ['DJANGO_SETTINGS_MODULE'] = 'complots_site.settings'\n"
        "from django.conf import settings\n"
        f"print(json.dumps({{n: getattr(settings, n, None) for n in {names!r}}}, default=str))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=clean_env(tmp_path, **env),
        capture_output=True,
        text=True,
        cwd=BASE_DIR,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def manage(tmp_path, *args, **env):
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        env=clean_env(tmp_path, **env),
        capture_output=True,
        text=True,
        cwd=BASE_DIR,
        timeout=120,
    )


def test_without_debug_a_secret_key_is_required(tmp_path):
    result = manage(tmp_path, "check")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_debug_gives_a_development_key_and_local_hosts(tmp_path):
    values = read_settings(tmp_path, ["SECRET_KEY", "ALLOWED_HOSTS", "DEBUG"], DEBUG="1")
    assert values["DEBUG"] is True
    assert values["SECRET_KEY"].startswith("dev-only")
    assert "127.0.0.1" in values["ALLOWED_HOSTS"]


def test_defaults_need_nothing_else_running(tmp_path):
    values = read_settings(
        tmp_path,
        ["DATABASES", "CACHES", "CELERY_BROKER_URL", "EMAIL_BACKEND", "CELERY_BEAT_SCHEDULER"],
        SECRET_KEY=PRODUCTION_SECRET,
    )
    database = values["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.sqlite3"
    assert database["NAME"] == str(tmp_path / "var" / "db.sqlite3")
    assert values["CACHES"]["default"]["BACKEND"].endswith("FileBasedCache")
    assert values["CELERY_BROKER_URL"] == "filesystem://"
    assert values["CELERY_BEAT_SCHEDULER"] is None  # Celery's own: a schedule file, no lock
    assert values["EMAIL_BACKEND"].endswith("console.EmailBackend")
    assert (tmp_path / "var" / "broker" / "queue").is_dir()


def test_postgres_redis_and_smtp_from_urls(tmp_path):
    values = read_settings(
        tmp_path,
        [
            "DATABASES",
            "CACHES",
            "CELERY_BROKER_URL",
            "CELERY_BEAT_SCHEDULER",
            "CELERY_BEAT_LOCK_SECONDS",
            "EMAIL_BACKEND",
            "EMAIL_HOST",
            "EMAIL_PORT",
            "EMAIL_HOST_USER",
            "EMAIL_HOST_PASSWORD",
            "EMAIL_USE_TLS",
        ],
        SECRET_KEY=PRODUCTION_SECRET,
        DATABASE_URL="postgres://game:pw@db.internal:5433/complots",
        REDIS_URL="redis://cache.internal:6379/2",
        EMAIL_URL="smtp://mailer:s%40cret@smtp.example.com:587?tls=1",
    )
    database = values["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["HOST"], database["PORT"], database["NAME"]) == (
        "db.internal",
        5433,
        "complots",
    )
    assert database["OPTIONS"]["pool"]["max_size"] >= 2  # pooled connections
    assert database["CONN_MAX_AGE"] == 0
    assert values["CACHES"]["default"]["BACKEND"].endswith("RedisCache")
    assert values["CELERY_BROKER_URL"] == "redis://cache.internal:6379/2"
    # exactly one beat in the site: RedBeat's lock in Redis
    assert values["CELERY_BEAT_SCHEDULER"] == "complots_site.beat.RedBeatScheduler"
    assert values["CELERY_BEAT_LOCK_SECONDS"] == 30
    assert values["EMAIL_BACKEND"].endswith("smtp.EmailBackend")
    assert (values["EMAIL_HOST"], values["EMAIL_PORT"]) == ("smtp.example.com", 587)
    assert (values["EMAIL_HOST_USER"], values["EMAIL_HOST_PASSWORD"]) == ("mailer", "s@cret")
    assert values["EMAIL_USE_TLS"] is True


def test_persistent_connections_without_the_pool(tmp_path):
    values = read_settings(
        tmp_path,
        ["DATABASES"],
        SECRET_KEY=PRODUCTION_SECRET,
        DATABASE_URL="postgres://postgres@127.0.0.1:5432/test",
        DATABASE_POOL="0",
    )
    database = values["DATABASES"]["default"]
    assert database["CONN_MAX_AGE"] == 60
    assert "pool" not in database.get("OPTIONS", {})


def test_statements_are_prepared_on_postgres_unless_turned_off(tmp_path):
    url = "postgres://postgres@127.0.0.1:5432/test"
    options = read_settings(
        tmp_path, ["DATABASES"], SECRET_KEY=PRODUCTION_SECRET, DATABASE_URL=url
    )["DATABASES"]["default"]["OPTIONS"]
    assert (options["server_side_binding"], options["prepare_threshold"]) == (True, 5)
    options = read_settings(
        tmp_path,
        ["DATABASES"],
        SECRET_KEY=PRODUCTION_SECRET,
        DATABASE_URL=url,
        DATABASE_PREPARE_THRESHOLD="off",
    )["DATABASES"]["default"]["OPTIONS"]
    assert options["prepare_threshold"] is None
    result = manage(
        tmp_path, "check", SECRET_KEY=PRODUCTION_SECRET, DATABASE_URL=url,
        DATABASE_PREPARE_THRESHOLD="often",
    )
    assert result.returncode != 0
    assert "DATABASE_PREPARE_THRESHOLD must be a number of runs or off" in result.stderr
    sqlite = read_settings(tmp_path, ["DATABASES"], SECRET_KEY=PRODUCTION_SECRET)
    assert "prepare_threshold" not in sqlite["DATABASES"]["default"]["OPTIONS"]


def test_an_unknown_email_scheme_is_a_clear_error(tmp_path):
    result = manage(tmp_path, "check", DEBUG="1", EMAIL_URL="pigeon://coop")
    assert result.returncode != 0
    assert "Unknown EMAIL_URL scheme: pigeon" in result.stderr


def test_hosts_and_trusted_origins(tmp_path):
    values = read_settings(
        tmp_path,
        ["ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS"],
        SECRET_KEY=PRODUCTION_SECRET,
        ALLOWED_HOSTS="complots.example, www.complots.example",
        CSRF_TRUSTED_ORIGINS="https://complots.example",
    )
    assert values["ALLOWED_HOSTS"] == ["complots.example", "www.complots.example"]
    assert values["CSRF_TRUSTED_ORIGINS"] == ["https://complots.example"]


def test_production_settings_pass_the_deployment_check(tmp_path):
    result = manage(
        tmp_path,
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        SECRET_KEY=PRODUCTION_SECRET,
        ALLOWED_HOSTS="complots.example",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.parametrize("module", ["complots_site.asgi", "complots_site.wsgi"])
def test_the_servers_entry_points_load(tmp_path, module):
    code = f"import {module} as m; print(type(m.application).__name__)"
    result = subprocess.run(
        [sys.executable, "-c", code],
        env=clean_env(tmp_path, DEBUG="1"),
        capture_output=True,
        text=True,
        cwd=BASE_DIR,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() in {"ASGIHandler", "WSGIHandler"}


def test_production_static_files_collect_and_are_served_by_whitenoise(tmp_path):
    """collectstatic with the hashed, compressed storage, then a request for htmx."""
    env = {
        "SECRET_KEY": PRODUCTION_SECRET,
        "ALLOWED_HOSTS": "complots.example",
        "STATIC_ROOT": str(tmp_path / "static"),
    }
    result = manage(tmp_path, "collectstatic", "--no-input", "-v0", **env)
    assert result.returncode == 0, result.stderr
    code = (
        "import os, django\n"
        "os.environ['DJANGO_SETTINGS_MODULE'] = 'complots_site.settings'\n"
        "django.setup()\n"
        "from django.templatetags.static import static\n"
        "from django.test import Client\n"
        "url = static('vendor/htmx/htmx.min.js')\n"
        "response = Client().get(url, secure=True, headers={'host': 'complots.example'})\n"
        "body = b''.join(response.streaming_content)\n"
        "print(url, response.status_code, response.headers.get('Cache-Control'), len(body),\n"
        "      sep='|')\n"
    )
    served = subprocess.run(
        [sys.executable, "-c", code],
        env=clean_env(tmp_path, **env),
        capture_output=True,
        text=True,
        cwd=BASE_DIR,
        timeout=60,
    )
    assert served.returncode == 0, served.stderr
    url, status, cache_control, size = served.stdout.strip().split("|")
    assert url.startswith("/static/vendor/htmx/htmx.min.") and url.endswith(".js")
    assert status == "200"
    assert "immutable" in cache_control  # hashed names are cached for ever
    assert int(size) > 10_000
