"""Shared helpers of the deadline, mail and integration tests."""

from datetime import timedelta

from django.utils import timezone

from games.table.models import Event, Game
from games.table.services import action_submit, game_create, game_start, seat_join

from .ticktock import register

register()


def start_game(users, *, time_control="corr-1d", goal=5, window=None, turn=None):
    """A running ticktock game with `users` seated in order (p1, p2, ...)."""
    host, *others = users
    game = game_create(
        host=host,
        kind="ticktock",
        options={"goal": goal},
        time_control=time_control,
        min_seats=1,
        max_seats=max(2, len(users)),
    )
    if window is not None or turn is not None:
        Game.objects.filter(pk=game.pk).update(
            window_seconds=window or game.window_seconds, turn_seconds=turn or game.turn_seconds
        )
    for user in others:
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=host)
    return Game.objects.get(pk=game.pk)


def play(game, user, action):
    game = Game.objects.get(pk=game.pk)
    return action_submit(game_id=game.pk, user=user, action=action, expected_seq=game.state_seq)


def fresh(game):
    return Game.objects.get(pk=game.pk)


def system_events(game):
    return list(
        Event.objects.filter(game=game, kind=Event.Kind.SYSTEM)
        .order_by("seq")
        .values_list("seat__player_id", "action__type", "reason")
    )


def after(game, seconds=1):
    """A moment `seconds` after the game's current deadline."""
    return fresh(game).deadline_at + timedelta(seconds=seconds)


def now():
    return timezone.now()
