"""End-to-end fixtures: a real ASGI server (uvicorn) on a free port, with its own SQLite
database, Redis live notices when Redis answers, and Debian's Chromium driven by Playwright.

Nothing is downloaded: the browser is /usr/bin/chromium (skip with a reason when missing).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("PLAYWRIGHT_CHROMIUM") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def redis_url():
    url = os.environ.get("E2E_REDIS_URL", "redis://127.0.0.1:6379/5")
    try:
        import redis

        redis.Redis.from_url(url, socket_connect_timeout=0.5).ping()
    except Exception:
        return ""
    return url


class Site:
    def __init__(self, tmp: Path, *, with_redis=True):
        self.tmp = tmp
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "DEBUG": "1",
            "DATABASE_URL": f"sqlite:///{tmp / 'e2e.sqlite3'}",
            "VAR_DIR": str(tmp / "var"),
            "REDIS_URL": redis_url() if with_redis else "",
            # Its own namespace on that Redis: each site's database numbers its games from 1,
            # and another run's keys (presence, a log's digest) must not be read as its own.
            "CACHE_KEY_PREFIX": f"e2e-{os.getpid()}-{self.port}",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "CELERY_TASK_ALWAYS_EAGER": "1",
            "PYTHONPATH": str(ROOT),
            "LOG_LEVEL": "WARNING",
        }
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.process = None

    def manage(self, *args):
        subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
        )

    def setup(self, *args):
        out = subprocess.run(
            [sys.executable, "tests/e2e/site_setup.py", *args],
            cwd=ROOT,
            env=self.env,
            check=True,
            capture_output=True,
            text=True,
        )
        return json.loads(out.stdout.strip().splitlines()[-1])

    def start(self):
        self.manage("migrate", "--noinput")
        self.log = open(self.tmp / "uvicorn.log", "w")
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "complots_site.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.base_url + "/health/", timeout=1)
                return self
            except Exception:
                if self.process.poll() is not None:
                    break
                time.sleep(0.2)
        self.stop()
        raise RuntimeError("uvicorn did not start: " + (self.tmp / "uvicorn.log").read_text())

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()


@pytest.fixture(scope="session")
def chromium_path():
    if not Path(CHROMIUM).exists() or not shutil.which(CHROMIUM):
        pytest.skip(
            f"{CHROMIUM} is missing (apt-get install -y chromium); no browser is downloaded"
        )
    return CHROMIUM


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    site = Site(tmp_path_factory.mktemp("e2e")).start()
    yield site
    site.stop()


# Console messages of Chromium about the Content-Security-Policy, from every context a test
# opens: any one fails the test (a page of the site needing something the policy forbids).
CSP_VIOLATIONS: list[str] = []


def watch_csp(context):
    context.on(
        "console",
        lambda message: (
            "Content Security Policy" in message.text
            and CSP_VIOLATIONS.append(f"{message.location.get('url', '')}: {message.text}")
        ),
    )
    return context


@pytest.fixture(autouse=True)
def no_csp_violation():
    CSP_VIOLATIONS.clear()
    yield
    found, CSP_VIOLATIONS[:] = list(CSP_VIOLATIONS), []
    assert not found, "Content Security Policy violations:\n" + "\n".join(found)


class CspWatchingBrowser:
    """The browser, whose new contexts report CSP violations to ``no_csp_violation``."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **kwargs):
        return watch_csp(self._browser.new_context(**kwargs))

    def __getattr__(self, name):
        return getattr(self._browser, name)


@pytest.fixture(scope="module")
def browser(chromium_path):
    """One Chromium per module: Playwright's sync API keeps an event loop running in this
    thread while it is open, and later modules (tests/table/test_live.py) use asyncio.run."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield CspWatchingBrowser(browser)
        browser.close()


def logged_in_context(browser, site, session_key, **kwargs):
    context = browser.new_context(base_url=site.base_url, **kwargs)
    context.add_cookies([{"name": "sessionid", "value": session_key, "url": site.base_url}])
    return context


@pytest.fixture(scope="session")
def site_polling(tmp_path_factory):
    """The same site without Redis: pages poll for changes every 2 s."""
    site = Site(tmp_path_factory.mktemp("e2e-poll"), with_redis=False).start()
    yield site
    site.stop()
