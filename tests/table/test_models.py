"""Model invariants: the append-only event log, unique seats and seqs, the commitment."""

import hashlib

import pytest
from django.db import IntegrityError, connection, transaction
from django.db.models.deletion import ProtectedError

from games.table.models import Event, Game, Seat, seed_commitment

from .factories import GameFactory, SeatFactory, make_game
from .test_services_play import ADD1

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    from games.table import services

    game = make_game([alice, bob])
    services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    return game


def test_event_cannot_be_updated(game):
    event = Event.objects.get(game=game, seq=2)
    event.action = {"type": "add", "n": 2}
    with pytest.raises(TypeError, match="append-only"):
        event.save()
    with pytest.raises(TypeError, match="append-only"):
        Event.objects.filter(game=game).update(action={})
    with pytest.raises(TypeError, match="append-only"):
        Event.objects.bulk_update([event], ["action"])
    with pytest.raises(TypeError, match="append-only"):
        Event.objects.update_or_create(game=game, seq=2, defaults={"action": {}})
    assert Event.objects.get(game=game, seq=2).action == ADD1


def test_event_cannot_be_deleted(game):
    event = Event.objects.get(game=game, seq=2)
    with pytest.raises(TypeError, match="append-only"):
        event.delete()
    with pytest.raises(TypeError, match="append-only"):
        Event.objects.filter(game=game).delete()
    with pytest.raises(ProtectedError):
        Game.objects.filter(pk=game.pk).delete()  # the log protects its game
    assert Event.objects.filter(game=game).count() == 2


def test_event_seq_is_unique_per_game(game):
    with pytest.raises(IntegrityError), transaction.atomic():
        Event.objects.create(game=game, seq=2, kind="action", action=ADD1)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL trigger")
def test_database_refuses_raw_update_and_delete(game):
    from django.db import DatabaseError

    for sql in (
        "UPDATE games_event SET action = '{}' WHERE game_id = %s",
        "DELETE FROM games_event WHERE game_id = %s",
    ):
        with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute(sql, [game.pk])
    assert Event.objects.filter(game=game).count() == 2


def test_seat_unique_user_and_position(alice, bob):
    game = GameFactory(host=alice)
    SeatFactory(game=game, user=alice, position=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatFactory(game=game, user=alice, position=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        SeatFactory(game=game, user=bob, position=1)
    assert Seat.objects.filter(game=game).count() == 1


def test_seat_bounds_constraint(alice):
    with pytest.raises(IntegrityError), transaction.atomic():
        GameFactory(host=alice, min_seats=3, max_seats=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        GameFactory(host=alice, max_seats=9)


def test_commitment_and_seed_reveal(alice):
    game = GameFactory(host=alice, seed="00" * 32)
    assert seed_commitment(game.seed) == hashlib.sha256(bytes(32)).hexdigest()
    assert game.commitment == seed_commitment(game.seed)
    assert game.revealed_seed is None
    for status in (Game.Status.RUNNING, Game.Status.OPEN):
        game.status = status
        assert game.revealed_seed is None
    game.status = Game.Status.FINISHED
    assert game.revealed_seed == "00" * 32
