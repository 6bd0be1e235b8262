"""The demo's Celery worker stops when its process group gets SIGTERM (scripts/demo stops its
children so): it exits within a few seconds instead of hanging in its pool's shutdown."""

import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "celery").exists(), reason="needs .venv")
def test_demo_worker_exits_on_sigterm(tmp_path):
    logfile = tmp_path / "worker.log"
    env = {**os.environ, "DEBUG": "1", "CELERY_WORKER_LOGFILE": str(logfile)}
    for name in ("REDIS_URL", "DATABASE_URL", "DJANGO_SETTINGS_MODULE"):
        env.pop(name, None)  # the demo's defaults: SQLite and the filesystem broker
    worker = subprocess.Popen(
        [str(ROOT / "scripts" / "demo-worker")],
        cwd=ROOT,
        env=env,
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if logfile.exists() and " ready." in logfile.read_text():
                break
            assert worker.poll() is None, "the worker stopped before it was ready"
            time.sleep(0.2)
        else:
            pytest.fail("the worker did not get ready within 60 s")
        os.killpg(worker.pid, signal.SIGTERM)
        start = time.monotonic()
        worker.wait(timeout=10)
        assert time.monotonic() - start < 10
    finally:
        if worker.poll() is None:
            os.killpg(worker.pid, signal.SIGKILL)
            worker.wait()
