"""The admin is read-only and keeps secrets out of its pages."""

import pytest

from games import services

from .factories import make_game
from .test_services_play import ADD1

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(django_user_model):
    return django_user_model.objects.create_superuser("root", "root@example.com", "pw")


def test_admin_pages_hide_seed_state_and_running_actions(client, staff, alice, bob):
    game = make_game([alice, bob], visibility="private")
    event = services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    client.force_login(staff)
    page = client.get(f"/admin/games/game/{game.pk}/change/").content.decode()
    assert game.seed not in page and game.invitation_token not in page
    assert "secrets" not in page  # the state's hidden part
    page = client.get(f"/admin/games/event/{event.pk}/change/").content.decode()
    assert "hidden until the game is over" in page
    assert client.post(f"/admin/games/event/{event.pk}/delete/").status_code == 403
    assert client.get("/admin/games/event/add/").status_code == 403
