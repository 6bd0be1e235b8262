"""Practice games: a player against bots, played to the end through the services, the
bots' moves run by their (eager) Celery tasks after each commit."""

import pytest
from django.core import mail

from games.bot_seats.models import BotAccount
from games.bot_seats.services import practice_start
from games.table import replay
from games.table.models import Event, Game, Seat
from games.table.services import InvalidGameSettings

from .helpers import human_moves

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("kind", "level", "bots"),
    [("complots", "bluffer", 3), ("regicide", "standard", 3), ("intrigue", "standard", 2)],
)
def test_a_practice_game_is_played_to_the_end(
    alice, kind, level, bots, django_capture_on_commit_callbacks
):
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game = practice_start(user=alice, kind=kind, bots=bots, level=level, time_control="corr-1d")
    assert game.status == Game.Status.RUNNING and game.is_private
    seats = list(Seat.objects.filter(game=game).select_related("user"))
    assert [s.user == alice for s in seats] == [True] + [False] * bots
    accounts = BotAccount.objects.filter(user__in=[s.user for s in seats[1:]])
    assert sorted(a.level for a in accounts) == [level] * bots
    human_moves(game, [alice], django_capture_on_commit_callbacks)
    game = Game.objects.get(pk=game.pk)
    assert game.status == Game.Status.FINISHED and game.result is not None
    events = list(Event.objects.filter(game=game).select_related("seat"))
    bot_events = [e for e in events if e.seat and e.seat.user_id != alice.pk]
    assert bot_events and all(e.kind == Event.Kind.ACTION for e in bot_events)
    assert not Event.objects.filter(game=game, kind=Event.Kind.SYSTEM).exists()  # no timeout
    assert replay.replay_mismatch(game) is None
    # no mail to a bot: they have no address (the human's own mails are the mail's concern)
    bot_users = {s.user for s in seats[1:]}
    assert all(not u.email and not u.has_usable_password() for u in bot_users)
    assert all(m.to != [""] for m in mail.outbox)


def test_regicide_alone(alice, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = practice_start(user=alice, kind="regicide", bots=0)
    assert Seat.objects.filter(game=game).count() == 1
    human_moves(game, [alice], django_capture_on_commit_callbacks)
    assert Game.objects.get(pk=game.pk).status == Game.Status.FINISHED


@pytest.mark.parametrize(
    "kwargs",
    [
        {"kind": "complots", "bots": 3, "level": "grandmaster"},
        {"kind": "complots", "bots": 3, "level": "standard"},
        {"kind": "chess", "bots": 1, "level": "standard"},
        {"kind": "complots", "bots": 8, "level": "novice"},
        {"kind": "complots", "bots": -1, "level": "novice"},
        {"kind": "complots", "bots": "3", "level": "novice"},
        {"kind": "complots", "bots": 0, "level": "novice"},  # Complots needs two players
        {"kind": "intrigue", "bots": 1, "level": "standard"},  # three to five
    ],
)
def test_bad_practice_settings_write_nothing(alice, kwargs):
    with pytest.raises(InvalidGameSettings):
        practice_start(user=alice, **kwargs)
    assert not Game.objects.exists()
    assert not Seat.objects.exists()


def test_bots_of_one_level_are_separate_accounts_reused_across_tables(alice, bob):
    one = practice_start(user=alice, kind="complots", bots=3, level="honest")
    two = practice_start(user=bob, kind="complots", bots=2, level="honest")
    first = set(Seat.objects.filter(game=one).exclude(user=alice).values_list("user", flat=True))
    second = set(Seat.objects.filter(game=two).exclude(user=bob).values_list("user", flat=True))
    assert len(first) == 3 and second < first
    assert BotAccount.objects.filter(level="honest").count() == 3
