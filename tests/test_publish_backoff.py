"""complots_site.celery.CeleryApp: publishing gives up within about a second while the broker
is down, then skips at once for PUBLISH_BACKOFF_SECONDS, logging once per outage."""

import logging
import shutil
import time

import pytest
from kombu.exceptions import OperationalError

from complots_site.celery import app
from tests.integration.harness import RedisServer, wait_for

pytestmark = pytest.mark.skipif(not shutil.which("redis-server"), reason="needs redis-server")


@pytest.fixture
def broker(tmp_path, settings):
    server = RedisServer(tmp_path)  # not started yet: its port refuses connections
    saved = (app.conf.broker_url, app.conf.task_always_eager)
    app.conf.broker_url, app.conf.task_always_eager = server.url, False
    app._pool = app.amqp._producer_pool = None
    settings.PUBLISH_BACKOFF_SECONDS = 1
    yield server
    server.stop()
    app.conf.broker_url, app.conf.task_always_eager = saved
    app._pool = app.amqp._producer_pool = None


def warnings(caplog, text):
    return [r for r in caplog.records if r.name == "complots_site.celery" and text in r.message]


def test_publishing_gives_up_quickly_then_resumes(broker, caplog):
    caplog.set_level(logging.WARNING, logger="complots_site.celery")
    started = time.monotonic()
    with pytest.raises(OperationalError):
        app.send_task("complots_site.heartbeat")
    assert time.monotonic() - started < 3
    started = time.monotonic()
    for _ in range(20):
        with pytest.raises(OperationalError, match="not retrying yet"):
            app.send_task("complots_site.heartbeat")
    assert time.monotonic() - started < 0.5
    assert len(warnings(caplog, "broker unreachable")) == 1
    assert app.broker_reachable(timeout=0.5) is False

    broker.start()
    wait_for(
        lambda: _published(),
        10,
        0.3,
        "publishing to resume once the broker answers",
    )
    assert len(warnings(caplog, "answers again")) == 1
    assert app.broker_reachable(timeout=0.5) is True


def _published():
    try:
        app.send_task("complots_site.heartbeat")
    except OperationalError:
        return False
    return True
