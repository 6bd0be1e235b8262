"""The words of the mail: the open question of an "answer awaited" mail, the French mail's
<html lang>, "La partie ... est terminée", the unsubscribe page's way to the profile."""

import pytest
from django.test import Client

from games.mail import links
from games.mail.models import MailRecord
from games.mail.rendering import mail_render
from games.table import services
from tests.table.factories import make_game, users

pytestmark = pytest.mark.django_db

DUCHESSE = {"type": "power", "character": "duchesse"}


def answer_mail(game, user, kind=MailRecord.Kind.TURN):
    record = MailRecord.objects.create(
        user=user, game=game, kind=kind, key=f"{game.pk}:x", payload={"decision": "answer"}
    )
    return mail_render(record)


def test_an_answer_awaited_mail_says_what_is_asked():
    alice, bob, carol = users("alice", "bob", "carol")
    setup = {"hands": {"p1": ["duchesse", "comtesse"], "p2": ["assassin", "capitaine"]}}
    game = make_game([alice, bob, carol], kind="complots", options={"setup": setup})
    services.action_submit(game_id=game.pk, user=alice, action=DUCHESSE, expected_seq=1)
    game.refresh_from_db()
    subject, text, html = answer_mail(game, bob)
    assert "alice" in text and "challenge or pass?" in text
    assert "challenge or pass?" in html
    # Nothing of bob's hand comes into the sentence: it is the spectator's question.
    assert "Assassin" not in text.split("challenge or pass?")[0].split("Last to play")[-1]
    _, reminder, _ = answer_mail(game, carol, MailRecord.Kind.REMINDER)
    assert "challenge or pass?" in reminder
    _, mover, _ = answer_mail(game, alice)  # alice waits for the others: no question
    assert "?" not in mover.split("Deadline")[0].split("Complots #")[-1]


def test_a_french_mail_declares_its_language_and_agrees_with_la_partie():
    alice, bob = users("alice", "bob")
    bob.profile.language = "fr"
    bob.profile.save()
    game = make_game([alice, bob], kind="complots")
    _, _, html = answer_mail(game, bob)
    assert '<html lang="fr">' in html
    _, _, english = answer_mail(game, alice)
    assert '<html lang="en">' in english
    record = MailRecord.objects.create(
        user=bob, game=game, kind=MailRecord.Kind.GAME_OVER, key="over", payload={}
    )
    _, text, html = mail_render(record)
    assert f"La partie Complots #{game.pk} est terminée." in text
    assert f"La partie <strong>Complots #{game.pk}</strong> est terminée." in html


@pytest.mark.parametrize("method", ["get", "post"])
def test_the_unsubscribe_page_links_to_the_profile(method):
    [bob] = users("bob")
    token = links.unsubscribe_token(bob, "turn")
    response = getattr(Client(), method)(f"/mail/unsubscribe/{token}/")
    assert 'href="/me/profile/"' in response.content.decode()
    forged = Client().get("/mail/unsubscribe/nonsense/").content.decode()
    assert 'href="/me/profile/"' in forged


def test_a_mail_tells_the_time_left_in_the_sites_one_wording():
    from datetime import timedelta

    from django.utils import timezone

    alice, bob = users("alice", "bob")
    game = make_game([alice, bob], kind="complots")
    deadline = timezone.now() + timedelta(hours=23, minutes=59, seconds=30)
    record = MailRecord.objects.create(
        user=bob,
        game=game,
        kind=MailRecord.Kind.TURN,
        key="t",
        payload={"decision": "turn", "deadline": deadline.isoformat()},
    )
    _, text, html = mail_render(record)
    assert "in 23\u00a0h 59\u00a0min." in text and "in 23\u00a0h 59\u00a0min." in html
