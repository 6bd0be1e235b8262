"""Game mail: content, language, links, unsubscribe, digest, at most once."""

from datetime import timedelta
from unittest import mock

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.test import Client
from django.utils import timezone

from games.clock import sweeper
from games.mail import digest, links, sending
from games.mail.models import MailRecord
from games.table import presence
from games.table.models import Game
from tests.clock.helpers import fresh, play, start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    """Run on_commit callbacks (the eager Celery tasks) of everything done inside."""
    return lambda: django_capture_on_commit_callbacks(execute=True)


def turn_mails(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_your_turn_mail_goes_to_the_next_player_not_the_mover(alice, bob, run_on_commit):
    game = start_game([alice, bob])
    mail.outbox.clear()
    with run_on_commit():
        play(game, alice, {"type": "income"})
    assert turn_mails(alice) == []
    [message] = turn_mails(bob)
    assert message.subject == f"Your turn in Ticktock #{game.pk}"
    link = f"{settings.SITE_URL}/games/{game.pk}/"
    assert link in message.body
    html = message.alternatives[0][0]
    assert message.alternatives[0][1] == "text/html" and link in html
    assert "Alice" in message.body  # the last to play, a public fact
    unsubscribe = message.extra_headers["List-Unsubscribe"]
    assert unsubscribe.startswith(f"<{settings.SITE_URL}/mail/unsubscribe/")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe[1:-1] in message.body and unsubscribe[1:-1] in html
    # no hidden information: nothing of the engine state beyond public facts
    assert "coins" not in message.body and "seed" not in message.body.lower()
    assert game.seed not in message.body and game.seed not in html


def test_the_mail_is_in_the_players_language_and_time_zone(alice, bob, run_on_commit):
    bob.profile.language = "fr"
    bob.profile.timezone = "Europe/Paris"
    bob.profile.save()
    game = start_game([alice, bob])
    with run_on_commit():
        play(game, alice, {"type": "income"})
    [message] = turn_mails(bob)
    assert message.subject == f"À vous de jouer dans Ticktock #{game.pk}"
    assert "Bonjour Bob" in message.body
    deadline = timezone.localtime(fresh(game).deadline_at, timezone.get_fixed_timezone(60))
    assert deadline.strftime("%H:%M") in message.body
    assert "CET" in message.body


def test_an_answer_awaited_mail_for_a_window(alice, bob, carol, run_on_commit):
    game = start_game([alice, bob, carol])
    with run_on_commit():
        play(game, alice, {"type": "claim"})
    assert turn_mails(bob)[0].subject == f"Your answer is awaited in Ticktock #{game.pk}"
    assert len(turn_mails(carol)) == 1


def test_no_mail_when_the_game_page_is_open(alice, bob, run_on_commit):
    game = start_game([alice, bob])
    presence.presence_touch(game.pk, bob.pk)
    assert presence.presence_is_open(game.pk, bob.pk)
    with run_on_commit():
        play(game, alice, {"type": "income"})
    assert turn_mails(bob) == []
    record = MailRecord.objects.get(user=bob, kind="turn")
    assert record.status == "skipped" and record.last_error == "game page open"


def test_no_turn_mail_in_live_games(alice, bob, run_on_commit):
    game = start_game([alice, bob], time_control="live")
    with run_on_commit():
        play(game, alice, {"type": "income"})
    assert not MailRecord.objects.filter(kind="turn").exists()


def test_a_mail_is_sent_at_most_once_under_duplicate_tasks(alice, bob, run_on_commit):
    game = start_game([alice, bob])
    with run_on_commit():
        play(game, alice, {"type": "income"})
    record = MailRecord.objects.get(user=bob, kind="turn")
    assert record.status == "sent"
    for _ in range(3):
        assert sending.mail_deliver(record.pk) == "sent"
    assert len(turn_mails(bob)) == 1
    again = sending.mail_claim(user=bob, game=game, kind="turn", key=record.key)
    assert again is None


def test_one_mail_per_turn_even_with_several_decisions(alice, bob, carol, run_on_commit):
    game = start_game([alice, bob, carol])
    for user, action in [(alice, "claim"), (bob, "pass"), (carol, "pass")]:
        with run_on_commit():  # after carol's pass: bob's own turn, a new turn, a new mail
            play(game, user, {"type": action})
    assert [m.subject.split(" in ")[0] for m in turn_mails(bob)] == [
        "Your answer is awaited",
        "Your turn",
    ]
    assert len(turn_mails(carol)) == 1


def test_smtp_errors_retry_with_backoff_then_send(alice, bob, run_on_commit):
    game = start_game([alice, bob])
    with mock.patch(
        "django.core.mail.EmailMultiAlternatives.send", side_effect=OSError("SMTP down")
    ):
        with run_on_commit():
            play(game, alice, {"type": "income"})  # the move stands despite the failure
    assert fresh(game).state_seq == 2
    record = MailRecord.objects.get(user=bob, kind="turn")
    assert record.status == "pending" and record.attempts >= 1
    assert "SMTP down" in record.last_error
    assert record.next_attempt_at > timezone.now()
    # the sweeper resends it once due
    with time_machine.travel(record.next_attempt_at + timedelta(seconds=1), tick=False):
        assert sending.mail_sweep() >= 1
    record.refresh_from_db()
    assert record.status == "sent"
    assert len(turn_mails(bob)) == 1


def test_a_failed_enqueue_is_picked_up_by_the_sweeper(alice, bob, run_on_commit):
    game = start_game([alice, bob])
    with mock.patch("games.mail.tasks.mail_send.apply_async", side_effect=ConnectionError("down")):
        with run_on_commit():
            play(game, alice, {"type": "income"})
    record = MailRecord.objects.get(user=bob, kind="turn")
    assert record.status == "pending" and turn_mails(bob) == []
    with time_machine.travel(timezone.now() + timedelta(minutes=1), tick=False):
        sweeper.deadlines_sweep()
    record.refresh_from_db()
    assert record.status == "sent" and len(turn_mails(bob)) == 1


def test_reminder_when_80_percent_of_the_time_is_gone(alice, bob, run_on_commit):
    game = start_game([alice, bob])
    with run_on_commit():
        play(game, alice, {"type": "income"})
    mail.outbox.clear()
    game = fresh(game)
    with time_machine.travel(game.deadline_at - timedelta(hours=4), tick=False):
        with run_on_commit():
            sweeper.deadlines_sweep()
    [message] = turn_mails(bob)
    assert message.subject == f"Reminder: Ticktock #{game.pk} is waiting for you"
    with time_machine.travel(game.deadline_at - timedelta(hours=2), tick=False):
        with run_on_commit():
            sweeper.deadlines_sweep()
    assert len(turn_mails(bob)) == 1


def test_game_over_mail_with_winners_and_replay_link(alice, bob, run_on_commit):
    game = start_game([alice, bob], goal=1)
    with run_on_commit():
        play(game, alice, {"type": "income"})  # alice wins
    assert fresh(game).status == Game.Status.FINISHED
    assert turn_mails(alice) == []  # her own move
    [message] = [m for m in turn_mails(bob) if m.subject.startswith("Game over")]
    assert "Winner: Alice." in message.body
    assert f"{settings.SITE_URL}/games/{game.pk}/" in message.body


def test_digest_groups_the_days_mails(alice, bob, carol, run_on_commit):
    bob.profile.email_digest = True
    bob.profile.save()
    first = start_game([alice, bob])
    second = start_game([carol, bob])
    with run_on_commit():
        play(first, alice, {"type": "income"})
        play(second, carol, {"type": "income"})
    assert turn_mails(bob) == []
    assert MailRecord.objects.filter(user=bob, status="held").count() == 2
    noon = timezone.now().replace(hour=12, minute=0)
    with time_machine.travel(noon + timedelta(days=1), tick=False):
        with run_on_commit():
            assert digest.digest_collect() == 1
            assert digest.digest_collect() == 0
    [message] = turn_mails(bob)
    assert message.subject == "Your games today"
    assert f"Ticktock #{first.pk}" in message.body and f"Ticktock #{second.pk}" in message.body
    assert "/mail/unsubscribe/" in message.extra_headers["List-Unsubscribe"]
    assert MailRecord.objects.filter(user=bob, status="digested").count() == 2


def test_unsubscribe_get_confirms_and_post_is_one_click(bob):
    token = links.unsubscribe_token(bob, "turn")
    client = Client(enforce_csrf_checks=True)
    url = f"/mail/unsubscribe/{token}/"
    response = client.get(url)
    assert response.status_code == 200 and b"<form" in response.content
    bob.profile.refresh_from_db()
    assert bob.profile.email_on_turn is True  # a GET changes nothing
    response = client.post(url, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200
    bob.profile.refresh_from_db()
    assert bob.profile.email_on_turn is False
    assert bob.profile.email_reminder is True


def test_unsubscribed_players_get_no_mail(alice, bob, run_on_commit):
    bob.profile.email_on_turn = False
    bob.profile.save()
    game = start_game([alice, bob])
    with run_on_commit():
        play(game, alice, {"type": "income"})
    assert turn_mails(bob) == []


def test_a_forged_unsubscribe_token_is_refused(bob):
    token = links.unsubscribe_token(bob, "reminder")
    client = Client()
    assert client.post(f"/mail/unsubscribe/{token[:-2]}xx/").status_code == 400
    assert client.get("/mail/unsubscribe/nonsense/").status_code == 400
    bob.profile.refresh_from_db()
    assert bob.profile.email_reminder is True


def test_starting_a_game_mails_the_players_awaited_but_not_the_host(alice, bob, run_on_commit):
    from tests.clock.test_complots_timeouts import complots_game

    with run_on_commit():
        complots_game([alice, bob])  # two players: both choose a card at once
    assert turn_mails(alice) == []
    [message] = turn_mails(bob)
    assert message.subject.startswith("Your answer is awaited in Complots #")


def test_mails_held_up_by_a_broker_outage_only_go_for_the_decision_still_open(
    alice, bob, run_on_commit
):
    """Three turns of bob's pass during a broker outage: once it is back, the sweeper sends
    the mail of the turn still open, not the two bob already played."""
    game = start_game([alice, bob])
    with mock.patch("games.mail.tasks.mail_send.apply_async", side_effect=ConnectionError("down")):
        for user in (alice, bob, alice, bob, alice):
            with run_on_commit():
                play(game, user, {"type": "income"})
    pending = MailRecord.objects.filter(user=bob, kind="turn").order_by("pk")
    assert [r.status for r in pending] == ["pending"] * 3
    assert all(r.payload.get("decision_id") or r.payload.get("decision_key") for r in pending)
    with time_machine.travel(timezone.now() + timedelta(minutes=1), tick=False):
        sweeper.deadlines_sweep()
    statuses = [(r.status, r.last_error) for r in pending.all()]
    assert statuses == [
        ("skipped", "decision already made"),
        ("skipped", "decision already made"),
        ("sent", ""),
    ]
    [message] = turn_mails(bob)
    assert message.subject == f"Your turn in Ticktock #{game.pk}"


def test_a_reminder_names_its_decision_and_is_dropped_once_it_is_answered(
    alice, bob, carol, run_on_commit
):
    game = start_game([alice, bob, carol])
    with run_on_commit():
        play(game, alice, {"type": "claim"})  # bob and carol are asked to answer
    game = fresh(game)
    with mock.patch("games.mail.tasks.mail_send.apply_async", side_effect=ConnectionError("down")):
        with time_machine.travel(game.deadline_at - timedelta(minutes=30), tick=False):
            with run_on_commit():
                sweeper.deadlines_sweep()
        reminder = MailRecord.objects.get(user=bob, kind="reminder")
        assert reminder.payload.get("decision_id") or reminder.payload.get("decision_key")
        with run_on_commit():
            play(game, carol, {"type": "challenge"})  # the window closes: bob's own turn
    assert fresh(game).state_seq and sending.mail_deliver(reminder.pk) == "skipped"
    reminder.refresh_from_db()
    assert reminder.last_error == "decision already made"
