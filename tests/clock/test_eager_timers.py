"""Countdown timers under eager Celery (CELERY_TASK_ALWAYS_EAGER): a countdown would run at
once, so the code itself must not schedule (nor re-arm) them — no recursion, no early
timeout — and the sweeper alone enforces deadlines."""

import pytest
from celery import current_app

from games.clock import sweeper, tasks, timeouts

from .helpers import after, fresh, play, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def eager():
    saved = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = True
    yield
    current_app.conf.task_always_eager = saved


@pytest.fixture
def counted(monkeypatch):
    """Count game_timeout_apply and apply_async calls of the timer task."""
    calls = {"apply": 0, "enqueue": 0}
    real_apply = timeouts.game_timeout_apply
    real_enqueue = tasks.game_timeout.apply_async

    def apply(*args, **kwargs):
        calls["apply"] += 1
        assert calls["apply"] < 5, "the timer task recursed"
        return real_apply(*args, **kwargs)

    def enqueue(*args, **kwargs):
        calls["enqueue"] += 1
        return real_enqueue(*args, **kwargs)

    monkeypatch.setattr(timeouts, "game_timeout_apply", apply)
    monkeypatch.setattr(tasks.game_timeout, "apply_async", enqueue)
    return calls


def test_moves_schedule_no_timer_under_eager_celery(
    eager, counted, alice, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_game([alice, bob], time_control="live")
        play(game, alice, {"type": "income"})
    game = fresh(game)
    assert counted == {"apply": 0, "enqueue": 0}
    assert game.deadline_at is not None  # the deadline stands; nobody played for bob early
    assert not game.events.filter(kind="system").exists()


def test_an_eager_timer_task_does_not_rearm_itself(eager, counted, alice, bob):
    game = start_game([alice, bob], time_control="live")
    # Delivered before the deadline (what an eager countdown amounts to): nothing is played
    # and the task does not enqueue itself again.
    assert tasks.game_timeout.delay(game.pk, game.state_seq).get() == 0
    assert counted == {"apply": 1, "enqueue": 1}  # the delay() call itself, no re-arm
    assert not fresh(game).events.filter(kind="system").exists()


def test_the_sweeper_still_enforces_deadlines_under_eager_celery(eager, counted, alice, bob):
    game = start_game([alice, bob], time_control="live")
    seq = game.state_seq
    stats = sweeper.deadlines_sweep(now=after(game))
    assert stats["timeouts"] == 1
    assert fresh(game).state_seq == seq + 1
    assert counted["enqueue"] == 0
