"""Kicks and bans with the real Complots engine, whose `resign` takes a player out."""

import pytest
from django.urls import reverse

from games.engines import get_engine
from games.moderation import services as moderation
from games.moderation.models import ModerationAction
from games.table import replay, services
from games.table.models import Event, Game, Seat

pytestmark = pytest.mark.django_db


def complots_game(*users):
    game = services.game_create(
        host=users[0],
        kind="complots",
        min_seats=len(users),
        max_seats=len(users),
        time_control="corr-1d",
    )
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    return services.game_start(game_id=game.pk, user=users[0])


def public_player(game, player_id):
    engine = get_engine("complots")
    view = engine.view(engine.load(game.state), None)
    return next(p for p in view["players"] if p["id"] == player_id)


def test_kick_out_a_complots_player_through_the_admin(mod_client, moderator, alice, bob, carol):
    game = complots_game(alice, bob, carol)
    seat = game.seats.get(user=bob)
    seq = game.state_seq
    response = mod_client.post(
        reverse("admin:games_game_moderate", args=[game.pk]),
        {"action": "kick_out", "seat": seat.pk, "reason": "Cheater"},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    seat.refresh_from_db()
    assert seat.status == Seat.Status.LEFT and not seat.to_act
    assert game.status == Game.Status.RUNNING
    events = list(Event.objects.filter(game=game, seq__gt=seq).order_by("seq"))
    assert [(e.kind, e.reason, e.action["type"]) for e in events] == [
        ("moderation", "kick_out", "kick_out"),
        ("system", "moderation", "resign"),
    ]
    assert events[1].seat_id == seat.pk
    audit = ModerationAction.objects.get()
    assert (audit.action, audit.moderator, audit.target_user) == ("kick_out", moderator, bob)
    out = public_player(game, seat.player_id)
    assert out["alive"] is False and all(card["revealed"] for card in out["cards"])
    # The game goes on without him.
    owing = game.seats.get(to_act=True)
    assert owing.user_id in (alice.pk, carol.pk)
    services.action_submit(
        game_id=game.pk, user=owing.user, action={"type": "income"}, expected_seq=game.state_seq
    )
    game.refresh_from_db()
    assert replay.replay_mismatch(game) is None


def test_banned_players_running_complots_seat_goes_to_autopilot(
    client, moderator, alice, bob, carol
):
    """The admin's ban: the seat goes on autopilot, which plays bob's move when he owes one."""
    game = complots_game(alice, bob, carol)
    client.force_login(moderator)
    response = client.post(
        reverse("admin:auth_user_changelist"),
        {"action": "ban_users", "_selected_action": [bob.pk], "reason": "Multi-accounting"},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    seat = game.seats.get(user=bob)
    assert seat.status == Seat.Status.AUTOPILOT and game.status == Game.Status.RUNNING
    assert set(ModerationAction.objects.values_list("action", flat=True)) == {
        "ban",
        "kick_autopilot",
    }
    assert replay.replay_mismatch(game) is None


def test_ban_with_kick_out_resigns_the_complots_seat(moderator, alice, bob, carol):
    game = complots_game(alice, bob, carol)
    moderation.user_ban(moderator=moderator, user=bob, reason="Cheating", kick_mode="out")
    game.refresh_from_db()
    seat = game.seats.get(user=bob)
    assert seat.status == Seat.Status.LEFT
    assert game.status == Game.Status.RUNNING
    last = game.events.order_by("-seq").first()
    assert (last.seat_id, last.kind, last.reason, last.action) == (
        seat.pk,
        "system",
        "moderation",
        {"type": "resign"},
    )
    assert public_player(game, seat.player_id)["alive"] is False
    assert set(ModerationAction.objects.values_list("action", flat=True)) == {"ban", "kick_out"}
    assert replay.replay_mismatch(game) is None


def test_a_players_own_resign_counts_as_abandoned(alice, bob, carol):
    from games.table.records import player_record

    game = complots_game(alice, bob, carol)
    services.action_submit(
        game_id=game.pk, user=carol, action={"type": "resign"}, expected_seq=game.state_seq
    )
    game.refresh_from_db()
    assert game.seats.get(user=carol).status == Seat.Status.ELIMINATED  # the page's contract
    assert game.status == Game.Status.RUNNING
    assert player_record(carol).abandoned == 1
    assert player_record(alice).abandoned == 0
    assert replay.replay_mismatch(game) is None
