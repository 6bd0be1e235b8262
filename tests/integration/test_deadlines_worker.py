"""Deadlines enforced by a REAL Celery worker and beat (subprocesses), on Redis and
PostgreSQL. Each test waits at most ~20 s; the subprocesses are killed in finalizers.

Skipped unless DATABASE_URL is PostgreSQL and REDIS_URL is set (.ci/run sets both).
"""

from __future__ import annotations

import threading
import time
from datetime import timedelta

import psycopg
import pytest
from django.conf import settings
from django.db import connection

from complots_site.celery import app as celery_app
from games.table.models import Event, Game
from tests.clock.helpers import fresh, play, start_game

from .harness import CeleryProcesses, RedisServer, db_url, point_app_at, wait_for

pytestmark = [
    pytest.mark.integration,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="needs PostgreSQL: DATABASE_URL=postgres://... (the worker shares the test db)",
    ),
    pytest.mark.skipif(not settings.REDIS_URL, reason="needs Redis: REDIS_URL=redis://..."),
]

SWEEP = 1.0  # seconds between two sweeps of the beat in these tests


@pytest.fixture
def stack(tmp_path, django_db_blocker):
    """A private redis-server, a worker and a beat on it, all on the test database."""
    redis = RedisServer(tmp_path)
    redis.start()
    env = {
        key: value
        for key, value in __import__("os").environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_", "REDIS_", "EMAIL_", "CELERY_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="complots_site.settings",
        SECRET_KEY=settings.SECRET_KEY,
        DATABASE_URL=db_url(),
        DATABASE_POOL="0",
        REDIS_URL=redis.url,
        CACHE_KEY_PREFIX="deadline-it",
        EMAIL_URL=f"file://{tmp_path / 'mail'}",
        VAR_DIR=str(tmp_path / "var"),
        DEADLINE_SWEEP_SECONDS=str(SWEEP),
        PYTHONPATH=str(settings.BASE_DIR),
    )
    procs = CeleryProcesses(tmp_path, env)
    saved = (celery_app.conf.broker_url, celery_app.conf.task_always_eager)
    point_app_at(redis.url)
    try:
        procs.start_worker()
        procs.start_beat()
        procs.redis = redis
        yield procs
    finally:
        procs.stop_all()
        redis.stop()
        point_app_at(saved[0], eager=saved[1])


def system_events(game, since_seq=0):
    return list(
        Event.objects.filter(game_id=game.pk, kind=Event.Kind.SYSTEM, seq__gt=since_seq)
        .order_by("seq")
        .values_list("seq", "seat__player_id", "action__type", "reason", "created_at")
    )


def short_game(users, *, window=600, turn=600):
    return start_game(users, time_control="live", window=window, turn=turn, goal=50)


def test_a_window_closes_at_its_deadline(stack, alice, bob, carol):
    game = short_game([alice, bob, carol], window=3)
    play(game, alice, {"type": "claim"})
    deadline = fresh(game).deadline_at
    events = wait_for(
        lambda: len(system_events(game)) == 2 and system_events(game),
        20,
        0.2,
        "the window to close:\n" + stack.log()[-3000:],
    )
    assert [(p, t, r) for _s, p, t, r, _c in events] == [
        ("p2", "pass", "timeout"),
        ("p3", "pass", "timeout"),
    ]
    for *_rest, created in events:
        assert deadline <= created <= deadline + timedelta(seconds=2 * SWEEP + 2)
    assert fresh(game).state["coins"]["p1"] == 2


def test_a_turn_times_out_exactly_once(stack, alice, bob):
    game = short_game([alice, bob], turn=2)
    events = wait_for(lambda: system_events(game), 20, 0.2, "the turn to time out")
    assert [(p, t, r) for _s, p, t, r, _c in events][:1] == [("p1", "income", "timeout")]
    time.sleep(2 * SWEEP + 0.5)  # countdown task and sweeper both had their chance
    seqs = [s for s, *_ in system_events(game)]
    assert len(seqs) == len(set(seqs))
    assert Event.objects.filter(game_id=game.pk, seq=2).count() == 1


def test_no_timeout_when_the_player_acted_just_before(stack, alice, bob):
    game = short_game([alice, bob], turn=3)
    time.sleep(2)
    play(game, alice, {"type": "income"})  # one second before her deadline
    time.sleep(2.5)  # her old deadline is past: the tasks scheduled for it find seq moved on
    assert [p for _s, p, *_ in system_events(game)] in ([], ["p2"])
    assert not any(p == "p1" for _s, p, *_ in system_events(game))


def test_duplicated_timeout_tasks_do_nothing(stack, alice, bob):
    from games.clock.tasks import game_timeout

    game = short_game([alice, bob], turn=2)
    seq = fresh(game).state_seq
    for _ in range(4):
        game_timeout.apply_async((game.pk, seq), countdown=2.2)
    wait_for(lambda: system_events(game), 20, 0.2, "the timeout")
    time.sleep(2 * SWEEP + 1)
    first = [e for e in system_events(game) if e[0] == seq + 1]
    assert len(first) == 1 and first[0][1] == "p1"
    assert not any(p == "p1" for _s, p, *_ in system_events(game)[1:] if _s <= seq + 2)


def _lock_waiters(dbname):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND wait_event_type = "
            "'Lock' AND query ILIKE %s",
            [dbname, "%games_game%FOR UPDATE%"],
        )
        return cursor.fetchone()[0]


def test_a_worker_killed_mid_task_loses_nothing(stack, alice, bob):
    game = short_game([alice, bob], turn=2)
    seq = fresh(game).state_seq
    dbname = connection.settings_dict["NAME"]
    # Hold the game row: the countdown task blocks on it, mid-task, in its transaction.
    holder = psycopg.connect(db_url().replace("postgres://", "postgresql://"))
    try:
        holder.execute("BEGIN")
        holder.execute("SELECT id FROM games_game WHERE id = %s FOR UPDATE", [game.pk])
        wait_for(lambda: _lock_waiters(dbname) >= 1, 15, 0.2, "the task to block on the row")
        stack.kill_worker()
        holder.execute("ROLLBACK")
    finally:
        holder.close()
    assert system_events(game) == []  # the killed task's transaction left nothing
    assert fresh(game).state_seq == seq
    stack.start_worker()  # a fresh worker: the beat's sweeper catches up
    events = wait_for(lambda: system_events(game), 20, 0.2, "the sweeper to catch up")
    assert events[0][1:4] == ("p1", "income", "timeout")
    assert Event.objects.filter(game_id=game.pk, seq=seq + 1).count() == 1


def test_redis_stopped_during_a_move(stack, alice, bob):
    game = short_game([alice, bob], turn=4)
    stack.redis.stop()
    started = time.monotonic()
    event = play(game, alice, {"type": "income"})  # the move is accepted regardless
    assert event.seq == 2 and time.monotonic() - started < 10
    deadline = fresh(game).deadline_at
    assert deadline is not None
    restart = threading.Timer(1.0, stack.redis.start)
    restart.start()
    restart.join()
    # kombu 5.7's worker may die when Redis vanishes while it holds countdown messages
    # (AttributeError in restore_unacked): in production the supervisor restarts it; so
    # does revive() here. Nothing is lost either way: the beat's sweeper enforces the
    # deadline from the database.
    events = wait_for(
        lambda: (stack.revive(), system_events(game))[1],
        20,
        0.3,
        "the deadline to be enforced once Redis is back:\n" + stack.log()[-3000:],
    )
    assert events[0][1:4] == ("p2", "income", "timeout")
    assert events[0][4] >= deadline
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING


def test_a_mail_is_sent_once_by_the_worker_despite_duplicate_tasks(stack, alice, bob, tmp_path):
    from games.mail.models import MailRecord
    from games.mail.tasks import mail_send

    game = start_game([alice, bob], time_control="corr-1d", goal=50)
    play(game, alice, {"type": "income"})  # bob's turn: his mail is claimed, then enqueued
    record = MailRecord.objects.get(user=bob, kind="turn")
    for _ in range(4):
        mail_send.apply_async((record.pk,))
    outbox = tmp_path / "mail"
    wait_for(lambda: MailRecord.objects.get(pk=record.pk).status == "sent", 20, 0.2, "the mail")
    time.sleep(1.5)  # the duplicates ran too
    files = list(outbox.iterdir())
    assert len(files) == 1
    text = files[0].read_text()
    assert f"Subject: Your turn in Ticktock #{game.pk}" in text
    assert "List-Unsubscribe-Post: List-Unsubscribe=One-Click" in text
