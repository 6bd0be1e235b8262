"""The games pages with the platform's test-only `counting` engine: lobby, seats, moves and
their errors, chat, polling, finished games. Complots itself: test_views_complots.py."""

import json

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse

from games.table import services
from games.table.models import ChatMessage, Event, Game

from .factories import make_game
from .web_helpers import action_buttons, expected_seq_in, play_to_end, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def post_action(client, game, action, seq, **extra):
    data = {"action": json.dumps(action) if isinstance(action, dict) else action}
    if seq is not None:
        data["expected_seq"] = str(seq)
    return client.post(url("act", game), data, **extra)


def flashes(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


# Lobby and seats ---------------------------------------------------------------------


def test_lobby_lists_public_open_games_and_my_games_turn_first(client, alice, bob, carol):
    open_public = make_game([alice], start=False)
    private = make_game([alice], start=False, visibility="private")
    running = make_game([bob, alice])  # bob's turn
    mine_turn = make_game([alice, carol])  # alice's turn
    response = client.get(reverse("games:lobby"))
    html = response.content.decode()
    assert response.status_code == 200
    assert url("detail", open_public) in html
    assert url("detail", private) not in html
    assert "Log in to create" in html

    client.force_login(alice)
    html = client.get(reverse("games:lobby")).content.decode()
    assert html.index(url("detail", mine_turn)) < html.index(url("detail", running))
    assert html.count('data-testid="my-game"') == 4
    assert "Your turn" in html
    assert f'action="{url("join", open_public)}"' not in html  # alice's own table

    client.force_login(bob)
    html = client.get(reverse("games:lobby")).content.decode()
    assert f'<a href="{url("detail", open_public)}">' in html
    assert f'action="{url("join", open_public)}"' in html


def test_create_join_leave_start(client, alice, bob, carol):
    client.force_login(alice)
    response = client.post(
        reverse("games:create"),
        {
            "kind": "counting",
            "max_seats": "3",
            "characters": "base",
            "visibility": "public",
            "time_control": "live",
        },
    )
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == url("detail", game)
    assert game.max_seats == 3 and game.host == alice

    # Not enough players: no start button, start refused with a message.
    assert "Start the game" not in client.get(url("detail", game)).content.decode()
    response = client.post(url("start", game))
    assert response.status_code == 302
    assert any("players are needed" in m for m in flashes(response))

    client.force_login(bob)
    assert "Join this game" in client.get(url("detail", game)).content.decode()
    client.post(url("join", game))
    response = client.post(url("join", game))
    assert any("already" in m for m in flashes(response))
    client.force_login(carol)
    client.post(url("join", game))
    client.post(url("leave", game))
    assert game.seats.count() == 2
    response = client.post(url("start", game))  # carol is not the host
    assert any("host" in m for m in flashes(response))

    client.force_login(alice)
    assert "Start the game" in client.get(url("detail", game)).content.decode()
    client.post(url("start", game))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


def test_create_form_errors_are_shown_not_raised(client, alice):
    client.force_login(alice)
    response = client.post(reverse("games:create"), {"kind": "nope", "max_seats": "12"})
    assert response.status_code == 400
    assert Game.objects.count() == 0
    assert "Select a valid choice" in response.content.decode()


def test_complots_create_form_builds_engine_options(client, alice):
    from games.table.forms import GameCreateForm

    form = GameCreateForm(
        {
            "kind": "complots",
            "max_seats": "5",
            "characters": "chosen",
            "clan_perceptrices": "ursuline",
            "clan_assassins": "bourreau",
            "clan_intouchables": "sorciere",
            "clan_voleurs": "pape",
            "clan_negociateurs": "espion",
            "saint_barthelemy": "on",
            "tyrannie": "on",
            "visibility": "private",
            "time_control": "corr-3d",
        }
    )
    assert form.is_valid(), form.errors
    assert form.game_options() == {
        "characters": ["ursuline", "bourreau", "sorciere", "pape", "espion"],
        "saint_barthelemy": True,
        "tyrannie": True,
    }
    random = GameCreateForm(
        {**form.data, "characters": "random", "saint_barthelemy": "", "tyrannie": ""}
    )
    assert random.is_valid() and random.game_options() == {"characters": "random"}
    wrong = GameCreateForm({**form.data, "clan_voleurs": "duchesse"})
    assert not wrong.is_valid() and "clan_voleurs" in wrong.errors


def test_anonymous_is_sent_to_login_for_every_write(client, alice, bob):
    game = make_game([alice, bob])
    for name in ("act", "join", "leave", "start"):
        response = client.post(url(name, game), {"action": '{"type": "pass"}'})
        assert response.status_code == 302 and "/accounts/login/" in response.url, name
    response = client.post(url("act", game), {"action": "{}"})
    assert response.url.endswith(f"?next=/games/{game.pk}/")  # back to the game, not to act/
    response = client.post(url("act", game), {"action": "{}"}, **HTMX)
    assert response.status_code == 204
    assert response["HX-Redirect"].startswith("/accounts/login/?next=")
    response = client.post(reverse("games:create"), {})
    assert response.status_code == 302 and "/accounts/login/" in response.url
    response = client.post(url("chat", game), {"text": "hi"})
    assert response.status_code == 302 and "/accounts/login/" in response.url
    assert Event.objects.filter(game=game).count() == 1


# Moves ---------------------------------------------------------------------------------


def test_plain_post_moves_and_redirects(client, alice, bob):
    game = make_game([alice, bob])
    client.force_login(alice)
    html = client.get(url("detail", game)).content.decode()
    assert action_buttons(html) == [{"type": "add", "n": 1}, {"type": "add", "n": 2}]
    seq = expected_seq_in(html)
    response = post_action(client, game, {"type": "add", "n": 2}, seq)
    assert response.status_code == 302 and response.url == url("detail", game)
    assert Event.objects.filter(game=game).count() == 2

    client.force_login(bob)
    html = client.get(url("detail", game)).content.decode()
    assert {"type": "challenge"} in action_buttons(html)
    assert "p1 adds 2" in html  # the engine's log line (this test engine has no describe)


def test_htmx_post_returns_the_panel_and_log(client, alice, bob):
    game = make_game([alice, bob])
    client.force_login(alice)
    response = post_action(client, game, {"type": "add", "n": 1}, 1, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.startswith('\n<section id="game-panel"') or 'id="game-panel"' in html
    assert 'id="game-log" class="log" hx-swap-oob="true"' in html
    assert "Nothing to do for you right now." in html
    assert 'data-revision="' in html


def test_stale_page_and_double_submit(client, alice, bob):
    game = make_game([alice, bob])
    client.force_login(alice)
    post_action(client, game, {"type": "add", "n": 1}, 1)
    # The same click again (double click / stale tab): refused, nothing written.
    response = post_action(client, game, {"type": "add", "n": 1}, 1)
    assert response.status_code == 302
    assert any("moved on" in m for m in flashes(response))
    response = post_action(client, game, {"type": "add", "n": 1}, 1, **HTMX)
    assert response.status_code == 200
    assert 'data-testid="flash"' in response.content.decode()
    assert "moved on" in response.content.decode()
    assert Event.objects.filter(game=game).count() == 2


def test_wrong_seat_and_not_seated(client, alice, bob, carol):
    game = make_game([alice, bob])
    client.force_login(bob)  # alice's turn
    response = post_action(client, game, {"type": "add", "n": 1}, 1, **HTMX)
    assert response.status_code == 200
    assert 'class="flash flash-error"' in response.content.decode()
    client.force_login(carol)
    response = post_action(client, game, {"type": "add", "n": 1}, 1)
    assert any("not playing" in m for m in flashes(response))
    assert Event.objects.filter(game=game).count() == 1


@pytest.mark.parametrize(
    "payload,seq",
    [
        ("{not json", 1),
        ("[1, 2]", 1),
        ('"add"', 1),
        ("null", 1),
        ('{"type": "teleport"}', 1),
        ('{"type": "add", "n": 3}', 1),
        ('{"type": "add", "n": 1, "extra": true}', 1),
        ('{"type": "add", "n": 1}', "abc"),
        ('{"type": "add", "n": 1}', "-4"),
        ('{"type": "add", "n": 1}', None),
        ('{"type": "add", "n": 1}', "99999999999999999999999"),
        ("x" * 5000, 1),
        ("", 1),
    ],
)
def test_forged_posts_get_a_message_never_a_500(client, alice, bob, payload, seq):
    game = make_game([alice, bob])
    client.force_login(alice)
    response = post_action(client, game, payload, seq, **HTMX)
    assert response.status_code == 200
    assert 'class="flash flash-error"' in response.content.decode()
    response = post_action(client, game, payload, seq)
    assert response.status_code == 302 and flashes(response)
    assert Event.objects.filter(game=game).count() == 1


def test_move_posted_to_another_game_or_a_missing_one(client, alice, bob, carol):
    game = make_game([alice, bob])
    other = make_game([carol, bob])
    client.force_login(alice)
    response = post_action(client, other, {"type": "add", "n": 1}, 1)
    assert any("not playing" in m for m in flashes(response))
    assert Event.objects.filter(game=other).count() == 1
    response = client.post("/games/999999/act/", {"action": "{}", "expected_seq": "1"})
    assert response.status_code == 404
    assert client.get("/games/999999/").status_code == 404
    assert Event.objects.filter(game=game).count() == 1


def test_fields_form_maps_to_an_action(client, alice, bob):
    game = make_game([alice, bob])
    client.force_login(alice)
    response = client.post(url("act", game), {"type": "add", "expected_seq": "1"})
    # {"type": "add"} without n is illegal: a clear message, nothing written
    assert any(flashes(response))
    assert Event.objects.filter(game=game).count() == 1


# Spectators and private games ------------------------------------------------------------


def test_spectator_sees_no_buttons_and_no_secret(client, alice, bob, carol):
    game = make_game([alice, bob])
    client.force_login(alice)
    own = client.get(url("detail", game)).content.decode()
    assert f"<dt>secret</dt><dd>{game.state['secrets']['p1']}</dd>" in own
    client.logout()
    for who in (None, carol):
        if who:
            client.force_login(who)
        html = client.get(url("detail", game)).content.decode()
        assert action_buttons(html) == []
        assert "You are watching this game." in html
        assert 'class="chat-form"' not in html
        for secret in game.state["secrets"].values():
            assert f"<dt>secret</dt><dd>{secret}</dd>" not in html
        assert html.count("<dt>secret</dt><dd>None</dd>") == 2


def test_private_game_needs_a_seat_or_the_invitation(client, alice, bob, carol):
    game = make_game([alice, bob], visibility="private")
    token = game.invitation_token
    assert client.get(url("detail", game)).status_code == 403
    assert client.get(url("panel", game)).status_code == 403
    assert client.get(url("changed", game)).status_code == 403
    assert client.get(url("chat", game)).status_code == 403
    client.force_login(carol)
    assert client.get(url("detail", game)).status_code == 403
    response = client.get(url("invitation", game, "wrong-token"))
    assert response.status_code == 403
    response = client.get(url("invitation", game, token))
    assert response.status_code == 302
    assert client.get(url("detail", game)).status_code == 200
    client.force_login(alice)
    html = client.get(url("detail", game)).content.decode()
    assert token not in html  # running game: no invitation link any more


def test_private_open_game_shows_the_invitation_to_the_host_only(client, alice, bob):
    game = make_game([alice], start=False, visibility="private")
    client.force_login(alice)
    html = client.get(url("detail", game)).content.decode()
    assert f"/games/{game.pk}/invite/{game.invitation_token}/" in html
    client.force_login(bob)
    client.get(url("invitation", game, game.invitation_token))
    html = client.get(url("detail", game)).content.decode()
    assert game.invitation_token not in html
    client.post(url("join", game))
    assert game.seats.count() == 2


# Polling fallback ----------------------------------------------------------------------------


def test_polling_endpoint_answers_204_until_something_changes(client, alice, bob):
    game = make_game([alice, bob])
    client.force_login(bob)
    html = client.get(url("detail", game)).content.decode()
    assert f"/games/{game.pk}/changed/?since={game.revision}" in html
    assert 'hx-trigger="every 2s"' in html
    response = client.get(url("changed", game), {"since": game.revision})
    assert response.status_code == 204
    services.action_submit(
        game_id=game.pk, user=alice, action={"type": "add", "n": 1}, expected_seq=1
    )
    response = client.get(url("changed", game), {"since": game.revision})
    assert response.status_code == 200
    trigger = json.loads(response["HX-Trigger"])
    assert set(trigger["game-changed"]) == {"seq", "rev"}
    assert client.get(url("changed", game), {"since": "junk"}).status_code == 200


def test_sse_mode_replaces_polling_when_redis_is_configured(client, settings, alice, bob):
    game = make_game([alice, bob])
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    client.force_login(bob)
    html = client.get(url("detail", game)).content.decode()
    assert f'data-sse-url="/games/{game.pk}/live/"' in html
    assert "every 2s" not in html


# Chat ----------------------------------------------------------------------------------------


def test_chat_is_escaped_and_rate_limited(client, alice, bob, carol):
    game = make_game([alice, bob])
    client.force_login(alice)
    response = client.post(url("chat", game), {"text": "<script>alert(1)</script>"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "<script>alert" not in html
    for i in range(4):
        client.post(url("chat", game), {"text": f"m{i}"}, **HTMX)
    response = client.post(url("chat", game), {"text": "one too many"}, **HTMX)
    assert 'class="flash flash-error"' in response.content.decode()
    assert ChatMessage.objects.filter(game=game).count() == 5
    html = client.get(url("detail", game)).content.decode()
    assert "&lt;script&gt;" in html and "<script>alert" not in html

    client.force_login(carol)  # spectator: may read, may not post
    assert client.get(url("chat", game)).status_code == 200
    response = client.post(url("chat", game), {"text": "hello"})
    assert response.status_code == 302 and flashes(response)
    response = client.post(url("chat", game), {"text": ""}, **HTMX)
    assert "flash-error" in response.content.decode()
    assert ChatMessage.objects.filter(game=game).count() == 5


# Finished games -------------------------------------------------------------------------------


def test_finished_game_replay_verify_download(client, alice, bob):
    game = make_game([alice, bob])
    for name in ("replay", "verify", "log_download"):
        assert client.get(url(name, game)).status_code == 404, name  # not over yet
    play_to_end(game, choose=lambda legal: legal[-1])  # add 2, pass
    assert game.status == Game.Status.FINISHED
    html = client.get(url("detail", game)).content.decode()
    assert 'data-testid="result"' in html and "Winner:" in html
    assert "every 2s" not in html

    events = Event.objects.filter(game=game).count()
    for step in (1, 2, events):
        response = client.get(url("replay", game), {"step": step})
        assert response.status_code == 200
    # Out of range or garbage: the nearest real step, under its own address (one page each).
    for step, canonical in ((0, 1), (events + 10, events), (-3, 1), ("x", events)):
        response = client.get(url("replay", game), {"step": step})
        assert response.status_code == 302
        assert response["Location"].endswith(f"?step={canonical}")
    html = client.get(url("replay", game), {"step": 2}).content.decode()
    assert f"Step 2 of {events}" in html

    html = client.get(url("verify", game)).content.decode()
    assert 'data-testid="verify-result"' in html and "Verified" in html
    assert game.seed in html and game.commitment in html

    response = client.get(url("log_download", game))
    data = json.loads(response.content)
    assert response["Content-Disposition"].startswith("attachment")
    assert data["seed"] == game.seed and len(data["events"]) == events
    assert data["events"][0]["kind"] == "start"


def test_running_game_never_shows_the_seed(client, alice, bob):
    game = make_game([alice, bob])
    client.force_login(alice)
    assert game.seed not in client.get(url("detail", game)).content.decode()
    assert game.commitment in client.get(url("detail", game)).content.decode()  # public


# Nothing is a 500 ----------------------------------------------------------------------------


def test_no_endpoint_answers_500_on_garbage(client, alice, bob):
    game = make_game([alice, bob])
    client.force_login(alice)
    for name in ("detail", "panel", "changed", "chat", "replay", "verify", "log_download"):
        for params in ({}, {"since": "🙂"}, {"step": "1e9"}, {"seq": "-1"}):
            assert client.get(url(name, game), params).status_code < 500, name
    for name in ("act", "join", "leave", "start", "chat"):
        for data in ({}, {"action": "\x00"}, {"expected_seq": "\x00"}, {"text": "\x00" * 600}):
            assert client.post(url(name, game), data).status_code < 500, name
            assert client.post(url(name, game), data, **HTMX).status_code < 500, name
    assert client.get("/games/abc/").status_code == 404
    assert client.put(url("act", game)).status_code == 405
    assert client.post(url("detail", game)).status_code == 405
