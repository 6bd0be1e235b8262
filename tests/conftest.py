"""Fixtures shared by the whole suite.

- ``make_user``, and the named players ``alice``, ``bob`` and ``carol``: users with a verified
  email address, a profile, and the password ``PASSWORD``.
- Markers: ``postgres`` (skipped unless DATABASE_URL points at PostgreSQL), ``redis``
  (skipped unless REDIS_URL is set), ``e2e`` (browser tests: skipped when no Chromium is found;
  PLAYWRIGHT_CHROMIUM names the executable, /usr/bin/chromium by default).
- ``browser`` (one per module) and ``page``: a headless Chromium driven by Playwright, for
  ``live_server``.
- The cache is emptied after every test, so rate limits never leak from one test to another.
- Translation catalogues (.mo) are compiled from the committed .po files when missing or
  older, so the suite always sees the current French.
"""

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

PASSWORD = "correct-horse-battery-staple"


def database_is_postgres():
    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def redis_url():
    return settings.REDIS_URL


def chromium_path():
    path = os.environ.get("PLAYWRIGHT_CHROMIUM") or "/usr/bin/chromium"
    return path if os.path.isfile(path) and os.access(path, os.X_OK) else shutil.which(path)


def compile_stale_catalogues():
    base = Path(settings.BASE_DIR)
    folders = [Path(folder) for folder in settings.LOCALE_PATHS] + list(base.glob("*/locale"))
    for po in sorted({po for folder in folders for po in folder.glob("*/LC_MESSAGES/*.po")}):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        msgfmt = shutil.which("msgfmt")
        if not msgfmt:
            raise pytest.UsageError(
                f"{po} needs compiling and gettext's msgfmt is missing (apt-get install gettext)"
            )
        subprocess.run([msgfmt, "--check-format", "-o", str(mo), str(po)], check=True)


def pytest_sessionstart(session):
    compile_stale_catalogues()


def pytest_collection_modifyitems(config, items):
    skip_pg = pytest.mark.skip(reason="needs PostgreSQL (DATABASE_URL=postgres://...)")
    skip_redis = pytest.mark.skip(reason="needs Redis (REDIS_URL=redis://...)")
    skip_browser = pytest.mark.skip(reason="needs Chromium (PLAYWRIGHT_CHROMIUM or apt chromium)")
    for item in items:
        if "postgres" in item.keywords and not database_is_postgres():
            item.add_marker(skip_pg)
        if "redis" in item.keywords and not redis_url():
            item.add_marker(skip_redis)
        if "e2e" in item.keywords and not chromium_path():
            item.add_marker(skip_browser)


@pytest.fixture(autouse=True)
def _empty_cache_after_test():
    yield
    from django.core.cache import cache, caches

    caches["local"].clear()  # keyed by game and version: ids come back in a new test

    if settings.REDIS_URL:
        client = cache._cache.get_client(None, write=True)
        prefix = settings.CACHES["default"]["KEY_PREFIX"]
        keys = list(client.scan_iter(match=f"{prefix}:*", count=500))
        if keys:
            client.delete(*keys)
    else:
        cache.clear()


@pytest.fixture
def make_user(db):
    """``make_user("dave", display_name="Dave", verified=True)``: a user ready to log in."""
    from tests.accounts.factories import UserFactory

    def make(username, *, email=None, verified=True, password=PASSWORD, **profile_fields):
        user = UserFactory(
            username=username,
            email=email or f"{username}@example.com",
            password=password,
            email_verified=verified,
        )
        if profile_fields:
            for name, value in profile_fields.items():
                setattr(user.profile, name, value)
            user.profile.save()
        return user

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice", display_name="Alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob", display_name="Bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol", display_name="Carol")


@pytest.fixture(scope="module")
def browser():
    """A headless Debian Chromium (never a Playwright-downloaded one), one per test module.

    Playwright's sync API keeps an event loop running in this thread while it is open, so it
    is closed at the end of each module: later tests may use ``asyncio.run`` again.
    """
    path = chromium_path()
    if not path:
        pytest.skip("needs Chromium (PLAYWRIGHT_CHROMIUM or apt chromium)")
    # The test's own ORM calls (fixtures, assertions) run beside Playwright's event loop.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=path, headless=True, args=["--no-sandbox", "--disable-gpu"]
            )
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(locale="en-GB", base_url=live_server.url)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
