"""A bot's move: at most once per decision, nothing for a game that moved on, a human-like
delay, the sweeper's catch-up, the patient host; and the same under real concurrency
(PostgreSQL threads)."""

import threading
from datetime import timedelta
from unittest import mock

import pytest
from django.db import connection, connections
from django.utils import timezone

from games.bot_seats import moves
from games.bot_seats.services import bot_seat_add, practice_start
from games.clock.models import GameClock
from games.table.models import Event, Game, Seat
from games.table.services import action_submit, game_create, game_start

pytestmark = pytest.mark.django_db


def bot_to_act(game):
    return Seat.objects.filter(game=game, to_act=True, user__bot_account__isnull=False).first()


def waiting_practice(alice, kind="complots", level="honest", bots=3):
    """A practice game whose commit callbacks never run (no bot moves by itself), at a
    bot's turn: alice opens with Revenu."""
    game = practice_start(user=alice, kind=kind, bots=bots, level=level)
    if not bot_to_act(game):
        action_submit(
            game_id=game.pk, user=alice, action={"type": "income"}, expected_seq=game.state_seq
        )
        game = Game.objects.get(pk=game.pk)
    assert bot_to_act(game)
    return game


def test_a_second_run_for_the_same_decision_does_nothing(alice):
    game = waiting_practice(alice)
    seat = bot_to_act(game)
    seq = game.state_seq
    assert moves.bot_move_apply(game.pk, seat.player_id, seq) == "played"
    assert moves.bot_move_apply(game.pk, seat.player_id, seq) == "stale"
    assert Event.objects.filter(game=game, seat=seat).count() == 1
    assert Game.objects.get(pk=game.pk).state_seq == seq + 1


def test_nothing_for_a_players_seat_or_a_finished_game(alice):
    game = waiting_practice(alice)
    mine = Seat.objects.get(game=game, user=alice)
    assert moves.bot_move_apply(game.pk, mine.player_id, game.state_seq) == "none"
    assert moves.bot_move_apply(game.pk, "p9", game.state_seq) == "none"
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    seat = bot_to_act(game)
    assert moves.bot_move_apply(game.pk, seat.player_id, game.state_seq) == "stale"
    assert moves.bot_move_apply(10**9, "p1", 1) == "stale"


def test_the_task_checks_its_arguments(alice):
    from games.bot_seats.tasks import bot_move

    assert bot_move.apply(args=("x", "p1", "y")).get() == "bad"


def test_the_delay_is_human_like_and_seeded():
    delays = {moves.move_delay("ab" * 32, seq, "p2") for seq in range(50)}
    assert len(delays) > 40
    assert all(moves.DELAY_MIN <= d <= moves.DELAY_MAX for d in delays)
    assert moves.move_delay("ab" * 32, 3, "p2") == moves.move_delay("ab" * 32, 3, "p2")


def test_tasks_are_enqueued_with_their_seq_and_delay(alice, settings):
    game = waiting_practice(alice)
    seat = bot_to_act(game)
    with (
        mock.patch.object(moves, "_eager_mode", return_value=False),
        mock.patch("celery.app.task.Task.apply_async") as apply_async,
    ):
        assert moves.bot_moves_schedule(game.pk) == 1
    (args,), kwargs = apply_async.call_args
    assert args == (game.pk, seat.player_id, game.state_seq, 0)
    assert moves.DELAY_MIN <= kwargs["countdown"] <= moves.DELAY_MAX


def test_the_sweeper_requeues_a_stalled_bot(alice):
    game = waiting_practice(alice)
    seq = game.state_seq
    now = timezone.now()
    GameClock.objects.filter(game=game).update(started_at=now - timedelta(seconds=5))
    assert moves.on_swept(None, now=now) == {"bot_moves_requeued": 0}
    GameClock.objects.filter(game=game).update(started_at=now - timedelta(minutes=5))
    assert moves.on_swept(None, now=now) == {"bot_moves_requeued": 1}
    assert Game.objects.get(pk=game.pk).state_seq > seq  # eager: the bot played
    assert moves.on_swept(None, now=now)["bot_moves_requeued"] == 0  # once a minute


def test_a_patient_host_lets_the_petitioners_bargain_first(alice, bob):
    game = game_create(host=alice, kind="intrigue", min_seats=3, max_seats=3)
    bot_seat_add(game_id=game.pk, user=alice, level="standard")
    bot_seat_add(game_id=game.pk, user=alice, level="standard")
    game_start(game_id=game.pk, user=alice)
    # play until a bot hosts a negotiation with alice bargaining
    for _step in range(400):
        game = Game.objects.get(pk=game.pk)
        state = moves.get_engine("intrigue").load(game.state)
        view = moves.get_engine("intrigue").view(state, None)
        stage = view["stage"] or {}
        host_seat = Seat.objects.filter(game=game, player_id=stage.get("host")).first()
        if (
            stage.get("negotiating")
            and host_seat.user != alice
            and any(p["id"] == "p1" and p["bargaining"] for p in stage["petitioners"])
        ):
            break
        waiting = view["waiting_for"]
        player = "p1" if "p1" in waiting else waiting[0]
        if player == "p1":
            from games.table.services import system_action_submit

            system_action_submit(game_id=game.pk, player_id="p1", expected_seq=game.state_seq)
        else:
            assert moves.bot_move_apply(game.pk, player, game.state_seq, attempt=1) == "played"
    else:
        pytest.skip("no negotiation hosted by a bot with alice bargaining")
    with mock.patch.object(moves, "bot_move_enqueue") as enqueue:
        result = moves.bot_move_apply(game.pk, host_seat.player_id, game.state_seq)
    assert result == "waiting"
    assert enqueue.call_args.kwargs["attempt"] == 1
    assert Game.objects.get(pk=game.pk).state_seq == game.state_seq


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_racing_tasks_play_one_move(alice):
    with mock.patch.object(moves, "bot_moves_schedule", return_value=0):  # commits are real
        game = waiting_practice(alice)
    seat = bot_to_act(game)
    seq = game.state_seq
    count = 12
    barrier = threading.Barrier(count)
    results = [None] * count

    def run(i):
        try:
            barrier.wait(timeout=30)
            results[i] = moves.bot_move_apply(game.pk, seat.player_id, seq)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    with mock.patch.object(moves, "bot_moves_schedule", return_value=0):
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
    assert sorted(results) == ["played"] + ["stale"] * (count - 1)
    assert Event.objects.filter(game=game, seq=seq + 1).count() == 1
    assert not Event.objects.filter(game=game, seq=seq + 2).exists()


@pytest.mark.parametrize(("kind", "players"), [("complots", 4), ("regicide", 3), ("intrigue", 3)])
def test_selfplay_plays_seeded_games_through_the_services(kind, players):
    from games.bot_seats.selfplay import bot_games_play
    from games.table import replay

    first = bot_games_play(count=1, kind=kind, players=players, seed="t")
    assert all(r.finished and r.moves > 0 for r in first)
    again = bot_games_play(count=1, kind=kind, players=players, seed="t")
    one, two = (Game.objects.get(pk=r.game_id) for r in (first[0], again[0]))
    assert one.seed == two.seed and one.result == two.result
    assert list(one.events.values_list("action", flat=True)) == list(
        two.events.values_list("action", flat=True)
    )
    assert replay.replay_mismatch(one) is None


def test_selfplay_with_tasks_only_starts_the_games(django_capture_on_commit_callbacks):
    from games.bot_seats.selfplay import bot_games_play

    with django_capture_on_commit_callbacks(execute=True):
        (result,) = bot_games_play(count=1, kind="regicide", players=2, mode="tasks")
    # eager tasks: the game was played by the bots' own tasks after the start
    assert Game.objects.get(pk=result.game_id).status == Game.Status.FINISHED
