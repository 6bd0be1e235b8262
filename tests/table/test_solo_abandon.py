"""A solo game can be abandoned (Regicide's engine has no resignation): the platform ends a
running one-seat game at its only player's request, and the log says so."""

import pytest

from games.table import services
from games.table.models import Game
from games.table.services import GameError
from tests.table.factories import make_game, users
from tests.table.regicide_helpers import solo_game
from tests.table.web_helpers import url

pytestmark = pytest.mark.django_db


def test_the_solo_player_abandons_from_the_page(client):
    [alice] = users("alice")
    game = solo_game(alice)
    client.force_login(alice)
    page = client.get(url("detail", game)).content.decode()
    assert 'data-testid="abandon-solo"' in page and f'action="/games/{game.pk}/cancel/"' in page
    response = client.post(url("cancel", game))
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.deadline_at is None
    assert not game.seats.filter(to_act=True).exists()
    html = client.get(url("detail", game)).content.decode()
    assert "alice abandoned the game." in html
    assert 'data-testid="abandon-solo"' not in html


def test_only_a_game_played_alone_is_abandoned_this_way():
    alice, bob = users("alice", "bob")
    game = make_game([alice, bob], kind="regicide")
    with pytest.raises(GameError):
        services.game_cancel(game_id=game.pk, user=alice)
    assert Game.objects.get(pk=game.pk).status == Game.Status.RUNNING
    solo = solo_game(bob)
    with pytest.raises(GameError):
        services.game_cancel(game_id=solo.pk, user=alice)  # not hers
    services.game_cancel(game_id=solo.pk, user=bob)
    with pytest.raises(GameError):
        services.game_cancel(game_id=solo.pk, user=bob)  # already over
