"""A web process at PostgreSQL's connection limit: 503 with a clear page while the database
refuses, and back to normal within seconds once connections are free.

A uvicorn process (DEBUG off, its psycopg pool as deployed) logs in as a role limited to
two connections; the test holds both, the outage lasts long enough for the pool's retries
to back off, then the test lets them go.
"""

from __future__ import annotations

import time
import urllib.error
import urllib.request

import psycopg
import pytest
from django.conf import settings

from .harness import db_url, deployed_env, wait_for, web_process

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
]

ROLE, LIMIT = "complots_limited", 2


def get(url, timeout=30):
    """(status, headers, body, seconds) of a GET, whatever the status."""
    start = time.monotonic()
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            status, headers, body = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, body = error.code, error.headers, error.read()
    return status, headers, body.decode(), time.monotonic() - start


@pytest.fixture
def limited_role():
    admin = db_url()
    name = settings.DATABASES["default"]["NAME"]
    with psycopg.connect(admin, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", [ROLE]).fetchone()
        if not exists:
            conn.execute(f"CREATE ROLE {ROLE} LOGIN CONNECTION LIMIT {LIMIT}")
        conn.execute(f"ALTER ROLE {ROLE} NOSUPERUSER CONNECTION LIMIT {LIMIT}")
        conn.execute(f"GRANT ALL ON ALL TABLES IN SCHEMA public TO {ROLE}")
        conn.execute(f"GRANT ALL ON ALL SEQUENCES IN SCHEMA public TO {ROLE}")
    db = settings.DATABASES["default"]
    host, port = db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    yield f"postgres://{ROLE}@{host}:{port}/{name}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", [ROLE]
        )
        conn.execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {ROLE}")
        conn.execute(f"REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM {ROLE}")


@pytest.fixture
def web(tmp_path, limited_role):
    env = deployed_env(
        tmp_path,
        DATABASE_URL=limited_role,
        DATABASE_POOL_MIN="1",
        DATABASE_POOL_MAX=str(LIMIT),
    )
    with web_process(tmp_path, env) as served:
        yield served


def test_503_while_the_database_refuses_and_back_within_seconds(web, limited_role):
    base, log_path = web
    page = base + "/games/"
    assert get(page)[0] == 200  # the pool holds the role's connections
    # Something else takes every connection the role may have: the site's are cut.
    hogs = []
    with psycopg.connect(db_url(), autocommit=True) as admin:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", [ROLE]
        )
        wait_for(
            lambda: (
                not admin.execute(
                    "SELECT 1 FROM pg_stat_activity WHERE usename = %s", [ROLE]
                ).fetchone()
            ),
            5,
            message="the site's connections to go",
        )
    hogs = [psycopg.connect(limited_role) for _ in range(LIMIT)]
    try:
        outage_end = time.monotonic() + 35  # the pool's retries back off: 1, 2, 4 ... 32 s apart
        answers = []
        while time.monotonic() < outage_end:
            status, headers, body, seconds = get(page)
            answers.append(status)
            assert status == 503, (status, body[:300])
            assert headers.get("Retry-After")
            assert "Traceback" not in body and "OperationalError" not in body
            assert "The site cannot reach its database" in body
            assert seconds < 12
            time.sleep(0.5)
        status, headers, body, _seconds = get(page, timeout=30)
        assert status == 503
        french = urllib.request.Request(page, headers={"Accept-Language": "fr"})
        try:
            urllib.request.urlopen(french, timeout=30)
        except urllib.error.HTTPError as error:
            assert "base de données" in error.read().decode()
    finally:
        for hog in hogs:
            hog.close()
    released = time.monotonic()
    status = wait_for(lambda: get(page)[0] == 200, 20, interval=0.2, message="recovery")
    recovery = time.monotonic() - released
    assert status and recovery < 8, recovery
    log = log_path.read_text()
    assert log.count("database unavailable") == 1, log[-3000:]
    assert log.count("Traceback") == 0, log[-3000:]
