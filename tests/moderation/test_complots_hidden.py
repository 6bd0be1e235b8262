"""The real Complots engine: a moderator without moderation.view_hidden_information never sees
a face-down card of a running game in the admin; one with it sees them all."""

from django.test import Client
from django.urls import reverse

from games.table import services


def _complots_game(alice, bob, carol):
    game = services.game_create(
        host=alice, kind="complots", min_seats=3, max_seats=3, time_control="corr-1d"
    )
    for user in (bob, carol):
        services.seat_join(game_id=game.pk, user=user)
    game = services.game_start(game_id=game.pk, user=alice)
    # One move so the log has sentences: the first player takes income.
    seat = game.seats.get(to_act=True)
    services.action_submit(
        game_id=game.pk, user=seat.user, action={"type": "income"}, expected_seq=game.state_seq
    )
    game.refresh_from_db()
    return game


def _hands(game):
    from games.engines import get_engine

    engine = get_engine("complots")
    state = engine.load(game.state)
    hands = {}
    for seat in game.seats.all():
        own = engine.view(state, seat.player_id)
        me = next(p for p in own["players"] if p["id"] == seat.player_id)
        hands[seat.player_id] = [c["character"] for c in me["cards"] if not c["revealed"]]
    return hands


def _pages(client, game):
    urls = [
        reverse("admin:games_game_change", args=[game.pk]),
        reverse("admin:games_game_timeline", args=[game.pk]),
    ]
    pages = []
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200
        pages.append(response.content.decode())
    return pages


def test_complots_face_down_cards_stay_hidden_from_moderators(moderator, seer, alice, bob, carol):
    game = _complots_game(alice, bob, carol)
    hands = _hands(game)
    assert sum(len(h) for h in hands.values()) == 6
    client = Client()
    client.force_login(moderator)
    for html in _pages(client, game):
        for slugs in hands.values():
            for slug in slugs:
                assert f'data-character="{slug}"' not in html
        assert html.count('class="card face-down" data-character=""') == 6
        assert game.seed not in html
    timeline = _pages(client, game)[1]
    assert "alice" in timeline and ("Income" in timeline or "income" in timeline)

    client.force_login(seer)
    for html in _pages(client, game):
        for slugs in hands.values():
            for slug in slugs:
                assert f'data-character="{slug}"' in html
