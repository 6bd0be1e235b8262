"""A searching bot (the ``strong`` levels) thinks on its own Celery queue, with no database
connection and no lock held, so that another game's deadline is kept on time while it
thinks (the sweeper and the mail stay on the default queue)."""

import threading
import time
from unittest import mock

import pytest
from django.conf import settings
from django.db import connection, connections, transaction

from complots_site.celery import app
from games.bot_seats import moves
from games.bot_seats.services import practice_start
from games.bots import get_bot
from games.clock import sweeper
from games.engines import get_engine
from games.table.models import Game, Seat
from games.table.services import action_submit
from tests.clock.helpers import after, fresh, start_game

pytestmark = pytest.mark.django_db


def queue_of(task_name):
    return app.amqp.router.route({}, task_name, (), {})["queue"].name


def test_the_search_has_its_own_queue_and_the_deadlines_and_mail_keep_theirs():
    assert settings.BOT_SEARCH_QUEUE == moves.SEARCH_QUEUE
    assert queue_of(moves.SEARCH_TASK) == settings.BOT_SEARCH_QUEUE
    default = app.conf.task_default_queue
    assert default != settings.BOT_SEARCH_QUEUE
    app.loader.import_default_modules()  # every task of the site registered
    names = [name for name in app.tasks if not name.startswith("celery.")]
    assert {"clock.deadlines_sweep", "mail.digest_collect", moves.MOVE_TASK} <= set(names)
    for name in names:  # the sweeper, the mail, the other bots: the default queue
        if name != moves.SEARCH_TASK:
            assert queue_of(name) == default, name


def strong_regicide(alice):
    """A Regicide practice game of alice and a strong bot, at the bot's move (commit
    callbacks do not run here: no bot moves by itself)."""
    with mock.patch.object(moves, "bot_moves_schedule", return_value=0):
        game = practice_start(user=alice, kind="regicide", bots=1, level="strong")
        engine = get_engine("regicide")
        for _ in range(20):
            game = Game.objects.get(pk=game.pk)
            bot = Seat.objects.filter(
                game=game, to_act=True, user__bot_account__isnull=False
            ).first()
            if bot is not None:
                return game, bot
            state = engine.load(game.state)
            player = engine.waiting_for(state)[0]
            action = dict(engine.default_action(state, player))
            action_submit(game_id=game.pk, user=alice, action=action, expected_seq=game.state_seq)
    raise AssertionError("the bot never got the move")


def test_a_worker_hands_the_strong_move_to_the_search_queue(alice):
    game, seat = strong_regicide(alice)
    with (
        mock.patch.object(moves, "_eager_mode", return_value=False),
        mock.patch.object(moves, "search_enqueue") as enqueue,
    ):
        result = moves.bot_move_apply(game.pk, seat.player_id, game.state_seq)
    assert result == "searching"
    enqueue.assert_called_once_with(game.pk, seat.player_id, game.state_seq, 0)
    assert fresh(game).state_seq == game.state_seq  # nothing played yet


def test_the_search_task_plays_the_move_with_the_budget_of_the_setting(alice, settings):
    game, seat = strong_regicide(alice)
    bot = get_bot("regicide", "strong")
    budgets = []
    real = bot.choose

    def spy(*args, **kwargs):
        budgets.append(kwargs.get("budget"))
        return real(*args, **{**kwargs, "budget": 4})

    with (
        mock.patch.object(bot, "choose", side_effect=spy),
        mock.patch.object(moves, "bot_moves_schedule", return_value=0),
    ):
        result = moves.bot_move_apply(game.pk, seat.player_id, game.state_seq, searching=True)
    assert result == "played"
    assert budgets == [moves.SEARCH_PLAYOUTS]
    assert fresh(game).state_seq > game.state_seq


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL threads")
@pytest.mark.django_db(transaction=True)
def test_another_games_deadline_is_kept_while_a_bot_thinks(alice, bob, carol):
    game, seat = strong_regicide(alice)
    Game.objects.filter(pk=game.pk).update(deadline_at=None)  # only the other game is due
    other = start_game([bob, carol])  # ticktock: bob's turn, a deadline
    bot = get_bot("regicide", "strong")
    real = bot.choose
    thinking, release = threading.Event(), threading.Event()
    seen = {}

    def slow_choose(*args, **kwargs):
        seen["connection"] = connections["default"].connection
        seen["atomic"] = connections["default"].in_atomic_block
        thinking.set()
        release.wait(timeout=30)  # a long think
        return real(*args, **{**kwargs, "budget": 4})

    results = []

    def worker():
        try:
            results.append(
                moves.bot_move_apply(game.pk, seat.player_id, game.state_seq, searching=True)
            )
        finally:
            connections.close_all()

    with (
        mock.patch.object(bot, "choose", side_effect=slow_choose),
        mock.patch.object(moves, "bot_moves_schedule", return_value=0),
    ):
        thread = threading.Thread(target=worker)
        thread.start()
        try:
            assert thinking.wait(timeout=30), "the bot never started thinking"
            # while it thinks: no connection of its own, no lock on its game's row
            assert seen["connection"] is None and not seen["atomic"]
            with transaction.atomic():
                assert Game.objects.select_for_update(nowait=True).filter(pk=game.pk).exists()
            started = time.monotonic()
            stats = sweeper.deadlines_sweep(now=after(other))
            elapsed = time.monotonic() - started
            assert stats["timeouts"] == 1, stats
            assert fresh(other).state_seq > other.state_seq  # the timeout was played
            assert elapsed < 5, f"the sweep waited {elapsed:.1f} s"
            assert thread.is_alive(), "the bot was still thinking"
        finally:
            release.set()
            thread.join(timeout=60)
    assert results == ["played"]
