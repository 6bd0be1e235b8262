"""factory-boy factories and helpers for game tests: named users (alice, bob, carol...) and
games built through the services, as the site builds them."""

from __future__ import annotations

import secrets

import factory
from django.contrib.auth import get_user_model
from factory.django import DjangoModelFactory

from games.table import services
from games.table.models import Game, Seat, seed_commitment

NAMES = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi"]


class UserFactory(DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password(None)  # unusable


def _seed():
    return secrets.token_hex(32)


class GameFactory(DjangoModelFactory):
    """A bare open game row (no seats); prefer `make_game` for a playable one."""

    class Meta:
        model = Game

    kind = "counting"
    options = factory.LazyFunction(dict)
    host = factory.SubFactory(UserFactory)
    seed = factory.LazyFunction(_seed)
    commitment = factory.LazyAttribute(lambda g: seed_commitment(g.seed))


class SeatFactory(DjangoModelFactory):
    class Meta:
        model = Seat

    game = factory.SubFactory(GameFactory)
    user = factory.SubFactory(UserFactory)
    position = factory.Sequence(lambda n: n % 8 + 1)
    player_id = factory.LazyAttribute(lambda s: f"p{s.position}")


def users(*names):
    return [UserFactory(username=name) for name in names]


def make_game(players, *, kind="counting", options=None, start=True, **kwargs) -> Game:
    """A game hosted by players[0] with every player seated in order (started by default)."""
    host, *others = players
    game = services.game_create(
        host=host,
        kind=kind,
        options=options,
        min_seats=kwargs.pop("min_seats", min(len(players), 2)),
        max_seats=kwargs.pop("max_seats", max(len(players), 2)),
        allow_setup=True,
        **kwargs,
    )
    for user in others:
        services.seat_join(game_id=game.pk, user=user, invitation_token=game.invitation_token)
    if start:
        services.game_start(game_id=game.pk, user=host)
    game.refresh_from_db()
    return game
