"""Real PostgreSQL transactions: many players racing at one game. Exactly one of conflicting
actions is applied, the others are told so, the log has no gaps and equals the cache."""

import random
import threading
import time

import pytest
from django.db import connection, connections

from games.table import replay, services
from games.table.models import Event, Game
from games.table.services import GameError, GameNotRunning, IllegalMove, StaleAction

from .factories import make_game

pytestmark = [
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]

THREADS = 50


def race(worker, count=THREADS):
    """Run worker(i) in `count` threads released together; return results and errors."""
    barrier = threading.Barrier(count)
    results = [None] * count

    def run(i):
        try:
            barrier.wait(timeout=30)
            results[i] = ("ok", worker(i))
        except GameError as exc:
            results[i] = ("refused", exc)
        except Exception as exc:  # anything else is a failure of the test
            results[i] = ("crash", exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads)
    return results


def assert_log_consistent(game):
    game.refresh_from_db()
    seqs = list(Event.objects.filter(game=game).values_list("seq", flat=True))
    assert seqs == list(range(1, game.state_seq + 1))
    assert replay.replay_mismatch(game) is None


def test_everyone_challenges_the_same_claim(players):
    users = players(8)
    game = make_game(users, options={"target": 50})
    services.action_submit(
        game_id=game.pk, user=users[0], action={"type": "add", "n": 2}, expected_seq=1
    )
    challengers = users[1:]

    def challenge(i):
        return services.action_submit(
            game_id=game.pk,
            user=challengers[i % 7],
            action={"type": "challenge"},
            expected_seq=2,
        )

    results = race(challenge)
    kinds = [r[0] for r in results]
    assert kinds.count("crash") == 0, [r for r in results if r[0] == "crash"]
    assert kinds.count("ok") == 1
    assert all(isinstance(r[1], StaleAction | IllegalMove) for r in results if r[0] == "refused")
    game.refresh_from_db()
    assert game.state_seq == 3 and game.state["total"] == 0
    assert_log_consistent(game)


def test_same_action_same_seq_applied_once(players):
    users = players(2)
    game = make_game(users, options={"target": 50})

    def add(i):
        return services.action_submit(
            game_id=game.pk, user=users[0], action={"type": "add", "n": 1}, expected_seq=1
        )

    results = race(add)
    kinds = [r[0] for r in results]
    assert kinds.count("crash") == 0, [r for r in results if r[0] == "crash"]
    assert kinds.count("ok") == 1 and kinds.count("refused") == THREADS - 1
    assert all(isinstance(r[1], StaleAction) for r in results if r[0] == "refused")
    assert_log_consistent(game)
    assert game.state_seq == 2


def storm_worker(game, users, kind, accepted, *, tries=8, seconds=20.0):
    """A thread's play: while the game runs, whenever its seat may act, submit a random legal
    action at the seq it just read (up to `tries` submissions, for at most `seconds`)."""
    seat_of = {s.user_id: s.player_id for s in game.seats.all()}
    engine = services.common.engine_for(kind)

    def storm(i):
        rng = random.Random(i)
        user = users[i % len(users)]
        stop = time.monotonic() + seconds
        submitted = 0
        while submitted < tries and time.monotonic() < stop:
            # like a web request: take a pooled connection, give it back when done
            connections.close_all()
            current = Game.objects.get(pk=game.pk)
            if current.status != Game.Status.RUNNING:
                return
            # resign is always legal: leave it out, or the storm would mostly end games
            legal = [
                a
                for a in engine.legal_actions(engine.load(current.state), seat_of[user.pk])
                if a["type"] != "resign"
            ]
            if not legal:
                connections.close_all()
                time.sleep(0.01)
                continue
            submitted += 1
            try:
                event = services.action_submit(
                    game_id=game.pk,
                    user=user,
                    action=rng.choice(legal),
                    expected_seq=current.state_seq,
                )
                accepted.append(event.seq)
            except StaleAction:  # never IllegalMove: a fresh seq means a legal action
                pass
            except GameNotRunning:  # another thread's move just ended the game
                return

    return storm


def test_storm_of_random_moves_keeps_the_log_whole(players):
    """Each thread keeps playing whatever its seat may do at the seq it last read."""
    users = players(8)
    game = make_game(users, options={"target": 40})
    accepted = []
    results = race(storm_worker(game, users, "counting", accepted))
    assert [r for r in results if r[0] != "ok"] == []
    game.refresh_from_db()
    assert sorted(accepted) == list(range(2, game.state_seq + 1))
    assert accepted, "the storm applied no move at all"  # how many depends on the machine
    assert_log_consistent(game)


def test_complots_all_seats_challenge_the_same_claim(players):
    users = players(8)
    setup = {"hands": {"p1": ["duchesse", "comtesse"]}}
    game = make_game(users, kind="complots", options={"setup": setup})
    services.action_submit(
        game_id=game.pk,
        user=users[0],
        action={"type": "power", "character": "duchesse"},
        expected_seq=1,
    )
    challengers = users[1:]

    def challenge(i):
        return services.action_submit(
            game_id=game.pk,
            user=challengers[i % 7],
            action={"type": "challenge"},
            expected_seq=2,
        )

    results = race(challenge)
    kinds = [r[0] for r in results]
    assert kinds.count("crash") == 0, [r for r in results if r[0] == "crash"]
    assert kinds.count("ok") == 1
    assert all(isinstance(r[1], StaleAction | IllegalMove) for r in results if r[0] == "refused")
    winner = next(r[1] for r in results if r[0] == "ok")
    game.refresh_from_db()
    assert game.state_seq == 3
    log = services.common.engine_for("complots").view(
        services.common.engine_for("complots").load(game.state), None
    )["log"]
    assert [e["player"] for e in log if e["event"] == "challenge"] == [winner.seat.player_id]
    assert_log_consistent(game)


def test_complots_storm_of_random_moves(players):
    users = players(6)
    game = make_game(users, kind="complots", max_seats=6)
    accepted = []
    results = race(storm_worker(game, users, "complots", accepted))
    assert [r for r in results if r[0] != "ok"] == []
    game.refresh_from_db()
    assert sorted(accepted) == list(range(2, game.state_seq + 1))
    assert accepted, "the storm applied no move at all"  # how many depends on the machine
    assert_log_consistent(game)


def test_complots_all_seats_pass_the_same_window_at_once(players):
    """Every seat answers the window at the same instant with the key its page showed: all
    the passes are played, each exactly once, whatever order the locks give them."""
    from games.table import selectors

    users = players(8)
    setup = {"hands": {"p1": ["duchesse", "comtesse"]}}
    game = make_game(users, kind="complots", options={"setup": setup})
    services.action_submit(
        game_id=game.pk,
        user=users[0],
        action={"type": "power", "character": "duchesse"},
        expected_seq=1,
    )
    answerers = users[1:]
    pages = {u.pk: selectors.game_view(game_id=game.pk, user=u) for u in answerers}
    # each seat clicks five times (a double click and more): one of them is played
    count = len(answerers) * 5

    def answer(i):
        user = answerers[i % len(answerers)]
        page = pages[user.pk]
        return services.action_submit(
            game_id=game.pk,
            user=user,
            action={"type": "pass"},
            expected_seq=page.seq,
            decision_key=page.decision_key,
        )

    results = race(answer, count=count)
    kinds = [r[0] for r in results]
    assert kinds.count("crash") == 0, [r for r in results if r[0] == "crash"]
    assert kinds.count("ok") == len(answerers)
    assert all(isinstance(r[1], StaleAction) for r in results if r[0] == "refused")
    played = sorted(r[1].seat.player_id for r in results if r[0] == "ok")
    assert played == sorted(s.player_id for s in game.seats.exclude(user=users[0]))
    game.refresh_from_db()
    assert game.state_seq == 2 + len(answerers)
    engine = services.common.engine_for("complots")
    state = engine.load(game.state)
    assert engine.waiting_for(state) == ["p2"], "the claim stood: the next turn"
    assert_log_consistent(game)
