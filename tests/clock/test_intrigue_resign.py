"""Drop mode "out" with the real Intrigue engine: the timeout policy plays its `resign`; the
player's advisors stay, the engine takes their decisions by the default rule, and the game
goes on without them to the final scores, where they cannot win."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games.clock import seats, sweeper
from games.engines import get_engine
from games.table import replay
from games.table.models import Event, Game, Seat
from games.table.records import player_record
from games.table.services import action_submit, game_create, game_start, seat_join

pytestmark = pytest.mark.django_db

ENGINE = get_engine("intrigue")


def out_game(users):
    game = game_create(
        host=users[0],
        kind="intrigue",
        time_control="corr-1d",
        min_seats=len(users),
        max_seats=len(users),
    )
    seats.timeout_policy_set(
        game_id=game.pk, user=users[0], max_missed_deadlines=1, drop_mode="out"
    )
    for user in users[1:]:
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def test_a_missed_deadline_puts_an_intrigue_player_out_and_the_game_plays_on(alice, bob, carol):
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        game = out_game([alice, bob, carol])
        alice_seat = game.seats.get(user=alice)
        assert alice_seat.to_act  # the first player sends two advisors
        traveller.shift(timedelta(days=1, seconds=1))
        sweeper.deadlines_sweep()
        game = Game.objects.get(pk=game.pk)
        alice_seat.refresh_from_db()
        assert alice_seat.status == Seat.Status.LEFT and not alice_seat.to_act
        alice_events = list(
            Event.objects.filter(game=game, seat=alice_seat)
            .order_by("seq")
            .values_list("kind", "reason", "action__type")
        )
        assert alice_events == [
            ("system", "timeout", "send"),
            ("system", "timeout_follow", "send"),
            ("system", "timeout", "resign"),
        ]
        state = ENGINE.load(game.state)
        view = ENGINE.view(state, None)
        assert next(p for p in view["players"] if p["id"] == alice_seat.player_id)["resigned"]
        # her two advisors still wait at bob's door: bob receives them as usual
        assert len(view["waiting"]["p2"]) == 2
        by_player = {s.player_id: s.user for s in game.seats.all()}
        for _ in range(400):
            game = Game.objects.get(pk=game.pk)
            if game.status != Game.Status.RUNNING:
                break
            state = ENGINE.load(game.state)
            waiting = ENGINE.waiting_for(state)
            assert alice_seat.player_id not in waiting
            player = waiting[0]
            action_submit(
                game_id=game.pk,
                user=by_player[player],
                action=ENGINE.default_action(state, player),
                expected_seq=game.state_seq,
            )
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED
    assert game.result["resigned"] == [alice_seat.player_id]
    assert alice_seat.player_id not in game.result["winners"]
    assert set(game.result["money"]) == {"p1", "p2", "p3"}
    assert replay.replay_mismatch(game) is None
    assert player_record(alice).abandoned == 1
