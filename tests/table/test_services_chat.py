"""chat_post: who may talk, what is kept, the rate limit."""

import pytest
import time_machine
from django.contrib.auth.models import AnonymousUser

from games.table import services
from games.table.models import CHAT_MAX_LENGTH, ChatMessage
from games.table.services import ChatInvalid, GameNotFound, GameNotRunning, NotYourSeat, RateLimited

from .factories import make_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(alice, bob):
    return make_game([alice, bob])


def test_post_keeps_text_raw_and_bumps_revision(game, alice):
    revision = game.revision
    message = services.chat_post(game_id=game.pk, user=alice, text="  <b>Bluff!</b> & co \n")
    assert message.text == "<b>Bluff!</b> & co"  # escaped at render time, not here
    assert message.seat.user == alice and not message.hidden
    game.refresh_from_db()
    assert game.revision == revision + 1


def test_control_characters_are_dropped(game, alice):
    message = services.chat_post(game_id=game.pk, user=alice, text="a\x00b\x1b[31mc\td\ne")
    assert message.text == "ab[31mc\td\ne"


@pytest.mark.parametrize("text", ["", "   ", "\x00\x01", None, 42, ["hi"]])
def test_empty_or_not_text(game, alice, text):
    with pytest.raises(ChatInvalid):
        services.chat_post(game_id=game.pk, user=alice, text=text)
    assert ChatMessage.objects.count() == 0


def test_max_length(game, alice):
    services.chat_post(game_id=game.pk, user=alice, text="x" * CHAT_MAX_LENGTH)
    with pytest.raises(ChatInvalid) as info:
        services.chat_post(game_id=game.pk, user=alice, text="x" * (CHAT_MAX_LENGTH + 1))
    assert str(CHAT_MAX_LENGTH) in str(info.value)
    assert ChatMessage.objects.count() == 1


def test_only_seated_users_post(game, carol):
    for user in (carol, AnonymousUser()):
        with pytest.raises(NotYourSeat):
            services.chat_post(game_id=game.pk, user=user, text="hello")
    with pytest.raises(GameNotFound):
        services.chat_post(game_id=game.pk + 50, user=carol, text="hello")
    assert ChatMessage.objects.count() == 0


def test_open_game_chat_and_cancelled_game(alice, bob):
    game = make_game([alice, bob], start=False)
    services.chat_post(game_id=game.pk, user=bob, text="ready when you are")
    services.game_cancel(game_id=game.pk, user=alice)
    with pytest.raises(GameNotRunning):
        services.chat_post(game_id=game.pk, user=bob, text="bye")
    assert ChatMessage.objects.count() == 1


def test_rate_limit_per_user_and_game(game, alice, bob):
    with time_machine.travel("2026-01-01 12:00:00", tick=False) as clock:
        for i in range(5):
            services.chat_post(game_id=game.pk, user=alice, text=f"m{i}")
        with pytest.raises(RateLimited) as info:
            services.chat_post(game_id=game.pk, user=alice, text="one too many")
        assert "too fast" in str(info.value)
        # other users are not limited by alice
        services.chat_post(game_id=game.pk, user=bob, text="calm down")
        clock.shift(11)
        services.chat_post(game_id=game.pk, user=alice, text="again")
    assert ChatMessage.objects.filter(user=alice).count() == 6
