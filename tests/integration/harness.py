"""Real Celery worker and beat subprocesses, and a private redis-server, for the tests.

The machine's Redis (REDIS_URL) is never stopped or flushed: the tests start their own
redis-server on a free port (no persistence) and point the subprocesses' broker and cache,
and this process's Celery app, at it. The subprocesses use the test database
(pytest-django's test_<name>) through DATABASE_URL.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_for(predicate, timeout, interval=0.1, message="condition"):
    """Poll `predicate` until truthy (returned) or fail after `timeout` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"timed out after {timeout} s waiting for {message}")
        time.sleep(interval)


def deployed_env(tmp_path, **overrides) -> dict:
    """The environment of a deployed web process (DEBUG off, its own static files collected,
    no Redis, Celery eager) on the test database, with `overrides` on top."""
    env = {
        **os.environ,
        "DEBUG": "0",
        "SECRET_KEY": "x" * 60,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "REDIS_URL": "",
        "VAR_DIR": str(tmp_path / "var"),
        "STATIC_ROOT": str(tmp_path / "static"),
        "CELERY_TASK_ALWAYS_EAGER": "1",
        "COMPLOTS_VENV": str(Path(sys.executable).parent.parent),
        "PYTHONPATH": str(BASE_DIR),
        "LOG_LEVEL": "WARNING",
        **overrides,
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    subprocess.run(  # DEBUG off: the pages name the hashed static files
        [sys.executable, "manage.py", "collectstatic", "--noinput"],
        cwd=BASE_DIR, env=env, check=True, capture_output=True,
    )  # fmt: skip
    return env


@contextmanager
def web_process(tmp_path, env):
    """One web process as the units start it (deploy/bin/web) on a free port: yields its
    base address and log file once `/health/` answers (any status), stops it after."""
    port = free_port()
    log_path = tmp_path / "web.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [str(BASE_DIR / "deploy" / "bin" / "web"), str(port)],
            cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
    base = f"http://127.0.0.1:{port}"

    def answers():
        try:
            urllib.request.urlopen(base + "/health/", timeout=1)
        except urllib.error.HTTPError:
            return True
        except OSError:
            assert process.poll() is None, log_path.read_text()
            return False
        return True

    try:
        wait_for(answers, 30, message="the web process to answer")
        yield base, log_path
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


class RedisServer:
    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.port = free_port()
        self.process = None

    @property
    def url(self):
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        binary = shutil.which("redis-server")
        self.process = subprocess.Popen(
            [
                binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.workdir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        wait_for(self.ping, 10, message="redis-server to answer")

    def ping(self):
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None


class CeleryProcesses:
    """A worker and a beat of the site's Celery app, as the site runs them."""

    def __init__(self, workdir: Path, env: dict):
        self.workdir = workdir
        # A beat started after one was killed waits for the dead one's lock in Redis to
        # expire (complots_site/beat.py): 3 s here rather than the site's 30.
        self.env = {"CELERY_BEAT_LOCK_SECONDS": "3", **env}
        self.worker = None
        self.beat = None
        self.log_path = workdir / "celery.log"
        self.restarts = []
        self._log = open(self.log_path, "a")  # noqa: SIM115  (closed in stop_all)

    def _start(self, *args):
        return subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "tests.integration.celery_app",
                *args,
                "--loglevel=INFO",
            ],
            env=self.env,
            cwd=BASE_DIR,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def start_worker(self):
        self.worker = self._start(
            "worker",
            "--pool=solo",
            "--concurrency=1",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            f"--hostname=w{time.time_ns()}@test",
        )
        wait_for(lambda: "ready." in self.log(), 30, 0.2, "the worker to be ready")

    def revive(self):
        """What a process supervisor (systemd Restart=always) does: start again whatever
        died. Returns the number of processes restarted."""
        restarted = 0
        if self.worker is not None and self.worker.poll() is not None:
            self.restarts.append(("worker", self.worker.returncode))
            self.worker = self._start(
                "worker",
                "--pool=solo",
                "--concurrency=1",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                f"--hostname=w{time.time_ns()}@test",
            )
            restarted += 1
        if self.beat is not None and self.beat.poll() is not None:
            self.restarts.append(("beat", self.beat.returncode))
            self.start_beat()
            restarted += 1
        return restarted

    def start_beat(self):
        self.beat = self._start(
            "beat", f"--schedule={self.workdir / 'beat-schedule'}", "--max-interval=1"
        )

    def log(self):
        return self.log_path.read_text(errors="replace")

    @staticmethod
    def _kill(process, sig):
        if process is None or process.poll() is not None:
            return
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            return
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def kill_worker(self):
        """SIGKILL: the worker dies mid-task, as on a crash or an OOM kill."""
        self._kill(self.worker, signal.SIGKILL)
        self.worker = None

    def stop_all(self):
        self._kill(self.beat, signal.SIGTERM)
        self._kill(self.worker, signal.SIGTERM)
        self.beat = self.worker = None
        self._log.close()


def db_url() -> str:
    """The test database's URL, for the worker and beat subprocesses to share it."""
    from django.db import connection

    db = connection.settings_dict
    user = db.get("USER") or "postgres"
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    host, port = db.get("HOST") or "127.0.0.1", db.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"


def point_app_at(url, *, eager=False) -> None:
    """This process's Celery app publishes to broker `url` (pools dropped to reconnect)."""
    from complots_site.celery import app as celery_app

    celery_app.conf.broker_url = url
    celery_app.conf.task_always_eager = eager
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
