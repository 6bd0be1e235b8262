"""The deployment recipe on one machine, for the tests: HAProxy started from
deploy/haproxy.cfg, in front of web processes started by deploy/bin/web (the command lines
of deploy/systemd/), on the test database and a Redis."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

from .harness import BASE_DIR, free_port, wait_for

DEPLOY = BASE_DIR / "deploy"


def haproxy_binary():
    return shutil.which("haproxy") or (
        "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None
    )


class Cluster:
    """`n` web processes behind HAProxy; `base` is HAProxy's address."""

    def __init__(self, workdir: Path, env: dict, n: int = 2):
        self.workdir = workdir
        self.env = {
            **env,
            "COMPLOTS_VENV": str(Path(sys.executable).parent.parent),
        }
        self.env.pop("DJANGO_SETTINGS_MODULE", None)
        self.ports = [free_port() for _ in range(n)]
        self.lb_port = free_port()
        self.web: dict[int, subprocess.Popen] = {}
        self.haproxy = None
        self.logs = {}

    @property
    def base(self):
        return f"http://127.0.0.1:{self.lb_port}"

    def answers(self, port):
        try:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/health/", headers={"X-Forwarded-Proto": "https"}
            )
            urllib.request.urlopen(request, timeout=1)
        except urllib.error.HTTPError:
            return True
        except OSError:
            return False
        return True

    def start_web(self, index):
        port = self.ports[index]
        log = open(self.workdir / f"web{index + 1}.log", "a")  # noqa: SIM115
        self.logs[index] = log
        self.web[index] = subprocess.Popen(
            [str(DEPLOY / "bin" / "web"), str(port)],
            cwd=BASE_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip
        wait_for(lambda: self.answers(port), 60, 0.1, f"web process {index + 1}")

    def stop_web(self, index, sig=signal.SIGTERM):
        process = self.web.pop(index, None)
        if process is None or process.poll() is not None:
            return
        os.killpg(process.pid, sig)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
        self.logs.pop(index).close()

    def start(self):
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput"],
            cwd=BASE_DIR, env=self.env, check=True, capture_output=True,
        )  # fmt: skip
        for index in range(len(self.ports)):
            self.start_web(index)
        env = {
            **self.env,
            "COMPLOTS_LISTEN": f"127.0.0.1:{self.lb_port}",
            **{f"COMPLOTS_WEB{i + 1}": f"127.0.0.1:{p}" for i, p in enumerate(self.ports)},
        }
        self.haproxy = subprocess.Popen(
            [haproxy_binary(), "-f", str(DEPLOY / "haproxy.cfg"), "-db"],
            env=env, stdout=open(self.workdir / "haproxy.log", "a"),  # noqa: SIM115
            stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip
        wait_for(lambda: self.answers(self.lb_port), 20, 0.1, "HAProxy")
        return self

    def stop(self):
        if self.haproxy is not None and self.haproxy.poll() is None:
            self.haproxy.terminate()
            self.haproxy.wait(timeout=10)
        for index in list(self.web):
            self.stop_web(index)
