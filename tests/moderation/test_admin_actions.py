"""Each moderator action through the admin: its Event in the game's log and its audit row."""

import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from games.moderation import services as moderation
from games.moderation.models import ModerationAction, UserSanction
from games.table import selectors, services
from games.table.models import ChatMessage, Event, Game, Seat

from .conftest import start_game

User = get_user_model()


def _moderation_events(game):
    return list(Event.objects.filter(game=game, kind="moderation").order_by("seq"))


def _moderate(client, game, **data):
    return client.post(reverse("admin:games_game_moderate", args=[game.pk]), data)


def test_abort_from_the_game_page(mod_client, moderator, game):
    seq = game.state_seq
    response = _moderate(mod_client, game, action="abort", reason="Players asked for it")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.result is None
    assert game.deadline_at is None
    (event,) = _moderation_events(game)
    assert event.seq == seq + 1 == game.state_seq
    assert event.action == {
        "type": "abort",
        "moderator": "mod",
        "reason": "Players asked for it",
        "previous": "running",
    }
    audit = ModerationAction.objects.get()
    assert (audit.moderator, audit.action, audit.game, audit.reason) == (
        moderator,
        "abort",
        game,
        "Players asked for it",
    )


def test_abort_without_reason_changes_nothing(mod_client, game):
    response = _moderate(mod_client, game, action="abort", reason="")
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert not _moderation_events(game) and not ModerationAction.objects.exists()


def test_abort_through_the_changelist_action(mod_client, game, alice, carol):
    other = start_game(carol, alice)
    url = reverse("admin:games_game_changelist")
    response = mod_client.post(
        url,
        {"action": "abort_games", "_selected_action": [game.pk], "reason": "Collusion"},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    other.refresh_from_db()
    assert game.status == Game.Status.ABORTED and other.status == Game.Status.RUNNING
    assert _moderation_events(game)[0].action["reason"] == "Collusion"
    # No reason: refused with a readable message, nothing done.
    response = mod_client.post(
        url, {"action": "abort_games", "_selected_action": [other.pk], "reason": ""}, follow=True
    )
    assert "Give a reason" in response.content.decode()
    other.refresh_from_db()
    assert other.status == Game.Status.RUNNING


def test_kick_to_autopilot(mod_client, moderator, game, bob):
    seat = game.seats.get(user=bob)
    response = _moderate(
        mod_client, game, action="kick_autopilot", seat=seat.pk, reason="Gone for a week"
    )
    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.status == Seat.Status.AUTOPILOT
    (event,) = _moderation_events(game)
    assert event.seat == seat and event.action["type"] == "kick_autopilot"
    assert event.action["player"] == seat.player_id
    audit = ModerationAction.objects.get()
    assert audit.action == "kick_autopilot" and audit.target_user == bob
    # The game goes on: the seq moved with the moderation event, the next move is accepted.
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    services.action_submit(
        game_id=game.pk,
        user=game.seats.get(to_act=True).user,
        action={"type": "income"},
        expected_seq=game.state_seq,
    )


def test_kick_out_plays_the_engine_resignation(mod_client, game, bob):
    seat = game.seats.get(user=bob)
    # The engine lets only the player to act resign: make it bob's turn.
    if not seat.to_act:
        services.action_submit(
            game_id=game.pk,
            user=game.seats.get(to_act=True).user,
            action={"type": "income"},
            expected_seq=game.state_seq,
        )
    response = _moderate(mod_client, game, action="kick_out", seat=seat.pk, reason="Cheater")
    assert response.status_code == 302
    seat.refresh_from_db()
    game.refresh_from_db()
    assert seat.status == Seat.Status.LEFT
    last = game.events.order_by("-seq").first()
    assert (last.kind, last.reason, last.action) == ("system", "moderation", {"type": "resign"})
    assert game.status == Game.Status.FINISHED  # two players: the other one wins
    assert ModerationAction.objects.get().action == "kick_out"


def test_kick_out_without_engine_resignation_is_refused(mod_client, alice, bob):
    game = start_game(alice, bob, options={"resign": False})
    seat = game.seats.get(user=bob)
    response = _moderate(mod_client, game, action="kick_out", seat=seat.pk, reason="Cheater")
    assert response.status_code == 200
    assert "autopilot instead" in response.content.decode()
    seat.refresh_from_db()
    assert seat.status == Seat.Status.PLAYING
    assert not _moderation_events(game) and not ModerationAction.objects.exists()


def test_extend_deadline(mod_client, game):
    before = game.deadline_at
    assert before is not None
    response = _moderate(mod_client, game, action="extend_deadline", hours=48, reason="Holidays")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.deadline_at == before + dt.timedelta(hours=48)
    (event,) = _moderation_events(game)
    assert event.action["hours"] == 48
    assert ModerationAction.objects.get().details["hours"] == 48


@pytest.mark.parametrize("hours", ["0", "-3", "abc", "100000"])
def test_extend_deadline_refuses_bad_hours(mod_client, game, hours):
    before = game.deadline_at
    response = _moderate(mod_client, game, action="extend_deadline", hours=hours, reason="x")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.deadline_at == before and not _moderation_events(game)


def test_hide_message(mod_client, game, alice, bob):
    message = services.chat_post(game_id=game.pk, user=alice, text="You are an idiot")
    kept = services.chat_post(game_id=game.pk, user=alice, text="Good luck")
    response = mod_client.post(
        reverse("admin:games_chatmessage_changelist"),
        {"action": "hide_messages", "_selected_action": [message.pk], "reason": "Insult"},
    )
    assert response.status_code == 302
    message.refresh_from_db()
    assert message.hidden and message.text == "You are an idiot"  # kept for the record
    (event,) = _moderation_events(game)
    assert event.action["type"] == "hide_message" and event.action["message"] == message.pk
    assert ModerationAction.objects.get().target_user == alice
    # Players no longer get it.
    chat = selectors.game_view(game_id=game.pk, user=bob).chat
    assert [m.pk for m in chat] == [kept.pk]


def test_mute_user_refuses_their_chat(mod_client, game, alice, bob):
    response = mod_client.post(
        reverse("admin:auth_user_changelist"),
        {"action": "mute_users", "_selected_action": [alice.pk], "hours": "24", "reason": "Spam"},
    )
    assert response.status_code == 302
    assert moderation.user_is_muted(alice) and not moderation.user_is_muted(bob)
    # The platform's own service refuses it, with a readable message, writing nothing.
    with pytest.raises(services.GameError, match="muted your chat"):
        services.chat_post(game_id=game.pk, user=alice, text="hello")
    assert not ChatMessage.objects.filter(user=alice).exists()
    services.chat_post(game_id=game.pk, user=bob, text="hello")
    audit = ModerationAction.objects.get()
    assert audit.action == "mute" and audit.details["hours"] == 24
    # The mute ends by itself.
    later = UserSanction.objects.get(user=alice).muted_until + dt.timedelta(seconds=1)
    assert not moderation.user_is_muted(alice, now=later)


def test_ban_user(client, moderator, game, alice, bob):
    from tests.conftest import PASSWORD

    services.action_submit(  # alice plays: bob owes the next move when he is banned
        game_id=game.pk, user=alice, action={"type": "income"}, expected_seq=game.state_seq
    )
    bob_client = client.__class__()
    assert bob_client.login(username="bob", password=PASSWORD)
    client.force_login(moderator)
    response = client.post(
        reverse("admin:auth_user_changelist"),
        {"action": "ban_users", "_selected_action": [bob.pk], "reason": "Multi-accounting"},
    )
    assert response.status_code == 302
    bob.refresh_from_db()
    assert not bob.is_active
    assert UserSanction.objects.get(user=bob).banned_at is not None
    # Their session is gone, and they can no longer log in.
    assert "_auth_user_id" not in bob_client.session
    assert not bob_client.login(username="bob", password=PASSWORD)
    # Their game goes on, their seat on autopilot.
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert game.seats.get(user=bob).status == Seat.Status.AUTOPILOT
    assert _moderation_events(game)[0].action["type"] == "kick_autopilot"
    actions = set(ModerationAction.objects.values_list("action", flat=True))
    assert actions == {"ban", "kick_autopilot"}
    # The services refuse them: no move, no chat; nothing written.
    game.refresh_from_db()
    seq = game.state_seq
    with pytest.raises(services.GameError, match="account is disabled"):
        services.chat_post(game_id=game.pk, user=bob, text="I am back")
    assert game.seats.get(user=bob).to_act
    with pytest.raises(services.GameError, match="account is disabled"):
        services.action_submit(
            game_id=game.pk, user=bob, action={"type": "income"}, expected_seq=seq
        )
    game.refresh_from_db()
    assert game.state_seq == seq and not ChatMessage.objects.filter(user=bob).exists()


def test_moderator_cannot_ban_staff(mod_client, seer):
    mod_client.post(
        reverse("admin:auth_user_changelist"),
        {"action": "ban_users", "_selected_action": [seer.pk], "reason": "no"},
    )
    seer.refresh_from_db()
    assert seer.is_active and not ModerationAction.objects.exists()


def test_user_without_the_permission_cannot_moderate(client, make_user, game):
    clerk = make_user("clerk")
    clerk.is_staff = True
    clerk.save()
    client.force_login(clerk)
    assert _moderate(client, game, action="abort", reason="x").status_code == 403
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    with pytest.raises(moderation.ModerationError):
        moderation.game_abort(moderator=clerk, game=game, reason="x")


def test_replay_still_agrees_after_moderation_events(moderator, game, alice):
    from games.table.replay import replay_mismatch

    message = services.chat_post(game_id=game.pk, user=alice, text="hm")
    moderation.message_hide(moderator=moderator, message=message, reason="noise")
    moderation.game_deadline_extend(moderator=moderator, game=game, hours=1, reason="x")
    game.refresh_from_db()
    services.action_submit(
        game_id=game.pk,
        user=game.seats.get(to_act=True).user,
        action={"type": "income"},
        expected_seq=game.state_seq,
    )
    game.refresh_from_db()
    assert replay_mismatch(game) is None


def test_players_pages_refuse_muted_chat_and_hide_hidden_messages(
    client, moderator, game, alice, bob
):
    message = services.chat_post(game_id=game.pk, user=alice, text="Rude words here")
    moderation.message_hide(moderator=moderator, message=message, reason="Insult")
    moderation.user_mute(moderator=moderator, user=alice, hours=2, reason="Insults")
    client.force_login(bob)
    page = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Rude words here" not in page
    client.force_login(alice)
    response = client.post(
        reverse("games:chat", args=[game.pk]),
        {"text": "still here"},
        headers={"HX-Request": "true"},
    )
    assert "muted your chat" in response.content.decode()
    assert not ChatMessage.objects.filter(text="still here").exists()


def test_moderating_a_table_not_started_keeps_its_log_empty(moderator, alice, bob):
    table = services.game_create(host=alice, kind="secretcards", min_seats=2, max_seats=2)
    services.seat_join(game_id=table.pk, user=bob)
    message = services.chat_post(game_id=table.pk, user=bob, text="spam spam")
    moderation.message_hide(moderator=moderator, message=message, reason="Spam")
    assert not Event.objects.filter(game=table).exists()
    assert ModerationAction.objects.get().action == "hide_message"
    # The table can still start: its first event is the start at seq 1.
    started = services.game_start(game_id=table.pk, user=alice)
    assert started.events.get().seq == 1


def test_ban_with_a_seat_already_on_autopilot_and_an_open_table(moderator, game, alice, bob, carol):
    moderation.seat_kick(
        moderator=moderator, seat=game.seats.get(user=bob), mode="autopilot", reason="away"
    )
    hosted = services.game_create(host=bob, kind="secretcards", min_seats=2, max_seats=2)
    joined = services.game_create(host=carol, kind="secretcards", min_seats=2, max_seats=3)
    services.seat_join(game_id=joined.pk, user=bob)
    running = start_game(carol, bob)
    moderation.user_ban(moderator=moderator, user=bob, reason="cheating")
    hosted.refresh_from_db()
    running.refresh_from_db()
    assert hosted.status == Game.Status.ABORTED
    assert not joined.seats.filter(user=bob).exists()
    assert running.status == Game.Status.RUNNING
    assert running.seats.get(user=bob).status == Seat.Status.AUTOPILOT
    assert game.seats.get(user=bob).status == Seat.Status.AUTOPILOT
    assert ModerationAction.objects.filter(action="ban").count() == 1


def test_kicked_seat_is_played_by_the_deadlines_autopilot(mod_client, game, alice, bob):
    from games.clock.sweeper import deadlines_sweep

    services.action_submit(
        game_id=game.pk, user=alice, action={"type": "income"}, expected_seq=game.state_seq
    )
    seat = game.seats.get(user=bob)
    assert seat.to_act
    _moderate(mod_client, game, action="kick_autopilot", seat=seat.pk, reason="Gone")
    game.refresh_from_db()
    assert game.deadline_at <= timezone.now()  # an autopilot seat owes its move now
    deadlines_sweep(now=timezone.now() + dt.timedelta(seconds=1))
    last = game.events.order_by("-seq").first()
    assert (last.kind, last.reason, last.seat_id) == ("system", "autopilot", seat.pk)
    game.refresh_from_db()
    assert game.seats.get(user=alice).to_act  # alice's turn again, with her own deadline
    assert game.deadline_at > timezone.now() + dt.timedelta(hours=1)


def test_extension_holds_against_the_deadlines_sweeper(mod_client, game):
    from games.clock.sweeper import deadlines_sweep

    game.refresh_from_db()
    old = game.deadline_at
    _moderate(mod_client, game, action="extend_deadline", hours=24, reason="Travel")
    game.refresh_from_db()
    seq = game.state_seq
    assert game.deadline_at == old + dt.timedelta(hours=24)
    deadlines_sweep(now=old + dt.timedelta(minutes=1))  # the old deadline has passed
    game.refresh_from_db()
    assert game.state_seq == seq and game.deadline_at == old + dt.timedelta(hours=24)
    deadlines_sweep(now=old + dt.timedelta(hours=24, minutes=1))  # the new one has too
    game.refresh_from_db()
    last = game.events.order_by("-seq").first()
    assert (last.kind, last.reason) == ("system", "timeout")


def test_moderation_notifies_open_pages(
    moderator, game, alice, django_capture_on_commit_callbacks, monkeypatch
):
    from games.table import live

    sent = []
    monkeypatch.setattr(live, "publish_change", lambda *args: sent.append(args) or True)
    message = services.chat_post(game_id=game.pk, user=alice, text="x")
    with django_capture_on_commit_callbacks(execute=True):
        moderation.message_hide(moderator=moderator, message=message, reason="noise")
    game.refresh_from_db()
    assert (game.pk, game.state_seq, game.revision) in sent
