"""Reports from the game page to the moderators' queue: filing, assignment, closing."""

import pytest
from django.test import Client
from django.urls import reverse

from games.moderation.models import ModerationAction, Report
from games.table import services

from .conftest import start_game


def _report_url(game):
    return reverse("moderation:report", args=[game.pk])


@pytest.fixture
def insult(game, alice):
    return services.chat_post(game_id=game.pk, user=alice, text="You are an idiot")


def test_seated_player_reports_a_message(client, game, bob, insult, alice):
    client.force_login(bob)
    response = client.post(
        _report_url(game), {"category": "abuse", "text": "Rude", "message": insult.pk}
    )
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    report = Report.objects.get()
    assert (report.reporter, report.reported_user, report.message, report.game) == (
        bob,
        alice,
        insult,
        game,
    )
    assert report.status == Report.Status.OPEN and report.text == "Rude"


def test_htmx_report_answers_with_the_fragment(client, game, bob, alice):
    client.force_login(bob)
    response = client.post(
        _report_url(game),
        {"category": "stalling", "player": "alice"},
        headers={"HX-Request": "true"},
    )
    assert response.status_code == 200
    assert "the moderators will look at your report" in response.content.decode()
    assert "<html" not in response.content.decode()
    assert Report.objects.get().reported_user == alice


def test_spectator_of_public_game_may_report(client, game, carol, alice):
    client.force_login(carol)
    response = client.post(_report_url(game), {"category": "cheating", "player": "alice"})
    assert response.status_code == 302
    assert Report.objects.get().reporter == carol


def test_outsider_of_private_game_may_not(client, alice, bob, carol):
    private = services.game_create(
        host=alice, kind="secretcards", visibility="private", min_seats=2, max_seats=2
    )
    client.force_login(carol)
    response = client.post(_report_url(private), {"category": "abuse", "player": "alice"})
    assert response.status_code == 403
    assert not Report.objects.exists()


def test_anonymous_is_sent_to_login(client, game):
    response = client.post(_report_url(game), {"category": "abuse", "player": "alice"})
    assert response.status_code == 302 and "login" in response["Location"]
    assert not Report.objects.exists()


@pytest.mark.parametrize(
    "data, error",
    [
        ({"category": "nonsense", "player": "alice"}, "Select a valid choice"),
        ({"category": "abuse"}, "Say which message or player you report"),
        ({"category": "abuse", "player": "nobody"}, "This player is not in this game"),
        ({"category": "abuse", "player": "bob"}, "You cannot report yourself"),
        ({"category": "other", "player": "alice"}, "Tell the moderators what happened"),
        ({"category": "abuse", "message": "999999"}, "This message is not in this game"),
        ({"category": "abuse", "player": "alice", "text": "x" * 2001}, "at most 2000"),
    ],
)
def test_bad_reports_get_clear_errors(client, game, bob, data, error):
    client.force_login(bob)
    response = client.post(_report_url(game), data, headers={"HX-Request": "true"})
    assert response.status_code == 400
    assert error in response.content.decode()
    assert not Report.objects.exists()


def test_message_of_another_game_is_refused(client, game, alice, bob, carol):
    other = start_game(carol, alice)
    message = services.chat_post(game_id=other.pk, user=alice, text="hi")
    client.force_login(bob)
    response = client.post(_report_url(game), {"category": "abuse", "message": message.pk})
    assert response.status_code == 400 and not Report.objects.exists()


def test_duplicate_and_rate_limit(client, make_user, alice, bob):
    players = [make_user(f"p{i}") for i in range(6)]
    game = start_game(alice, bob, *players)
    client.force_login(bob)
    url = _report_url(game)
    assert client.post(url, {"category": "abuse", "player": "alice"}).status_code == 302
    response = client.post(url, {"category": "abuse", "player": "alice"})
    assert response.status_code == 400
    assert "already reported" in response.content.decode()
    for player in players[:4]:
        assert client.post(url, {"category": "abuse", "player": player.username}).status_code == 302
    response = client.post(url, {"category": "abuse", "player": players[4].username})
    assert response.status_code == 429
    assert "wait a few minutes" in response.content.decode()
    assert Report.objects.count() == 5


def test_report_form_page_and_fragment(client, game, bob, insult):
    client.force_login(bob)
    page = client.get(_report_url(game), {"message": insult.pk})
    assert page.status_code == 200
    html = page.content.decode()
    assert f'name="message" value="{insult.pk}"' in html and "<html" in html


def test_queue_assign_and_close(mod_client, moderator, game, bob, insult):
    client = Client()
    client.force_login(bob)
    client.post(_report_url(game), {"category": "abuse", "message": insult.pk})
    report = Report.objects.get()
    # The queue lists it; the report page shows the message and the public log around it.
    queue = mod_client.get(reverse("admin:moderation_report_changelist"), {"status__exact": "open"})
    assert report in queue.context["cl"].result_list
    page = mod_client.get(reverse("admin:moderation_report_change", args=[report.pk]))
    html = page.content.decode()
    assert "You are an idiot" in html
    assert 'class="timeline"' in html
    for slug in [c["character"] for h in game.state["hands"].values() for c in h]:
        assert f"[{slug}]" not in html and f'data-character="{slug}"' not in html
    changelist = reverse("admin:moderation_report_changelist")
    mod_client.post(changelist, {"action": "assign_to_me", "_selected_action": [report.pk]})
    report.refresh_from_db()
    assert report.status == Report.Status.ASSIGNED and report.assignee == moderator
    mine = mod_client.get(changelist, {"mine": "me"})
    assert report in mine.context["cl"].result_list
    # Closing needs a decision.
    mod_client.post(
        changelist, {"action": "close_reports", "_selected_action": [report.pk], "reason": ""}
    )
    report.refresh_from_db()
    assert report.status == Report.Status.ASSIGNED
    mod_client.post(
        changelist,
        {"action": "close_reports", "_selected_action": [report.pk], "reason": "Message hidden"},
    )
    report.refresh_from_db()
    assert report.status == Report.Status.CLOSED and report.decision == "Message hidden"
    assert report.closed is not None
    assert list(ModerationAction.objects.order_by("id").values_list("action", flat=True)) == [
        "report_assign",
        "report_close",
    ]


def test_report_page_buttons(mod_client, moderator, game, bob, alice):
    from games.moderation import services as moderation

    report = moderation.report_create(
        reporter=bob, game=game, category="stalling", reported_user=alice
    )
    page = mod_client.get(
        reverse("admin:moderation_report_change", args=[report.pk])
    ).content.decode()
    assert "Assign to me" in page and "Close with this decision" in page
    handle = reverse("admin:moderation_report_handle", args=[report.pk])
    mod_client.post(handle, {"op": "assign"})
    report.refresh_from_db()
    assert report.assignee == moderator
    response = mod_client.post(handle, {"op": "close", "decision": ""}, follow=True)
    assert "Write the decision" in response.content.decode()
    mod_client.post(handle, {"op": "close", "decision": "Warned by mail"})
    report.refresh_from_db()
    assert report.status == Report.Status.CLOSED and report.decision == "Warned by mail"
    assert mod_client.get(handle).status_code == 403


def test_report_box_tag_for_the_game_page(rf, game, insult, bob):
    from django.template import Context, Template

    request = rf.get("/")
    html = Template("{% load reports %}{% report_box game message=m %}").render(
        Context({"game": game, "m": insult, "request": request, "csrf_token": "tok"})
    )
    assert f'action="/games/{game.pk}/report/"' in html
    assert f'name="message" value="{insult.pk}"' in html
    assert 'value="abuse"' in html and "csrfmiddlewaretoken" in html
