"""The platform driving the real Complots engine: full games, hidden information, windows,
replay and seed verification."""

import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.table import replay, selectors, services
from games.table.models import Event, Game, Seat
from games.table.services import IllegalMove, InvalidGameSettings, StaleAction

from .factories import make_game
from .helpers import play_randomly

pytestmark = pytest.mark.django_db

DUCHESSE = {"type": "power", "character": "duchesse"}
CHALLENGE = {"type": "challenge"}


def test_invalid_complots_settings(alice):
    with pytest.raises(InvalidGameSettings):
        services.game_create(host=alice, kind="complots", options={"characters": ["x"] * 5})
    with pytest.raises(InvalidGameSettings):
        services.game_create(host=alice, kind="complots", min_seats=1, max_seats=4)
    with pytest.raises(InvalidGameSettings):  # the host would know everyone's cards
        services.game_create(
            host=alice, kind="complots", options={"setup": {"hands": {"p2": ["duchesse"] * 2}}}
        )
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    "count, options, seed",
    [
        (2, {}, 1),
        (3, {}, 2),
        (4, {"characters": "random"}, 3),
        (5, {"saint_barthelemy": True}, 4),
        (6, {"tyrannie": True, "characters": "random"}, 5),
    ],
)
def test_full_game_through_the_services(players, count, options, seed):
    users = players(count)
    game = make_game(users, kind="complots", options=options, max_seats=count)
    game = play_randomly(game, rng=random.Random(seed), max_moves=3000)
    assert game.status == Game.Status.FINISHED, game.state_seq
    winners = game.result["winners"]
    assert len(winners) == 1
    seats = {s.player_id: s for s in game.seats.all()}
    assert seats[winners[0]].status == Seat.Status.PLAYING
    # Random play may resign (legal at any moment): a resigned player is eliminated too.
    assert all(s.status == Seat.Status.ELIMINATED for pid, s in seats.items() if pid not in winners)
    assert replay.game_replay(game) == game.state
    assert replay.game_verify(game).ok
    assert Event.objects.filter(game=game).count() == game.state_seq


def test_check_replays_on_complots_games(players, capsys):
    users = players(4)
    for seed in range(3):
        play_randomly(make_game(users, kind="complots"), rng=random.Random(seed), max_moves=60)
    call_command("check_replays")
    assert "3 games checked" in capsys.readouterr().out


def _face_down_seen(view, owner):
    return [
        c["character"]
        for p in view["players"]
        if p["id"] != owner
        for c in p["cards"]
        if not c["revealed"] and not c.get("lost")
    ]


def test_views_hide_other_hands(players):
    users = players(4)
    game = play_randomly(make_game(users, kind="complots"), rng=random.Random(11), max_moves=30)
    for user in users:
        gv = selectors.game_view(game_id=game.pk, user=user)
        assert set(_face_down_seen(gv.view, gv.player_id)) <= {None}
        own = next(p for p in gv.view["players"] if p["id"] == gv.player_id)
        assert all(c["character"] for c in own["cards"])
    outsider = players(5)[4]
    spectator = selectors.game_view(game_id=game.pk, user=outsider)
    assert spectator.is_spectator
    assert set(_face_down_seen(spectator.view, None)) <= {None}
    assert spectator.legal_actions == []


def test_claim_window_first_challenge_counts(players):
    users = players(4)
    setup = {"hands": {"p1": ["duchesse", "comtesse"]}}
    game = make_game(users, kind="complots", options={"setup": setup})
    before = timezone.now()
    services.action_submit(game_id=game.pk, user=users[0], action=DUCHESSE, expected_seq=1)
    game.refresh_from_db()
    # a response window: the others wait, with the 20 s window deadline
    assert set(game.seats.filter(to_act=True).values_list("player_id", flat=True)) == {
        "p2",
        "p3",
        "p4",
    }
    assert game.deadline_at <= before + timedelta(seconds=25)
    services.action_submit(game_id=game.pk, user=users[2], action=CHALLENGE, expected_seq=2)
    with pytest.raises(StaleAction):
        services.action_submit(game_id=game.pk, user=users[1], action=CHALLENGE, expected_seq=2)
    with pytest.raises(IllegalMove):
        services.action_submit(game_id=game.pk, user=users[1], action=CHALLENGE, expected_seq=3)
    game.refresh_from_db()
    assert game.state_seq == 3
    view = selectors.game_view(game_id=game.pk, user=users[2]).view
    challenges = [e for e in view["log"] if e["event"] == "challenge"]
    assert [e["player"] for e in challenges] == ["p3"]
    assert replay.replay_mismatch(game) is None


def test_turn_deadline_and_timeouts(players):
    users = players(3)
    game = make_game(users, kind="complots", time_control="corr-2d")
    assert game.deadline_at >= timezone.now() + timedelta(days=2) - timedelta(minutes=1)
    event = services.system_action_submit(game_id=game.pk, player_id="p1", expected_seq=1)
    assert event.action == {"type": "income"} and event.kind == "system"
    game.refresh_from_db()
    assert game.deadline_at >= timezone.now() + timedelta(days=2) - timedelta(minutes=1)
    assert replay.replay_mismatch(game) is None
