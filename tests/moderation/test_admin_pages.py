"""The admin pages: hidden information only with moderation.view_hidden_information, events
read-only even for superusers, the game list's filters and search."""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from games.moderation import services as moderation
from games.moderation.models import ModerationAction, Report, UserSanction
from games.table import services
from games.table.models import Event, Game, seed_commitment

from .conftest import start_game


def _face_down(game):
    """Every face-down card of every player, from the secret cached state."""
    return [
        c["character"] for hand in game.state["hands"].values() for c in hand if not c["revealed"]
    ]


def _pages(client, game):
    change = client.get(reverse("admin:games_game_change", args=[game.pk]))
    timeline = client.get(reverse("admin:games_game_timeline", args=[game.pk]))
    assert change.status_code == timeline.status_code == 200
    return change.content.decode(), timeline.content.decode()


def _play_lose(game):
    """The player to act turns a face-up card: the action JSON names it."""
    seat = game.seats.get(to_act=True)
    card = game.state["hands"][seat.player_id][0]["character"]
    services.action_submit(
        game_id=game.pk,
        user=seat.user,
        action={"type": "lose", "character": card},
        expected_seq=game.state_seq,
    )
    game.refresh_from_db()
    return card


def test_moderator_without_permission_sees_no_hidden_card(mod_client, game):
    services.action_submit(
        game_id=game.pk,
        user=game.seats.get(to_act=True).user,
        action={"type": "income"},
        expected_seq=game.state_seq,
    )
    game.refresh_from_db()
    hidden = _face_down(game)
    assert len(hidden) == 4
    for html in _pages(mod_client, game):
        for slug in hidden:
            assert f'data-character="{slug}"' not in html
            assert f"[{slug}]" not in html
        assert 'class="card face-down" data-character=""' in html
        assert game.seed not in html  # the seed of a running game
        assert '"hands"' not in html and "&quot;hands&quot;" not in html  # the state dump
        assert "Spectator view" in html


def test_user_with_permission_sees_every_card(client, seer, game):
    client.force_login(seer)
    change, timeline = _pages(client, game)
    for html in (change, timeline):
        for slug in _face_down(game):
            assert f'data-character="{slug}"' in html
    assert game.seed in timeline and game.seed in change
    assert "&quot;hands&quot;" in timeline or '"hands"' in timeline


def test_action_naming_a_hidden_card_is_masked_without_permission(client, mod_client, seer, game):
    before = _face_down(game)
    card = _play_lose(game)
    event = game.events.order_by("-seq").first()
    assert event.action == {"type": "lose", "character": card}
    change, timeline = _pages(mod_client, game)
    # Revealed now (public), but the action JSON itself is not shown: only its type.
    assert "{&quot;type&quot;: &quot;lose&quot;}" in timeline
    actions = re.findall(r"<code>(.*?)</code>", timeline)
    assert actions and not any("character" in a for a in actions)
    event_page = mod_client.get(reverse("admin:games_event_change", args=[event.pk]))
    assert "{\n  &quot;type&quot;: &quot;lose&quot;\n}" in event_page.content.decode()
    assert "&quot;character&quot;" not in event_page.content.decode()
    still_hidden = [s for s in _face_down(game)]
    assert len(still_hidden) == len(before) - 1
    # The timeline reads as sentences, from the public log.
    assert "income" in timeline or "lose" in timeline
    client.force_login(seer)
    event_page = client.get(reverse("admin:games_event_change", args=[event.pk]))
    assert "&quot;character&quot;" in event_page.content.decode()


def test_events_read_only_even_for_superuser(client, superuser, game):
    client.force_login(superuser)
    event = game.events.first()
    assert client.get(reverse("admin:games_event_add")).status_code == 403
    change_url = reverse("admin:games_event_change", args=[event.pk])
    page = client.get(change_url)
    assert page.status_code == 200 and 'name="_save"' not in page.content.decode()
    response = client.post(change_url, {"seq": 99, "kind": "action"})
    assert response.status_code == 403
    delete_url = reverse("admin:games_event_delete", args=[event.pk])
    assert client.post(delete_url, {"post": "yes"}).status_code == 403
    changelist = reverse("admin:games_event_changelist")
    response = client.post(
        changelist, {"action": "delete_selected", "_selected_action": [event.pk], "post": "yes"}
    )
    assert Event.objects.filter(pk=event.pk).exists()
    # The game page is not an editing form either (no save, inline without add/delete).
    game_page = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert 'name="_save"' not in game_page and "events-0-DELETE" not in game_page
    assert client.post(reverse("admin:games_game_change", args=[game.pk]), {}).status_code == 403


def test_game_list_filters_and_search(mod_client, game, alice, bob, carol):
    quiet = start_game(carol, alice)
    url = reverse("admin:games_game_changelist")

    def ids(**params):
        response = mod_client.get(url, params)
        assert response.status_code == 200
        return {g.pk for g in response.context["cl"].result_list}

    assert ids() == {game.pk, quiet.pk}
    assert ids(q=str(game.pk)) == {game.pk}
    assert ids(q="carol") == {quiet.pk}
    assert ids(status__exact="running") == {game.pk, quiet.pk}
    assert ids(kind="secretcards") == {game.pk, quiet.pk}
    assert ids(stale="7") == set()
    # Events are append-only: a stale game is made by playing it ten days ago.
    with time_machine.travel(timezone.now() - dt.timedelta(days=10), tick=False):
        stale_game = start_game(bob, carol)
    assert ids(stale="7") == {stale_game.pk}
    assert ids(reported="open") == set()
    moderation.report_create(reporter=bob, game=game, category="abuse", reported_user=alice)
    assert ids(reported="open") == {game.pk}
    Report.objects.update(status=Report.Status.CLOSED)
    assert ids(reported="open") == set() and ids(reported="any") == {game.pk}


def test_timeline_rows_carry_time_who_and_sentences(mod_client, game):
    services.action_submit(
        game_id=game.pk,
        user=game.seats.get(to_act=True).user,
        action={"type": "income"},
        expected_seq=game.state_seq,
    )
    moderation.game_deadline_extend(
        moderator=game.seats.first().user.__class__.objects.get(username="mod"),
        game=game,
        hours=2,
        reason="Storm",
    )
    _change, timeline = _pages(mod_client, game)
    assert 'class="event event-start"' in timeline
    assert 'class="event event-action"' in timeline
    assert 'class="event event-moderation"' in timeline
    assert "extend_deadline: Storm" in timeline
    assert "income" in timeline


@pytest.mark.parametrize(
    "name",
    ["games_seat", "games_chatmessage", "moderation_report", "moderation_moderationaction"],
)
def test_moderator_can_list_but_not_add(mod_client, name, game):
    assert mod_client.get(reverse(f"admin:{name}_changelist")).status_code == 200
    assert mod_client.get(reverse(f"admin:{name}_add")).status_code == 403


def test_old_admin_addresses_of_the_moderation_records_redirect(mod_client, game, bob, alice):
    report = moderation.report_create(
        reporter=bob, game=game, category="stalling", reported_user=alice
    )
    response = mod_client.get(f"/admin/games/report/{report.pk}/change/?x=1")
    assert response.status_code == 301
    assert response["Location"] == f"/admin/moderation/report/{report.pk}/change/?x=1"
    assert mod_client.get(response["Location"]).status_code == 200


def test_user_list_shows_games_count(mod_client, game, alice):
    response = mod_client.get(reverse("admin:auth_user_changelist"))
    assert response.status_code == 200
    row = next(u for u in response.context["cl"].result_list if u.pk == alice.pk)
    assert row._games_count == 1
    assert Game.objects.count() == 1


def test_game_list_queries_do_not_grow_with_games(mod_client, alice, bob, carol):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    url = reverse("admin:games_game_changelist")
    start_game(alice, bob)
    mod_client.get(url)  # warm the session and permission caches
    with CaptureQueriesContext(connection) as few:
        mod_client.get(url)
    for _ in range(4):
        start_game(carol, alice)
    with CaptureQueriesContext(connection) as many:
        response = mod_client.get(url)
    assert len(response.context["cl"].result_list) == 5
    assert len(many.captured_queries) == len(few.captured_queries)


def test_every_moderation_admin_page_renders(client, moderator, superuser, game, alice, bob):
    message = services.chat_post(game_id=game.pk, user=alice, text="hello")
    report = moderation.report_create(reporter=bob, game=game, category="abuse", message=message)
    moderation.user_mute(moderator=moderator, user=alice, hours=1, reason="test")
    event = game.events.first()
    seat = game.seats.first()
    audit = ModerationAction.objects.first()
    pages = [
        ("games_game", game.pk),
        ("games_seat", seat.pk),
        ("games_event", event.pk),
        ("games_chatmessage", message.pk),
        ("moderation_report", report.pk),
        ("moderation_moderationaction", audit.pk),
        ("moderation_usersanction", UserSanction.objects.get().pk),
    ]
    for user in (moderator, superuser):
        client.force_login(user)
        for name, pk in pages:
            for url in (
                reverse(f"admin:{name}_changelist"),
                reverse(f"admin:{name}_change", args=[pk]),
            ):
                assert client.get(url).status_code == 200, url
        for url in (
            reverse("admin:auth_user_changelist"),
            reverse("admin:auth_user_change", args=[alice.pk]),
            reverse("admin:games_game_moderate", args=[game.pk]),
            reverse("admin:games_game_timeline", args=[game.pk]),
            reverse("admin:index"),
        ):
            assert client.get(url).status_code == 200, url


def test_rigged_setup_stays_hidden(client, moderator, seer, alice, bob):
    # The lobby refuses rigged deals; a tutorial or a test may still store one.
    game = Game.objects.create(
        host=alice,
        kind="complots",
        options={"setup": {"hands": {"p1": ["pape", "sorciere"]}}, "characters": "random"},
        seed="00" * 32,
        commitment=seed_commitment("00" * 32),
    )
    client.force_login(moderator)
    page = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "&quot;characters&quot;: &quot;random&quot;" in page
    assert "sorciere" not in page and "setup" not in page
    client.force_login(seer)
    page = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert "sorciere" in page


def test_pages_of_a_game_whose_engine_is_gone(mod_client, alice):
    game = Game.objects.create(
        host=alice,
        kind="vanished",
        seed="00" * 32,
        commitment=seed_commitment("00" * 32),
        state={"whatever": 1},
    )
    for name in ("change", "timeline"):
        response = mod_client.get(reverse(f"admin:games_game_{name}", args=[game.pk]))
        assert response.status_code == 200
