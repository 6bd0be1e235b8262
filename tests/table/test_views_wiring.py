"""The other issues' features on the game page, tested through the views: reports, records
and profile links (moderation), hidden messages and mutes, presence, deadline badges, votes,
"take my seat back", the host's timeout policy, and resigning ("Abandon the game")."""

import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.utils import timezone

from games.clock.models import DeadlineVote, TimeoutPolicy
from games.moderation import services as moderation
from games.moderation.models import Report
from games.table import services
from games.table.models import ChatMessage, Event, Game, Seat
from games.table.presence import presence_is_open

from .factories import make_game
from .web_helpers import action_buttons, engine_state, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HANDS = {
    "p1": ["duchesse", "capitaine"],
    "p2": ["comtesse", "assassin"],
    "p3": ["ambassadeur", "duchesse"],
}


def complots_game(users, hands=None):
    return make_game(
        users,
        kind="complots",
        options={"setup": {"hands": hands or {k: HANDS[k] for k in list(HANDS)[: len(users)]}}},
        min_seats=len(users),
        max_seats=len(users),
    )


def page(client, user, game):
    client.force_login(user)
    response = client.get(url("detail", game))
    assert response.status_code == 200
    return response.content.decode()


def play(game, user, action):
    game.refresh_from_db()
    services.action_submit(game_id=game.pk, user=user, action=action, expected_seq=game.state_seq)


def time_out(game, player_id):
    game.refresh_from_db()
    services.system_action_submit(
        game_id=game.pk, player_id=player_id, expected_seq=game.state_seq, reason="timeout"
    )


def seat_block(html, player_id):
    """The HTML of one seat on the table."""
    match = re.search(
        rf'<article class="seat[^"]*" data-player="{player_id}"[^>]*>(.*?)</article>', html, re.S
    )
    assert match, f"no seat {player_id}"
    return match.group(1)


@pytest.fixture
def moderator(make_user):
    user = make_user("mod")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    group, _ = Group.objects.get_or_create(name="Moderators")
    moderation.moderators_group_sync()
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


# --- moderation ---------------------------------------------------------------------------


def test_seats_link_to_profiles_and_show_records(client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    html = page(client, alice, game)
    for player, user in (("p1", alice), ("p2", bob), ("p3", carol)):
        block = seat_block(html, player)
        assert f'href="/players/{user.username}/"' in block
        assert f'class="player-record compact" data-user="{user.username}"' in block
        assert "0 games" in block
    # a report link for the others, none for myself
    assert "?player=bob" in seat_block(html, "p2")
    assert "report-player" not in seat_block(html, "p1")


def test_open_game_seats_show_records(client, alice, bob):
    game = make_game([alice, bob], start=False)
    html = page(client, bob, game)
    assert 'href="/players/alice/"' in html and 'data-user="alice"' in html


def test_reporting_a_message_from_the_page_lands_in_the_queue(client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    message = services.chat_post(game_id=game.pk, user=bob, text="you are all idiots")
    html = page(client, alice, game)
    link = f"/games/{game.pk}/report/?message={message.pk}"
    assert link in html
    assert client.get(link).status_code == 200
    response = client.post(
        f"/games/{game.pk}/report/",
        {"message": message.pk, "category": "abuse", "text": "insults"},
        **HTMX,
    )
    assert response.status_code == 200
    report = Report.objects.get()
    assert report.message_id == message.pk and report.reporter_id == alice.pk
    # my own message has no report link
    own = services.chat_post(game_id=game.pk, user=alice, text="hello")
    assert f"?message={own.pk}" not in page(client, alice, game)


def test_report_box_on_the_page_reports_a_player(client, alice, bob):
    game = complots_game([alice, bob])
    html = page(client, alice, game)
    assert 'class="report-box"' in html and f'action="/games/{game.pk}/report/"' in html
    response = client.post(
        f"/games/{game.pk}/report/", {"player": "bob", "category": "stalling", "text": "slow"}
    )
    assert response.status_code == 302
    assert Report.objects.get().reported_user_id == bob.pk


def test_no_report_controls_for_anonymous_visitors(client, alice, bob):
    game = complots_game([alice, bob])
    services.chat_post(game_id=game.pk, user=bob, text="hi")
    html = client.get(url("detail", game)).content.decode()
    assert "report-box" not in html and "report-message" not in html
    assert "report-player" not in html


def test_hidden_message_shows_a_placeholder_and_never_its_text(client, alice, bob, moderator):
    game = complots_game([alice, bob])
    message = services.chat_post(game_id=game.pk, user=bob, text="SECRET-INSULT-42")
    services.chat_post(game_id=game.pk, user=bob, text="sorry")
    moderation.message_hide(moderator=moderator, message=message, reason="insult")
    assert ChatMessage.objects.get(pk=message.pk).hidden
    for html in (
        page(client, alice, game),
        client.get(url("chat", game), **HTMX).content.decode(),
        client.get(url("panel", game), **HTMX).content.decode(),
    ):
        assert "SECRET-INSULT-42" not in html
    html = page(client, alice, game)
    assert "Message hidden by a moderator" in html
    assert "sorry" in html
    assert html.index("Message hidden by a moderator") < html.index("sorry")
    assert f"?message={message.pk}" not in html  # nothing left to report


def test_muted_player_sees_why_and_cannot_post(client, alice, bob, moderator):
    game = complots_game([alice, bob])
    moderation.user_mute(moderator=moderator, user=bob, hours=2, reason="spam")
    html = page(client, bob, game)
    assert 'data-testid="chat-muted"' in html
    assert 'class="chat-form"' not in html
    response = client.post(url("chat", game), {"text": "let me talk"}, **HTMX)
    assert response.status_code == 200
    assert "let me talk" not in response.content.decode()
    assert not ChatMessage.objects.filter(text="let me talk").exists()
    assert 'class="chat-form"' in page(client, alice, game)


# --- deadlines ----------------------------------------------------------------------------


def test_presence_comes_from_the_visible_page_only(client, alice, bob, carol):
    """Polling (or an open stream) only proves a tab exists, maybe in the background: the
    page posts to `seen` while it is visible (Page Visibility API), and only that counts."""
    game = complots_game([alice, bob])
    client.force_login(alice)
    assert client.get(url("changed", game) + "?since=-1").status_code == 200
    assert not presence_is_open(game.pk, alice.pk)
    assert client.post(url("seen", game)).status_code == 204
    assert presence_is_open(game.pk, alice.pk)
    client.force_login(carol)  # a spectator
    assert client.post(url("seen", game)).status_code == 204
    assert not presence_is_open(game.pk, carol.pk)
    assert client.get(url("seen", game)).status_code == 405


@pytest.mark.django_db(transaction=True)
def test_sse_stream_does_not_touch_presence(alice, bob, monkeypatch):
    from asgiref.sync import async_to_sync, sync_to_async
    from django.test import AsyncClient

    from games.table.views import live as sse

    monkeypatch.setattr(sse, "HEARTBEAT", 0.3)
    game = complots_game([alice, bob])

    async def scenario(user):
        client = AsyncClient()
        await client.aforce_login(user)
        response = await client.get(url("live", game))
        assert response.status_code == 200
        chunks = response.streaming_content.__aiter__()
        chunk = await asyncio.wait_for(anext(chunks), 5)
        while "keep-alive" not in str(chunk):
            chunk = await asyncio.wait_for(anext(chunks), 5)
        opened = await sync_to_async(presence_is_open)(game.pk, user.pk)
        await chunks.aclose()
        return opened

    import asyncio

    assert async_to_sync(scenario)(alice) is False


def test_away_and_missed_deadline_badges(client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    until = timezone.now() + timedelta(days=3)
    carol.profile.away_until = until
    carol.profile.save()
    time_out(game, "p1")
    html = page(client, bob, game)
    assert 'data-testid="badge-missed"' in seat_block(html, "p1")
    assert "1 missed deadline" in seat_block(html, "p1")
    assert 'data-testid="badge-away"' in seat_block(html, "p3")
    assert "Away until" in seat_block(html, "p3")
    assert "badge-away" not in seat_block(html, "p2")


def test_away_date_is_in_the_viewers_time_zone(client, alice, bob):
    game = complots_game([alice, bob])
    until = timezone.now().replace(microsecond=0) + timedelta(days=2)
    bob.profile.away_until = until
    bob.profile.save()
    alice.profile.timezone = "Pacific/Auckland"
    alice.profile.save()
    html = page(client, alice, game)
    import zoneinfo

    local = until.astimezone(zoneinfo.ZoneInfo("Pacific/Auckland"))
    block = seat_block(html, "p2")
    assert f"{local:%H}:{local:%M}" in block or local.strftime("%-I:%M") in block


def _absent_p1(game, alice, bob, carol):
    """p1 missed a deadline and is awaited again (p2, p3 played)."""
    time_out(game, "p1")
    play(game, bob, {"type": "income"})
    play(game, carol, {"type": "income"})
    game.refresh_from_db()
    engine, state = engine_state(game)
    assert engine.waiting_for(state) == ["p1"]
    return game


def vote_forms(html):
    return re.findall(r'name="kind" value="(skip|drop)"', html)


def test_vote_buttons_post_and_count(client, alice, bob, carol):
    game = _absent_p1(complots_game([alice, bob, carol]), alice, bob, carol)
    assert vote_forms(page(client, alice, game)) == []  # not against myself
    html = page(client, bob, game)
    assert vote_forms(seat_block(html, "p1")) == ["skip", "drop"]
    assert vote_forms(seat_block(html, "p3")) == []  # p3 owes nothing now
    assert "0/2 votes" in seat_block(html, "p1")
    response = client.post(
        url("clock:vote", game), {"target": "p1", "kind": "skip", "seq": game.state_seq}
    )
    assert response.status_code == 302
    assert DeadlineVote.objects.count() == 1
    html = page(client, bob, game)
    assert "1/2 votes" in seat_block(html, "p1")
    assert re.search(r'data-vote="skip" disabled', html)  # already voted
    seq = game.state_seq
    client.force_login(carol)
    client.post(url("clock:vote", game), {"target": "p1", "kind": "skip", "seq": seq})
    game.refresh_from_db()
    assert game.state_seq == seq + 1  # carried: p1's default move was played
    last = Event.objects.filter(game=game).order_by("-seq").first()
    assert last.kind == Event.Kind.SYSTEM and last.seat.player_id == "p1"


def test_spectators_get_no_vote_buttons(client, alice, bob, carol, dave):
    game = _absent_p1(complots_game([alice, bob, carol]), alice, bob, carol)
    assert vote_forms(page(client, dave, game)) == []
    assert vote_forms(client.get(url("detail", game)).content.decode()) == []


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"target": "p9", "kind": "skip", "seq": "1"},
        {"target": "p1", "kind": "nonsense", "seq": "1"},
        {"target": "p1", "kind": "skip", "seq": "x" * 50},
        {"target": "p1", "kind": "skip", "seq": "-3"},
    ],
)
def test_vote_garbage_is_refused_without_a_500(client, alice, bob, carol, data):
    game = _absent_p1(complots_game([alice, bob, carol]), alice, bob, carol)
    client.force_login(bob)
    response = client.post(url("clock:vote", game), data)
    assert response.status_code in (302, 400)
    assert not DeadlineVote.objects.exists()
    assert client.post("/games/999999/vote/", data).status_code in (302, 400, 404)


def test_autopilot_badge_and_take_my_seat_back(client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    Seat.objects.filter(game=game, user=carol).update(status=Seat.Status.AUTOPILOT)
    html = page(client, alice, game)
    assert 'data-testid="badge-autopilot"' in seat_block(html, "p3")
    assert 'data-testid="resume"' not in html  # not my seat
    html = page(client, carol, game)
    assert 'data-testid="resume"' in seat_block(html, "p3")
    response = client.post(url("clock:resume", game))
    assert response.status_code == 302
    assert Seat.objects.get(game=game, user=carol).status == Seat.Status.PLAYING
    html = page(client, carol, game)
    assert 'data-testid="resume"' not in html and "badge-autopilot" not in html


def test_resume_garbage_without_a_500(client, alice, bob):
    game = complots_game([alice, bob])
    client.force_login(bob)
    response = client.post(url("clock:resume", game))  # not on autopilot
    assert response.status_code in (302, 400)
    assert Seat.objects.get(game=game, user=bob).status == Seat.Status.PLAYING
    assert client.post("/games/999999/resume/").status_code in (302, 400, 404)


def test_host_sets_the_timeout_policy_before_the_start(client, alice, bob):
    game = make_game([alice, bob], start=False)
    html = page(client, alice, game)
    assert 'data-testid="timeout-policy"' in html
    assert 'data-testid="timeout-policy"' not in page(client, bob, game)
    client.force_login(alice)
    response = client.post(
        url("clock:timeout_policy", game), {"max_missed_deadlines": "5", "drop_mode": "out"}
    )
    assert response.status_code == 302
    policy = TimeoutPolicy.objects.get(game=game)
    assert (policy.max_missed_deadlines, policy.drop_mode) == (5, "out")
    assert 'value="5"' in page(client, alice, game)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"max_missed_deadlines": "0", "drop_mode": "out"},
        {"max_missed_deadlines": "abc", "drop_mode": "out"},
        {"max_missed_deadlines": "3", "drop_mode": "explode"},
        {"max_missed_deadlines": "9" * 40, "drop_mode": "autopilot"},
    ],
)
def test_timeout_policy_garbage_changes_nothing(client, alice, bob, data):
    game = make_game([alice, bob], start=False)
    client.force_login(alice)
    response = client.post(url("clock:timeout_policy", game), data, follow=True)
    assert response.status_code == 200
    assert not TimeoutPolicy.objects.filter(game=game).exists()
    assert list(response.context["messages"])


def test_timeout_policy_refused_to_others_and_after_start(client, alice, bob):
    game = make_game([alice, bob], start=False)
    client.force_login(bob)
    client.post(
        url("clock:timeout_policy", game), {"max_missed_deadlines": "5", "drop_mode": "out"}
    )
    assert not TimeoutPolicy.objects.filter(game=game).exists()
    services.game_start(game_id=game.pk, user=alice)
    client.force_login(alice)
    client.post(
        url("clock:timeout_policy", game), {"max_missed_deadlines": "5", "drop_mode": "out"}
    )
    assert not TimeoutPolicy.objects.filter(game=game).exists()
    assert (
        client.post(
            "/games/999999/policy/", {"max_missed_deadlines": "5", "drop_mode": "out"}
        ).status_code
        == 404
    )
    assert client.post("/games/999999/policy/", {}).status_code in (302, 404)
    client.logout()
    assert client.post(url("clock:timeout_policy", game), {}).status_code == 302  # to the login


# --- resign -------------------------------------------------------------------------------


def resign_value(html):
    match = re.search(
        r'<form class="resign-form".*?<button type="submit" name="action" value="([^"]*)"',
        html,
        re.S,
    )
    return match and json.loads(match.group(1).replace("&quot;", '"'))


def test_resign_has_its_own_control_not_a_move_button(client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    html = page(client, bob, game)  # not waited for: only resign is legal
    engine, state = engine_state(game)
    assert engine.legal_actions(state, "p2") == [{"type": "resign"}]
    move_form = re.search(r'<form class="move-form".*?</form>', html, re.S)
    assert move_form is None  # no ordinary move for bob now
    assert resign_value(html) == {"type": "resign"}
    assert "Abandon the game" in html and "hx-confirm=" in html
    html = page(client, alice, game)
    move_form = re.search(r'<form class="move-form".*?</form>', html, re.S).group(0)
    assert "resign" not in move_form
    assert resign_value(html) == {"type": "resign"}
    # spectators: no abandon button
    assert resign_value(page(client, alice.__class__.objects.create(username="zed"), game)) is None


def test_resign_through_a_plain_post_eliminates_the_player(client, alice, bob, carol):
    game = complots_game([alice, bob, carol])
    html = page(client, bob, game)
    seq = int(
        re.search(r'class="resign-form".*?name="expected_seq" value="(\d+)"', html, re.S).group(1)
    )
    response = client.post(url("act", game), {"action": '{"type":"resign"}', "expected_seq": seq})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert Seat.objects.get(game=game, user=bob).status == Seat.Status.ELIMINATED
    html = page(client, bob, game)
    assert resign_value(html) is None and action_buttons(html) == []
    assert "Eliminated" in seat_block(html, "p2")


def test_resign_with_htmx_ends_a_two_player_game(client, alice, bob):
    game = complots_game([alice, bob])
    client.force_login(alice)
    response = client.post(
        url("act", game),
        {"action": '{"type":"resign"}', "expected_seq": game.state_seq},
        **HTMX,
    )
    assert response.status_code == 200
    assert 'id="game-panel"' in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == ["p2"]
    assert "Game over." in response.content.decode()


def test_stale_resign_changes_nothing(client, alice, bob):
    game = complots_game([alice, bob])
    client.force_login(bob)
    response = client.post(
        url("act", game), {"action": '{"type":"resign"}', "expected_seq": 0}, **HTMX
    )
    assert response.status_code == 200 and 'data-testid="flash"' in response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"message": "abc", "category": "abuse", "text": "x"},
        {"message": "999999", "category": "abuse", "text": "x"},
        {"player": "nobody-here", "category": "abuse", "text": "x"},
        {"player": "bob", "category": "explode", "text": "x"},
        {"player": "bob", "category": "abuse", "text": "x" * 5000},
    ],
)
def test_report_garbage_from_the_page_is_refused_without_a_500(client, alice, bob, data):
    game = complots_game([alice, bob])
    client.force_login(alice)
    response = client.post(f"/games/{game.pk}/report/", data, **HTMX)
    assert response.status_code == 400
    assert not Report.objects.exists()
    assert client.get(f"/games/{game.pk}/report/?message=abc").status_code == 200
