"""Drop mode "out" with the real Complots engine: the timeout policy plays its `resign`."""

from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.utils import timezone

from games.clock import seats, sweeper
from games.engines import get_engine
from games.table import replay
from games.table.models import Event, Game, Seat
from games.table.records import player_record
from games.table.services import action_submit, game_create, game_start, seat_join

pytestmark = pytest.mark.django_db


def out_game(users):
    game = game_create(
        host=users[0],
        kind="complots",
        time_control="corr-1d",
        min_seats=len(users),
        max_seats=len(users),
    )
    seats.timeout_policy_set(
        game_id=game.pk, user=users[0], max_missed_deadlines=3, drop_mode="out"
    )
    for user in users[1:]:
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def public_player(game, player_id):
    engine = get_engine("complots")
    view = engine.view(engine.load(game.state), None)
    return next(p for p in view["players"] if p["id"] == player_id)


def test_three_missed_deadlines_put_a_complots_player_out(alice, bob, carol):
    """Bob never plays; Alice and Carol take income. After bob's third timeout in a row the
    policy plays his resign: cards face up, seat left, the game goes on without him."""
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        game = out_game([alice, bob, carol])
        bob_seat = game.seats.get(user=bob)
        for _ in range(40):
            game = Game.objects.get(pk=game.pk)
            bob_seat.refresh_from_db()
            if bob_seat.status != Seat.Status.PLAYING:
                break
            owing = game.seats.get(to_act=True)
            if owing.user_id == bob.pk:
                traveller.shift(timedelta(days=1, seconds=1))
                sweeper.deadlines_sweep()
            else:
                action_submit(
                    game_id=game.pk,
                    user=owing.user,
                    action={"type": "income"},
                    expected_seq=game.state_seq,
                )
    game = Game.objects.get(pk=game.pk)
    bob_seat.refresh_from_db()
    assert bob_seat.status == Seat.Status.LEFT
    assert game.status == Game.Status.RUNNING
    bob_events = list(
        Event.objects.filter(game=game, seat=bob_seat)
        .order_by("seq")
        .values_list("kind", "reason", "action__type")
    )
    assert bob_events[-4:] == [("system", "timeout", "income")] * 3 + [
        ("system", "timeout", "resign")
    ]
    bob_public = public_player(game, bob_seat.player_id)
    assert bob_public["alive"] is False
    assert all(card["revealed"] for card in bob_public["cards"])
    # The others play on.
    owing = game.seats.get(to_act=True)
    assert owing.user_id in (alice.pk, carol.pk)
    action_submit(
        game_id=game.pk, user=owing.user, action={"type": "income"}, expected_seq=game.state_seq
    )
    game.refresh_from_db()
    assert replay.replay_mismatch(game) is None
    assert player_record(bob).abandoned == 1


def test_with_two_players_the_out_drop_ends_the_game(alice, bob, capsys):
    """Nobody plays (the opening choice included): whoever misses a third deadline first is
    put out, and the other one wins."""
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        game = out_game([alice, bob])
        for _ in range(20):
            game = Game.objects.get(pk=game.pk)
            if game.status != Game.Status.RUNNING:
                break
            traveller.shift(timedelta(days=1, seconds=1))
            sweeper.deadlines_sweep()
    game = Game.objects.get(pk=game.pk)
    first = game.seats.get(status=Seat.Status.LEFT)
    other = game.seats.exclude(pk=first.pk).get()
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [other.player_id]
    assert first.status == Seat.Status.LEFT
    assert other.status == Seat.Status.PLAYING
    last = game.events.order_by("-seq").first()
    assert (last.seat_id, last.kind, last.reason, last.action) == (
        first.pk,
        "system",
        "timeout",
        {"type": "resign"},
    )
    first_timeouts = game.events.filter(seat=first, kind="system", reason="timeout")
    assert first_timeouts.exclude(action__type="resign").count() >= 3
    assert replay.replay_mismatch(game) is None
    call_command("check_replays", str(game.pk))
    assert "1 games checked" in capsys.readouterr().out
