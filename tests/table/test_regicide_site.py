"""Regicide on the site: the lobby creates it (a solo table starts at once), the page shows
the enemy, the piles, the plays and the hand with a preview of each play, every move is a
button, bad posts change nothing, the chat offers only the phrases the rules allow, and the
records count cooperative wins, losses and medals."""

import json
import re

import pytest
from django.urls import reverse

from games.table import services
from games.table.models import ChatMessage, Event, Game
from games.table.records import player_record, player_stats
from games.table.services import ChatInvalid

from .regicide_helpers import SOLO_WIN, TRIO_HANDS, solo_game, trio_game
from .web_helpers import action_buttons, engine_state, expected_seq_in, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def create(client, **fields):
    data = {
        "kind": "regicide",
        "max_seats": "1",
        "characters": "base",
        "visibility": "public",
        "time_control": "live",
        **fields,
    }
    return client.post(reverse("games:create"), data)


def page(client, user, game, name="detail"):
    client.force_login(user)
    response = client.get(url(name, game))
    assert response.status_code == 200
    return response.content.decode()


def post_move(client, user, game, action, **extra):
    html = page(client, user, game)
    assert action in action_buttons(html), (action, action_buttons(html))
    data = {"action": json.dumps(action), "expected_seq": expected_seq_in(html), **extra}
    response = client.post(url("act", game), data, **HTMX)
    assert response.status_code == 200
    assert 'data-testid="flash"' not in response.content.decode()
    return response.content.decode()


# --- the lobby ---------------------------------------------------------------------------


def test_the_lobby_offers_regicide_and_a_solo_table_starts_at_once(client, alice):
    client.force_login(alice)
    assert (
        '<option value="regicide">Regicide</option>'
        in client.get(reverse("games:lobby")).content.decode()
    )
    response = create(client)
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == url("detail", game)
    assert (game.kind, game.status, game.min_seats, game.max_seats) == (
        "regicide",
        Game.Status.RUNNING,
        1,
        1,
    )
    assert game.options == {}  # none of the Complots options leak into it
    assert game.deadline_at is not None
    html = page(client, alice, game)
    assert 'data-testid="your-turn"' in html and 'data-testid="enemy"' in html
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert f"Regicide #{game.pk}" in lobby and "Your turn" in lobby


def test_a_regicide_table_of_four_waits_for_two_players(client, alice, bob):
    client.force_login(alice)
    create(client, max_seats="4", time_control="corr-2d")
    game = Game.objects.get()
    assert (game.status, game.min_seats, game.max_seats) == (Game.Status.OPEN, 2, 4)
    assert game.time_mode == "correspondence"
    client.force_login(bob)
    client.post(url("join", game))
    client.force_login(alice)
    client.post(url("start", game))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING and game.seats.count() == 2


@pytest.mark.parametrize(
    ("kind", "seats"), [("regicide", "5"), ("regicide", "8"), ("complots", "1")]
)
def test_seat_counts_the_engine_cannot_play_are_refused(client, alice, kind, seats):
    client.force_login(alice)
    response = create(client, kind=kind, max_seats=seats)
    assert response.status_code == 400
    assert "is played by" in response.content.decode()
    assert Game.objects.count() == 0


def test_seat_range_asks_the_engine():
    assert services.seat_range("regicide") == (1, 4)
    assert services.seat_range("complots")[0] == 2


# --- the page and the moves --------------------------------------------------------------


def test_the_page_shows_the_enemy_piles_hand_and_previews(client, alice):
    game = solo_game(alice)
    html = page(client, alice, game)
    assert "Jack of Hearts" in html
    assert 'data-testid="enemy-health">20 / 20<' in html
    assert 'data-testid="enemy-attack">10<' in html
    assert "Immune to Hearts" in html
    assert 'data-testid="tavern">32<' in html and 'data-testid="castle">1<' in html
    assert 'data-testid="discard">10<' in html
    # The hand, every card highlighted (each is in some legal play), and the previews.
    assert html.count('data-owner="p1" data-playable="1"') == 8
    assert "20 damage (doubled) — defeats the enemy exactly" in html
    assert "5 damage, draw 2, shield 5 — then discard 5" in html  # 4♦ + A♠
    assert "♥ power cancelled (immune)" in html


def test_a_solo_game_won_through_the_pages(client, alice):
    game = solo_game(alice)
    for action in SOLO_WIN[:2]:
        post_move(client, alice, game, action)
    html = page(client, alice, game)
    # Step 4: the discard is a decision of its own, with its deadline; only covers offered.
    assert "must discard cards worth 10 or more (step 4)" in html
    assert {a["type"] for a in action_buttons(html)} <= {"discard", "flip_jester"}
    game.refresh_from_db()
    assert game.deadline_at is not None
    assert 'data-testid="enemy-damage">10<' in html
    assert html.count('data-owner="table"') == 1  # the 10♦ against the Jack of Clubs
    for action in SOLO_WIN[2:]:
        post_move(client, alice, game, action)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result == {"winners": ["p1"], "medal": "gold"}
    html = page(client, alice, game)
    assert "Victory! The last King has fallen: gold medal." in html
    assert player_record(alice).won == 1
    assert player_stats(alice)[0].medals == (("gold", 1),)
    profile = client.get(reverse("games:player", args=["alice"])).content.decode()
    assert 'data-kind="regicide"' in profile and 'data-medal="gold"' in profile


def test_a_lost_game_is_lost_for_everyone(client, alice, bob):
    setup = {"hands": {"p1": ["2C"], "p2": ["3C"]}, "castle": ["KS"], "first_player": "p1"}
    from .factories import make_game

    game = make_game([alice, bob], kind="regicide", options={"setup": setup})
    post_move(client, alice, game, {"type": "play", "cards": ["2C"]})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result == {"winners": [], "lost": True}
    html = page(client, bob, game)
    assert "Defeat: the Castle holds." in html
    assert player_record(alice).won == 0 and player_record(bob).finished == 1
    assert [(s.kind, s.finished, s.won, s.lost) for s in player_stats(bob)] == [
        ("regicide", 1, 0, 1)
    ]


@pytest.mark.parametrize(
    "data",
    [
        {"action": "{not json", "expected_seq": "1"},
        {"action": '{"type": "play", "cards": ["KH"]}', "expected_seq": "1"},
        {"action": '{"type": "play", "cards": "10C"}', "expected_seq": "1"},
        {"action": '{"type": "discard", "cards": ["10C"]}', "expected_seq": "1"},
        {"action": '{"type": "choose_next", "player": "p9"}', "expected_seq": "1"},
        {"action": '{"type": "yield"}', "expected_seq": "1"},
        {"action": '["play"]', "expected_seq": "1"},
        {"action": '{"type": "play", "cards": ["10C"]}', "expected_seq": "0"},
        {"action": '{"type": "play", "cards": ["10C"]}', "expected_seq": "x"},
        {"type": "play", "expected_seq": "1"},
    ],
)
def test_garbage_posts_change_nothing(client, alice, data):
    game = solo_game(alice)
    client.force_login(alice)
    response = client.post(url("act", game), data, **HTMX)
    assert response.status_code == 200
    assert 'data-testid="flash"' in response.content.decode()
    game.refresh_from_db()
    assert game.state_seq == 1 and Event.objects.filter(game=game).count() == 1


def test_other_players_and_strangers_cannot_move(client, alice, bob, carol, dave):
    game = trio_game([alice, bob, carol])
    client.force_login(bob)
    data = {"action": json.dumps({"type": "play", "cards": ["7C"]}), "expected_seq": "1"}
    assert 'data-testid="flash"' in client.post(url("act", game), data, **HTMX).content.decode()
    client.force_login(dave)
    assert 'data-testid="flash"' in client.post(url("act", game), data, **HTMX).content.decode()
    game.refresh_from_db()
    assert game.state_seq == 1


# --- the Jester and the chat -------------------------------------------------------------


def chat_post(client, user, game, **data):
    client.force_login(user)
    response = client.post(url("chat", game), data, **HTMX)
    assert response.status_code == 200
    return response.content.decode()


def test_a_jester_choice_and_the_phrases_the_rules_allow(client, alice, bob, carol):
    game = trio_game([alice, bob, carol])
    # Before the Jester: public facts only, no free text, no "good game".
    html = page(client, bob, game)
    assert 'data-testid="chat-phrases"' in html and 'class="chat-form"' not in html
    assert 'data-phrase="hand"' in html and 'data-phrase="good"' not in html
    reply = chat_post(client, bob, game, text="I have the 10 of Spades!")
    assert "only the offered phrases" in reply
    reply = chat_post(client, bob, game, phrase="good")
    assert "cannot be said now" in reply
    chat_post(client, bob, game, phrase="hand:6")
    assert "I have 6 cards in hand." in page(client, carol, game)

    post_move(client, alice, game, {"type": "play", "cards": ["X1"]})
    html = page(client, carol, game)
    assert "Alice played a Jester and chooses who plays next." in html
    assert 'data-phrase="good"' in html and 'data-phrase="rather_not"' in html
    chat_post(client, carol, game, phrase="poor")
    chat_post(client, bob, game, phrase="good")
    html = page(client, alice, game)
    assert "I have a poor game." in html and "I have a good game." in html
    choices = [a for a in action_buttons(html) if a["type"] == "choose_next"]
    assert {a["player"] for a in choices} == {"p1", "p2", "p3"}
    assert "Alice (you)" in html
    post_move(client, alice, game, {"type": "choose_next", "player": "p2"})
    engine, state = engine_state(game)
    assert engine.waiting_for(state) == ["p2"]
    # The next player started: the window of "good game" is closed again.
    assert "cannot be said now" in chat_post(client, carol, game, phrase="good")
    assert ChatMessage.objects.count() == 3


def test_a_phrase_is_stored_as_its_key_and_read_in_each_readers_language(
    client, alice, bob, carol, dave
):
    game = trio_game([alice, bob, carol])
    carol.profile.language = "fr"
    carol.profile.save()
    chat_post(client, bob, game, phrase="hand:6")  # bob reads English
    chat_post(client, bob, game, phrase="hello")
    # The row: the key and public parameters only, no sentence in the poster's language.
    rows = list(ChatMessage.objects.order_by("pk").values("text", "phrase"))
    assert rows == [
        {"text": "", "phrase": {"key": "hand", "n": 6}},
        {"text": "", "phrase": {"key": "hello"}},
    ]
    engine, state = engine_state(game)
    public = engine.view(state, None)  # what a spectator sees
    assert (
        rows[0]["phrase"]["n"] == next(p for p in public["players"] if p["id"] == "p2")["hand_size"]
    )
    stored = json.dumps(rows)
    assert not [card for hand in TRIO_HANDS.values() for card in hand if f'"{card}"' in stored]
    # Each reader in their own language: carol's profile, a spectator's browser, alice's
    # default; the chat fragment as the page.
    french = page(client, carol, game)
    assert "J’ai 6 cartes en main." in french and "Bonjour\u00a0!" in french
    assert "I have 6 cards in hand." not in french
    fragment = client.get(url("chat", game), **HTMX).content.decode()
    assert "J’ai 6 cartes en main." in fragment
    client.force_login(dave)
    watcher = client.get(url("detail", game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "J’ai 6 cartes en main." in watcher
    english = page(client, alice, game)
    assert "I have 6 cards in hand." in english and "Hello!" in english
    assert "J’ai" not in english


def test_a_hidden_phrase_is_not_rendered_and_moderators_read_phrases(
    client, admin_client, alice, bob, carol
):
    game = trio_game([alice, bob, carol])
    tavern = re.search(r'value="(tavern:\d+)"', page(client, bob, game)).group(1)
    chat_post(client, bob, game, phrase=tavern)
    chat_post(client, carol, game, phrase="hello")
    listing = admin_client.get(reverse("admin:games_chatmessage_changelist")).content.decode()
    assert "Hello! (a phrase of the game)" in listing
    assert "cards left in the Tavern. (a phrase of the game)" in listing
    # A report's "Find the message" link filters the list by the message's id.
    hello = ChatMessage.objects.get(user=carol)
    found = admin_client.get(
        reverse("admin:games_chatmessage_changelist") + f"?id={hello.pk}"
    ).content.decode()
    assert "Hello! (a phrase of the game)" in found and "the Tavern" not in found
    ChatMessage.objects.filter(user=bob).update(hidden=True)
    html = page(client, alice, game)
    start = html.index('<ol class="chat-list">')
    lines = html[start : html.index("</ol>", start)]
    assert 'data-testid="chat-hidden"' in lines and "left in the Tavern" not in lines
    assert "Hello!" in lines


@pytest.mark.parametrize("phrase", ["", "nope", "x" * 600, "text"])
def test_garbage_phrases_are_refused(alice, bob, carol, phrase):
    game = trio_game([alice, bob, carol])
    with pytest.raises(ChatInvalid):
        services.chat_post(game_id=game.pk, user=bob, text="hi", phrase=phrase)
    assert ChatMessage.objects.count() == 0


def test_free_text_before_the_start_and_after_the_end(client, alice, bob):
    from .factories import make_game

    game = make_game([alice, bob], kind="regicide", start=False, max_seats=3)
    assert 'class="chat-form"' in page(client, bob, game)
    services.chat_post(game_id=game.pk, user=bob, text="Ready when you are")
    solo = solo_game(alice)
    for action in SOLO_WIN:
        post_move(client, alice, solo, action)
    services.chat_post(game_id=solo.pk, user=alice, text="Gold, at last")
    with pytest.raises(ChatInvalid):
        services.chat_post(game_id=solo.pk, user=alice, phrase="hand")
    assert ChatMessage.objects.count() == 2


def test_spectators_get_no_phrases_and_cannot_post(client, alice, bob, carol, dave):
    game = trio_game([alice, bob, carol])
    html = page(client, dave, game)
    assert 'data-testid="chat-phrases"' not in html
    with pytest.raises(services.NotYourSeat):
        services.chat_post(game_id=game.pk, user=dave, phrase="hand")
