"""game_create, seat_join, seat_leave, game_cancel, game_start."""

import hashlib

import pytest
from django.contrib.auth.models import AnonymousUser

from games.table import services
from games.table.models import Event, Game, Seat
from games.table.services import (
    AccessDenied,
    AlreadySeated,
    GameError,
    GameFull,
    GameNotFound,
    GameNotOpen,
    InvalidGameSettings,
    NotEnoughPlayers,
    NotHost,
    NotYourSeat,
)

from .factories import make_game

pytestmark = pytest.mark.django_db


def test_create_seats_host_and_commits_to_seed(alice):
    game = services.game_create(host=alice, kind="counting", options={"target": 5})
    assert game.status == Game.Status.OPEN
    assert game.options == {"target": 5}
    assert len(game.seed) == 64
    assert game.commitment == hashlib.sha256(bytes.fromhex(game.seed)).hexdigest()
    assert game.revealed_seed is None
    assert game.invitation_token == ""
    assert game.state is None and game.state_seq == 0
    (seat,) = game.seats.all()
    assert (seat.user, seat.position, seat.player_id, seat.status) == (
        alice,
        1,
        "p1",
        Seat.Status.SEATED,
    )


def test_create_draws_a_different_seed_each_time(alice):
    a = services.game_create(host=alice, kind="counting")
    b = services.game_create(host=alice, kind="counting")
    assert a.seed != b.seed and a.commitment != b.commitment


def test_create_time_control_presets(alice):
    live = services.game_create(host=alice, kind="counting", time_control="live")
    assert (live.time_mode, live.window_seconds, live.turn_seconds) == ("live", 20, 120)
    corr = services.game_create(host=alice, kind="counting", time_control="corr-3d")
    assert corr.time_mode == "correspondence"
    assert corr.turn_seconds == 3 * 86400 and corr.window_seconds == 12 * 3600


def test_create_private_game_has_a_token(alice):
    game = services.game_create(host=alice, kind="counting", visibility="private")
    assert len(game.invitation_token) >= 30


@pytest.mark.parametrize(
    "kwargs",
    [
        {"kind": "no-such-game"},
        {"kind": None},
        {"kind": "counting", "options": "target=5"},
        {"kind": "counting", "options": {"target": "five"}},
        {"kind": "counting", "options": {"colour": "red"}},
        {"kind": "counting", "options": {"target": 5, "x": "nul\x00"}},
        {"kind": "counting", "options": {"target": float("nan")}},
        {"kind": "counting", "options": {"big": "x" * 20_000}},
        {"kind": "counting", "min_seats": 0},
        {"kind": "counting", "max_seats": 9},
        {"kind": "counting", "min_seats": 4, "max_seats": 3},
        {"kind": "counting", "min_seats": "2"},
        {"kind": "counting", "visibility": "secret"},
        {"kind": "counting", "time_control": "blitz"},
    ],
)
def test_create_refuses_bad_settings(alice, kwargs):
    with pytest.raises(InvalidGameSettings) as info:
        services.game_create(host=alice, **kwargs)
    assert str(info.value)
    assert Game.objects.count() == 0


def test_create_needs_a_signed_in_host():
    with pytest.raises(NotYourSeat):
        services.game_create(host=AnonymousUser(), kind="counting")
    assert Game.objects.count() == 0


def test_join_takes_lowest_free_position(alice, bob, carol, dave):
    game = services.game_create(host=alice, kind="counting", max_seats=4)
    seat_b = services.seat_join(game_id=game.pk, user=bob)
    seat_c = services.seat_join(game_id=str(game.pk), user=carol)
    assert (seat_b.position, seat_c.position) == (2, 3)
    services.seat_leave(game_id=game.pk, user=bob)
    seat_d = services.seat_join(game_id=game.pk, user=dave)
    assert seat_d.position == 2 and seat_d.player_id == "p2"
    game.refresh_from_db()
    assert game.revision == 5  # create, 2 joins, leave, join


def test_join_refusals(alice, bob, carol):
    game = services.game_create(host=alice, kind="counting", max_seats=2)
    with pytest.raises(AlreadySeated):
        services.seat_join(game_id=game.pk, user=alice)
    services.seat_join(game_id=game.pk, user=bob)
    with pytest.raises(GameFull):
        services.seat_join(game_id=game.pk, user=carol)
    with pytest.raises(GameNotFound):
        services.seat_join(game_id=game.pk + 1000, user=carol)
    with pytest.raises(GameNotFound):
        services.seat_join(game_id="12abc", user=carol)
    with pytest.raises(NotYourSeat):
        services.seat_join(game_id=game.pk, user=AnonymousUser())
    assert game.seats.count() == 2


def test_join_after_start_is_refused(alice, bob, carol):
    game = make_game([alice, bob], max_seats=3)
    with pytest.raises(GameNotOpen):
        services.seat_join(game_id=game.pk, user=carol)


def test_private_game_needs_the_invitation(alice, bob, carol):
    game = services.game_create(host=alice, kind="counting", visibility="private")
    for token in (None, "", "wrong", game.invitation_token[:-1]):
        with pytest.raises(AccessDenied):
            services.seat_join(game_id=game.pk, user=bob, invitation_token=token)
    seat = services.seat_join(game_id=game.pk, user=bob, invitation_token=game.invitation_token)
    assert seat.position == 2


def test_leave_before_start(alice, bob):
    game = services.game_create(host=alice, kind="counting")
    services.seat_join(game_id=game.pk, user=bob)
    services.seat_leave(game_id=game.pk, user=bob)
    assert list(game.seats.values_list("user__username", flat=True)) == ["alice"]
    with pytest.raises(NotYourSeat):
        services.seat_leave(game_id=game.pk, user=bob)
    with pytest.raises(GameError) as info:
        services.seat_leave(game_id=game.pk, user=alice)
    assert "host" in str(info.value)


def test_leave_after_start_is_refused(alice, bob):
    game = make_game([alice, bob])
    with pytest.raises(GameNotOpen):
        services.seat_leave(game_id=game.pk, user=bob)
    assert game.seats.count() == 2


def test_cancel(alice, bob):
    game = services.game_create(host=alice, kind="counting")
    services.seat_join(game_id=game.pk, user=bob)
    with pytest.raises(NotHost):
        services.game_cancel(game_id=game.pk, user=bob)
    game = services.game_cancel(game_id=game.pk, user=alice)
    assert game.status == Game.Status.ABORTED and game.finished_at is not None
    assert game.revealed_seed == game.seed
    with pytest.raises(GameNotOpen):
        services.game_cancel(game_id=game.pk, user=alice)
    with pytest.raises(GameNotOpen):
        services.game_start(game_id=game.pk, user=alice)


def test_start_builds_state_and_start_event(alice, bob, carol):
    game = services.game_create(host=alice, kind="counting", options={"target": 7})
    services.seat_join(game_id=game.pk, user=bob)
    services.seat_join(game_id=game.pk, user=carol)
    services.seat_leave(game_id=game.pk, user=bob)  # leaves a gap at position 2
    game = services.game_start(game_id=game.pk, user=alice)
    assert game.status == Game.Status.RUNNING and game.started_at is not None
    assert game.state_seq == 1
    seats = list(game.seats.order_by("position"))
    assert [(s.user.username, s.position, s.player_id) for s in seats] == [
        ("alice", 1, "p1"),
        ("carol", 2, "p2"),
    ]
    assert all(s.status == Seat.Status.PLAYING for s in seats)
    assert [s.to_act for s in seats] == [True, False]
    (event,) = Event.objects.filter(game=game)
    assert (event.seq, event.kind, event.seat, event.action) == (
        1,
        "start",
        None,
        {"players": ["p1", "p2"]},
    )
    assert game.state["players"] == ["p1", "p2"] and game.state["target"] == 7
    assert game.deadline_at is not None
    assert 119 <= (game.deadline_at - game.started_at).total_seconds() <= 121


def test_start_refusals(alice, bob):
    game = services.game_create(host=alice, kind="counting", min_seats=2)
    with pytest.raises(NotEnoughPlayers):
        services.game_start(game_id=game.pk, user=alice)
    services.seat_join(game_id=game.pk, user=bob)
    with pytest.raises(NotHost):
        services.game_start(game_id=game.pk, user=bob)
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and game.state is None
    assert not Event.objects.filter(game=game).exists()
    services.game_start(game_id=game.pk, user=alice)
    with pytest.raises(GameNotOpen):
        services.game_start(game_id=game.pk, user=alice)
    assert Event.objects.filter(game=game).count() == 1


def test_error_messages_are_readable(alice):
    with pytest.raises(GameNotFound) as info:
        services.seat_join(game_id=999999, user=alice)
    assert str(info.value) == "This game does not exist."
    assert info.value.code == "game_not_found"


def test_leave_after_chatting_keeps_the_message(alice, bob):
    game = services.game_create(host=alice, kind="counting")
    services.seat_join(game_id=game.pk, user=bob)
    message = services.chat_post(game_id=game.pk, user=bob, text="brb")
    services.seat_leave(game_id=game.pk, user=bob)
    message.refresh_from_db()
    assert message.seat is None and message.user == bob


def test_error_messages_are_translated(alice):
    from django.utils import translation

    with translation.override("fr"), pytest.raises(GameNotFound) as info:
        services.seat_join(game_id=999999, user=alice)
    with translation.override("fr"):
        message = str(info.value)
    assert message != "This game does not exist." and "partie" in message
