"""The demo prints its mails on its console (README): the console mail backend writes to
the worker's stdout, which Celery would send to the worker's log file unless told not to."""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def celery_redirects(env_value):
    env = {**os.environ, "DEBUG": "1", "DJANGO_SETTINGS_MODULE": "complots_site.settings"}
    env.pop("CELERY_WORKER_REDIRECT_STDOUTS", None)
    if env_value is not None:
        env["CELERY_WORKER_REDIRECT_STDOUTS"] = env_value
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "from complots_site.celery import app;print(app.conf.worker_redirect_stdouts)",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.strip()


def test_the_demo_worker_keeps_printed_mails_on_the_console():
    demo = (ROOT / "scripts" / "demo").read_text()
    assert re.search(r"^scripts/demo-worker &$", demo, re.M), "scripts/demo starts no worker"
    script = (ROOT / "scripts" / "demo-worker").read_text()
    assert "export CELERY_WORKER_REDIRECT_STDOUTS=0" in script
    worker = re.search(r"^exec (.*celery -A complots_site worker.*(?:\n\s+.*)*)$", script, re.M)
    assert worker, "no worker line in scripts/demo-worker"
    line = worker.group(1)
    assert "--logfile=" in line and ">" not in line, "stdout must stay on the console"
    assert celery_redirects("0") == "False"
    assert celery_redirects(None) == "True"
