"""Web Push: what is sent and when, through a local push service that checks the VAPID JWT
and decrypts each payload, as a phone would."""

from datetime import time as clock_time
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.utils import timezone

from games.clock import sweeper
from games.mail.models import MailRecord
from games.push import sending
from games.push.models import PushRecord, PushSettings, PushSubscription
from games.table import presence
from tests.clock.helpers import fresh, play, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def test_a_push_says_the_question_and_the_time_left(alice, bob, carol, subscribe, run_on_commit):
    phone = subscribe(bob)
    mover = subscribe(alice)
    game = start_game([alice, bob, carol])
    with run_on_commit():
        play(game, alice, {"type": "claim"})
    [message] = phone.messages
    data = message["data"]
    assert data["title"] == f"Your answer is awaited in Ticktock #{game.pk}"
    assert data["body"].endswith("h left")
    assert data["tag"] == f"game-{game.pk}" and message["topic"] == f"game-{game.pk}"
    assert data["url"] == f"/games/{game.pk}/"
    assert data["actions"] == [{"action": "answer", "title": "Pass"}]
    assert data["answer"].startswith("/push/answer/")
    assert message["urgency"] == "normal"  # a correspondence game
    left = (fresh(game).deadline_at - timezone.now()).total_seconds()
    assert 0 < message["ttl"] <= left + 1  # never past the decision's deadline
    assert mover.messages == []  # never for one's own move
    row = PushSubscription.objects.get(pk=phone.row.pk)
    assert row.last_used_at is not None


def test_live_games_push_with_high_urgency_even_in_quiet_hours(
    alice, bob, subscribe, run_on_commit
):
    phone = subscribe(bob)
    PushSettings.objects.filter(user=bob).update(  # made with the device
        quiet_from=clock_time(0, 0), quiet_until=clock_time(23, 59)
    )
    game = start_game([alice, bob], time_control="live")
    with run_on_commit():
        play(game, alice, {"type": "income"})
    [message] = phone.messages
    assert message["urgency"] == "high"
    assert message["data"]["title"] == f"Your turn in Ticktock #{game.pk}"
    assert message["ttl"] <= 121


def test_quiet_hours_hold_correspondence_pushes_until_they_end(
    alice, bob, subscribe, run_on_commit
):
    phone = subscribe(bob)
    bob.profile.timezone = "Europe/Paris"
    bob.profile.save()
    PushSettings.objects.filter(user=bob).update(
        quiet_from=clock_time(22, 0), quiet_until=clock_time(7, 0)
    )
    with time_machine.travel("2025-01-10 23:30 +01:00", tick=False):
        game = start_game([alice, bob])
        with run_on_commit():
            play(game, alice, {"type": "income"})
        assert phone.messages == []
        record = PushRecord.objects.get(user=bob)
        assert record.status == "pending" and record.last_error == "held: quiet hours"
    with time_machine.travel("2025-01-11 07:01 +01:00", tick=False):
        with run_on_commit():
            sweeper.deadlines_sweep()
    assert [m["data"]["title"] for m in phone.messages] == [f"Your turn in Ticktock #{game.pk}"]


def test_no_push_with_the_page_open_nor_for_a_muted_game(
    alice, bob, carol, subscribe, run_on_commit
):
    phone_bob, phone_carol = subscribe(bob), subscribe(carol)
    game = start_game([alice, bob, carol])
    presence.presence_touch(game.pk, bob.pk)
    settings_row = PushSettings.objects.get(user=carol)
    settings_row.muted_games.add(game)
    with run_on_commit():
        play(game, alice, {"type": "claim"})
    assert phone_bob.messages == [] and phone_carol.messages == []
    assert PushRecord.objects.get(user=bob).last_error == "game page open"
    assert not PushRecord.objects.filter(user=carol).exists()


def test_a_gone_subscription_is_removed_and_errors_retry_with_back_off(
    alice, bob, carol, subscribe, push_service, run_on_commit
):
    gone, flaky = subscribe(bob, "gone"), subscribe(carol, "flaky")
    push_service.answers["gone"] = 410
    push_service.answers["flaky"] = 503
    game = start_game([alice, bob, carol])
    with run_on_commit():
        play(game, alice, {"type": "claim"})
    assert not PushSubscription.objects.filter(pk=gone.row.pk).exists()
    record = PushRecord.objects.get(user=carol)
    assert record.status == "pending" and record.attempts == 1
    assert record.next_attempt_at > timezone.now() + timedelta(seconds=10)
    del push_service.answers["flaky"]
    # the retry, twice (a duplicated task): sent once
    assert sending.push_deliver(record.pk) == "sent"
    assert sending.push_deliver(record.pk) == "sent"
    assert len(flaky.messages) == 1
    assert push_service.errors == []


def test_a_push_about_an_answered_decision_is_dropped(alice, bob, carol, subscribe):
    phone = subscribe(bob)
    game = start_game([alice, bob, carol])
    play(game, alice, {"type": "claim"})  # no on_commit: the push waits, like a slow worker
    play(fresh(game), bob, {"type": "pass"})
    record = PushRecord.objects.get(user=bob)
    assert sending.push_deliver(record.pk) == "skipped"
    assert PushRecord.objects.get(pk=record.pk).last_error == "decision already made"
    assert phone.messages == []


def test_game_over_and_the_players_language(alice, bob, subscribe, run_on_commit):
    bob.profile.language = "fr"
    bob.profile.save()
    phone = subscribe(bob)
    game = start_game([alice, bob], goal=1)
    with run_on_commit():
        play(game, alice, {"type": "income"})
    titles = [m["data"]["title"] for m in phone.messages]
    assert titles == [f"Partie terminée\u00a0: Ticktock #{game.pk}"], titles
    assert phone.messages[0]["data"]["lang"] == "fr"


def test_the_mail_waits_for_the_push_and_is_dropped_when_the_player_answered(
    alice, bob, carol, subscribe, run_on_commit
):
    subscribe(bob)
    game = start_game([alice, bob, carol])
    mail.outbox.clear()
    with run_on_commit():
        play(game, alice, {"type": "claim"})
    assert [m.to for m in mail.outbox] == [[carol.email]]  # carol has no device
    bob_mail = MailRecord.objects.get(user=bob, kind="turn")
    assert bob_mail.status == "pending" and bob_mail.next_attempt_at is not None
    with run_on_commit():
        play(fresh(game), bob, {"type": "pass"})
    with time_machine.travel(bob_mail.next_attempt_at + timedelta(seconds=1)):
        with run_on_commit():
            sweeper.deadlines_sweep()
    bob_mail.refresh_from_db()
    assert bob_mail.status == "skipped"  # no longer awaited: the decision was made
    assert not [m for m in mail.outbox if m.to == [bob.email]]


def test_the_mail_goes_when_the_push_was_not_answered_in_time(
    alice, bob, carol, subscribe, run_on_commit
):
    subscribe(bob)
    game = start_game([alice, bob, carol])
    mail.outbox.clear()
    with run_on_commit():
        play(game, alice, {"type": "claim"})
    bob_mail = MailRecord.objects.get(user=bob, kind="turn")
    with time_machine.travel(bob_mail.next_attempt_at + timedelta(seconds=1)):
        with run_on_commit():
            sweeper.deadlines_sweep()
    assert len([m for m in mail.outbox if m.to == [bob.email]]) == 1


def test_the_test_button_and_removal(client, bob, subscribe, run_on_commit):
    phone = subscribe(bob)
    client.force_login(bob)
    page = client.get("/me/notifications/")
    assert page.status_code == 200 and b"Phone" in page.content
    with run_on_commit():
        response = client.post(f"/me/notifications/{phone.row.pk}/test/")
    assert response.status_code == 302
    assert phone.messages[0]["data"]["body"] == "Notifications work on this device."
    client.post(f"/me/notifications/{phone.row.pk}/remove/")
    assert not PushSubscription.objects.filter(user=bob).exists()


def test_subscriptions_go_with_logout_password_change_and_the_account(
    client, bob, carol, push_service
):
    client.force_login(bob)
    device = push_service.device("laptop")
    response = client.post(
        "/me/notifications/subscribe/",
        data={**device.info(), "name": "Firefox · Linux"},
        content_type="application/json",
    )
    # A plain-HTTP endpoint is refused outside DEBUG (push services speak HTTPS).
    assert response.status_code == 400
    info = device.info()
    info["endpoint"] = "https://push.example/abc"
    response = client.post(
        "/me/notifications/subscribe/", data=info, content_type="application/json"
    )
    assert response.status_code == 200
    assert (
        client.post(
            "/me/notifications/subscribe/", data="{", content_type="application/json"
        ).status_code
        == 400
    )
    other = PushSubscription.objects.create(
        user=bob, endpoint="https://push.example/x", p256dh="k", auth="a"
    )
    client.post("/accounts/logout/")
    assert list(PushSubscription.objects.filter(user=bob)) == [other]  # only this device's
    from allauth.account.signals import password_changed

    password_changed.send(sender=type(bob), request=None, user=bob)
    assert not PushSubscription.objects.filter(user=bob).exists()
    PushSubscription.objects.create(
        user=carol, endpoint="https://push.example/y", p256dh="k", auth="a"
    )
    carol.delete()
    assert not PushSubscription.objects.exists()
