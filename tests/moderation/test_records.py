"""Players' records: finished, won, abandoned, timeouts; the public profile and the tag."""

from django.template import Context, Template
from django.urls import reverse

from games.moderation import services as moderation
from games.table import services
from games.table.records import player_record, player_records

from .conftest import start_game


def _finish(game):
    """The player to act loses both cards: the other one wins."""
    for _ in range(2):
        seat = game.seats.get(to_act=True)
        state = game.state
        card = next(c for c in state["hands"][seat.player_id] if not c["lost"])["character"]
        services.action_submit(
            game_id=game.pk,
            user=seat.user,
            action={"type": "lose", "character": card},
            expected_seq=game.state_seq,
        )
        game.refresh_from_db()
        if game.status == "finished":
            return game
        # the other player takes income
        other = game.seats.get(to_act=True)
        services.action_submit(
            game_id=game.pk,
            user=other.user,
            action={"type": "income"},
            expected_seq=game.state_seq,
        )
        game.refresh_from_db()
    return game


def test_record_counts(alice, bob, carol, moderator):
    first = _finish(start_game(alice, bob))
    assert first.status == "finished"
    winner = first.seats.get(player_id=first.result["winners"][0]).user
    loser = bob if winner == alice else alice
    # A seat a moderator took away is no abandon of its player's (their own resignation or
    # a drop by the timeout rule is); a timeout is a system event with reason "timeout".
    second = start_game(alice, carol)
    carol_seat = second.seats.get(user=carol)
    moderation.seat_kick(moderator=moderator, seat=carol_seat, mode="autopilot", reason="gone")
    second.refresh_from_db()
    to_act = second.seats.get(to_act=True)
    services.system_action_submit(
        game_id=second.pk, player_id=to_act.player_id, expected_seq=second.state_seq
    )
    assert player_record(winner).finished == 1 and player_record(winner).won == 1
    assert player_record(loser).finished == 1 and player_record(loser).won == 0
    assert player_record(carol).abandoned == 0 and player_record(carol).finished == 0
    records = player_records([alice, carol])
    assert records[to_act.user_id].timeouts == 1
    assert sum(r.timeouts for r in records.values()) == 1
    assert player_record(winner).win_rate == 100 and player_record(carol).win_rate is None


def test_public_profile_shows_the_record(client, alice, bob):
    _finish(start_game(alice, bob))
    response = client.get(reverse("games:player", args=["alice"]))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'class="record-finished">1<' in html
    assert client.get(reverse("games:player", args=["nobody"])).status_code == 404


def test_banned_player_has_no_public_profile(client, alice, moderator):
    moderation.user_ban(moderator=moderator, user=alice, reason="spam")
    assert client.get(reverse("games:player", args=["alice"])).status_code == 404


def test_template_tag_for_the_game_page(alice, bob):
    game = _finish(start_game(alice, bob))
    seat = game.seats.get(user=alice)
    html = Template("{% load records %}{% player_record seat.user %}").render(
        Context({"seat": seat})
    )
    assert 'data-user="alice"' in html and "1 game" in html


def test_public_profile_in_french(client, alice):
    response = client.get(
        reverse("games:player", args=["alice"]), headers={"accept-language": "fr"}
    )
    html = response.content.decode()
    assert "Parties terminées" in html and "Palmarès" in html
