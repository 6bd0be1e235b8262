"""The bots on the pages: the host adds and removes bots in the waiting room, the lobby's
practice form starts a game at once, the seats of bots carry a badge, and records and
profiles work with bots at the table."""

import pytest

from games.bot_seats.models import BotAccount
from games.bot_seats.services import bot_seat_add, bot_seat_remove, practice_start
from games.table.models import Game, Seat
from games.table.services import (
    GameFull,
    GameNotOpen,
    InvalidGameSettings,
    NotHost,
    NotYourSeat,
    game_create,
)

pytestmark = pytest.mark.django_db


def test_the_host_adds_and_removes_bots(alice, bob, client):
    game = game_create(host=alice, kind="complots", max_seats=3)
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'data-testid="add-bot"' in page and 'value="bluffer"' in page
    response = client.post(f"/games/{game.pk}/bots/add/", {"level": "bluffer"})
    assert response.status_code == 302
    seat = Seat.objects.get(game=game, position=2)
    assert seat.user.bot_account.level == "bluffer"
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Bluffer bot 1" in page and "Remove a bot" in page
    client.post(f"/games/{game.pk}/bots/add/", {"level": "bluffer"})
    assert Seat.objects.filter(game=game).count() == 3  # a second account of the level
    assert "add-bot" not in client.get(f"/games/{game.pk}/").content.decode()  # full
    client.post(f"/games/{game.pk}/bots/remove/", {"seat": "p2"})
    assert not Seat.objects.filter(game=game, position=2).exists()
    # the game starts with a bot like with a player
    assert client.post(f"/games/{game.pk}/start/").status_code == 302
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING


def test_only_the_host_of_an_open_table_adds_a_known_level(alice, bob, client):
    game = game_create(host=alice, kind="complots", max_seats=2)
    with pytest.raises(NotHost):
        bot_seat_add(game_id=game.pk, user=bob, level="novice")
    with pytest.raises(InvalidGameSettings):
        bot_seat_add(game_id=game.pk, user=alice, level="standard")
    with pytest.raises(InvalidGameSettings):
        bot_seat_add(game_id=game.pk, user=alice, level=["novice"])
    bot_seat_add(game_id=game.pk, user=alice, level="novice")
    with pytest.raises(GameFull):
        bot_seat_add(game_id=game.pk, user=alice, level="novice")
    with pytest.raises(NotYourSeat):
        bot_seat_remove(game_id=game.pk, user=alice, player_id="p1")  # a player, not a bot
    with pytest.raises(NotHost):
        bot_seat_remove(game_id=game.pk, user=bob, player_id="p2")
    client.force_login(bob)
    response = client.post(f"/games/{game.pk}/bots/add/", {"level": "novice"}, follow=True)
    assert response.status_code == 200 and Seat.objects.filter(game=game).count() == 2
    assert client.post("/games/999999/bots/add/", {"level": "novice"}).status_code == 404
    game.refresh_from_db()
    from games.table.services import game_start

    game_start(game_id=game.pk, user=alice)
    with pytest.raises(GameNotOpen):
        bot_seat_remove(game_id=game.pk, user=alice, player_id="p2")


def test_a_private_table_takes_bots(alice):
    game = game_create(host=alice, kind="complots", visibility="private")
    assert bot_seat_add(game_id=game.pk, user=alice, level="honest").position == 2


def test_the_lobby_offers_practice_and_starts_it(alice, client, django_capture_on_commit_callbacks):
    assert "practice" not in client.get("/games/").content.decode()  # signed out
    client.force_login(alice)
    page = client.get("/games/").content.decode()
    assert 'data-testid="practice"' in page and 'value="regicide:standard"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/games/practice/",
            {"opponents": "complots:novice", "bots": "2", "time_control": "corr-1d"},
        )
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert game.status == Game.Status.RUNNING and game.time_control == "corr-1d"
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert page.count('data-testid="badge-bot"') == 2


@pytest.mark.parametrize(
    "data",
    [
        {"opponents": "complots:wizard", "bots": "2"},
        {"opponents": "", "bots": "2"},
        {"opponents": "complots:novice", "bots": "many"},
        {"opponents": "complots:novice", "bots": "2", "time_control": "blitz"},
    ],
)
def test_a_bad_practice_form_changes_nothing(alice, client, data):
    client.force_login(alice)
    response = client.post("/games/practice/", data, follow=True)
    assert response.status_code == 200
    assert not Game.objects.exists()
    assert response.redirect_chain[-1][0] == "/games/"


def test_records_and_profiles_with_bots(alice, bob, client, django_capture_on_commit_callbacks):
    from tests.bot_seats.helpers import human_moves

    with django_capture_on_commit_callbacks(execute=True):
        game = practice_start(user=alice, kind="complots", bots=2, level="honest")
    human_moves(game, [alice], django_capture_on_commit_callbacks)
    bot_user = BotAccount.objects.first().user
    response = client.get(f"/players/{bot_user.username}/")
    assert response.status_code == 200 and "Honest bot" in response.content.decode()
    assert client.get(f"/players/{alice.username}/").status_code == 200
    client.force_login(alice)
    assert client.get(f"/games/{game.pk}/").status_code == 200
    assert client.get("/games/").status_code == 200
    assert not client.login(username=bot_user.username, password="")


def test_the_strong_levels_are_offered_in_both_languages(alice, client):
    client.force_login(alice)
    page = client.get("/games/").content.decode()
    assert 'value="regicide:strong"' in page and 'value="complots:strong"' in page
    assert "Regicide — Strong" in page
    french = client.get("/games/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Fort" in french
    for kind, level in (("regicide", "strong"), ("complots", "strong")):
        game = game_create(host=alice, kind=kind, max_seats=2)
        waiting_room = client.get(f"/games/{game.pk}/").content.decode()
        assert f'value="{level}"' in waiting_room  # add a bot; and for a takeover


def test_a_dropped_regicide_seat_goes_to_the_strong_bot_by_default(alice, client):
    client.force_login(alice)
    regicide = game_create(host=alice, kind="regicide", max_seats=2)
    page = client.get(f"/games/{regicide.pk}/").content.decode()
    select = page.split('data-testid="policy-bot-level"', 1)[1].split("</select>", 1)[0]
    assert '<option value="strong" selected>' in select
    complots = game_create(host=alice, kind="complots", max_seats=2)
    page = client.get(f"/games/{complots.pk}/").content.decode()
    select = page.split('data-testid="policy-bot-level"', 1)[1].split("</select>", 1)[0]
    assert '<option value="novice" selected>' in select  # the first level, as before
