"""Every kind of Complots move played through the web layer: the button must be on the
player's own page, and posting it (htmx, with the page's expected_seq) must play it."""

import json
import re

import pytest

from games.table.models import Event, Game

from .factories import make_game
from .web_helpers import action_buttons, engine_state, expected_seq_in, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}

HANDS = {
    "p1": ["duchesse", "capitaine"],
    "p2": ["comtesse", "assassin"],
    "p3": ["ambassadeur", "duchesse"],
}


def complots_game(users, *, hands=None, coins=None, **options):
    setup = {"hands": hands or HANDS}
    if coins:
        setup["coins"] = coins
    return make_game(
        users,
        kind="complots",
        options={"setup": setup, **options},
        min_seats=len(users),
        max_seats=len(users),
    )


class Table:
    """Plays a game through the pages, as each player's browser would."""

    def __init__(self, client, game, users):
        self.client = client
        self.game = game
        self.users = dict(zip(["p1", "p2", "p3", "p4"], users, strict=False))

    def page(self, player):
        self.client.force_login(self.users[player])
        response = self.client.get(url("detail", self.game))
        assert response.status_code == 200
        return response.content.decode()

    def play(self, player, action):
        html = self.page(player)
        offered = action_buttons(html)
        assert action in offered, f"{action} not offered to {player}: {offered}"
        response = self.client.post(
            url("act", self.game),
            {"action": json.dumps(action), "expected_seq": expected_seq_in(html)},
            **HTMX,
        )
        assert response.status_code == 200
        body = response.content.decode()
        assert "flash-error" not in body, body
        return body

    def view(self, player=None):
        engine, state = engine_state(self.game)
        return engine.view(state, player)

    def coins(self, player):
        return next(p["coins"] for p in self.view()["players"] if p["id"] == player)

    def lives(self, player):
        return next(p["lives"] for p in self.view()["players"] if p["id"] == player)

    def pass_all(self, *players):
        for player in players:
            self.play(player, {"type": "pass"})


@pytest.fixture
def three(client, alice, bob, carol):
    return lambda **kw: Table(client, complots_game([alice, bob, carol], **kw), [alice, bob, carol])


def test_income(three):
    table = three()
    table.play("p1", {"type": "income"})
    assert table.coins("p1") == 3
    log = table.page("p2").split('id="game-log"')[1]
    assert "Alice takes Income (1 coin)." in log  # describe() in English, with display names
    assert table.view()["current_player"] == "p2"


def test_foreign_aid_blocked_then_block_challenged(three):
    table = three()
    table.play("p1", {"type": "foreign_aid"})
    table.play("p2", {"type": "block", "character": "duchesse"})  # bob bluffs the Duchesse
    table.play("p1", {"type": "challenge"})
    # bob has two different cards: he chooses which one he loses, from his own page.
    html = table.page("p2")
    assert "Lose a life" in html
    table.play("p2", {"type": "lose", "character": "assassin"})
    assert table.lives("p2") == 1
    assert table.coins("p1") == 4  # the block failed: the aid went through


def test_coup_and_lose(three):
    table = three(coins={"p1": 7})
    table.play("p1", {"type": "coup", "target": "p2"})
    table.play("p2", {"type": "lose", "character": "comtesse"})
    assert table.lives("p2") == 1 and table.coins("p1") == 0
    revealed = [c for c in table.view()["players"][1]["cards"] if c["revealed"]]
    assert revealed == [{"character": "comtesse", "revealed": True, "lost": True}]
    # Everyone now sees bob's Comtesse face up, as a card element.
    assert 'data-card="comtesse" data-owner="p2"' in table.page("p3")


def test_power_with_target_blocked(three):
    table = three()
    table.play("p1", {"type": "power", "character": "capitaine", "target": "p2"})
    table.pass_all("p2", "p3")  # nobody challenges the Capitaine
    table.play("p2", {"type": "block", "character": "ambassadeur"})
    table.pass_all("p1", "p3")  # nobody challenges the block
    assert table.coins("p1") == 2 and table.coins("p2") == 2


def test_power_with_target_resolves(three):
    table = three()
    table.play("p1", {"type": "power", "character": "capitaine", "target": "p3"})
    table.pass_all("p2", "p3")
    table.play("p3", {"type": "pass"})  # no block
    assert table.coins("p1") == 4 and table.coins("p3") == 0


def test_challenge_of_a_true_claim(three):
    table = three()
    table.play("p1", {"type": "power", "character": "duchesse"})
    table.play("p3", {"type": "challenge"})
    # carol was wrong: she loses a life (her choice of card).
    table.play("p3", {"type": "lose", "character": "ambassadeur"})
    assert table.lives("p3") == 1 and table.coins("p1") == 5


def test_exchange_with_one_button_per_keep(three):
    table = three()
    table.play("p1", {"type": "income"})
    table.play("p2", {"type": "income"})
    table.play("p3", {"type": "power", "character": "ambassadeur"})
    table.pass_all("p1", "p2")
    html = table.page("p3")
    keeps = [a for a in action_buttons(html) if a["type"] == "exchange"]
    assert keeps and all(len(a["keep"]) == 2 for a in keeps)
    # The drawn cards are shown to carol only.
    assert 'data-owner="drawn"' in html
    assert 'data-owner="drawn"' not in table.page("p1")
    table.play("p3", keeps[-1])
    assert sorted(c["character"] for c in table.view("p3")["players"][2]["cards"]) == sorted(
        keeps[-1]["keep"]
    )


def test_two_player_choose(client, alice, bob):
    game = make_game([alice, bob], kind="complots")
    table = Table(client, game, [alice, bob])
    html = table.page("p1")
    chooses = [a for a in action_buttons(html) if a["type"] == "choose"]
    assert len(chooses) == 5
    assert html.count('data-owner="pile"') == 5
    table.play("p1", chooses[0])
    table.play("p2", [a for a in action_buttons(table.page("p2")) if a["type"] == "choose"][1])
    assert table.view()["pending"]["moment"] == "turn"


def test_the_page_speaks_french(three, client):
    table = three()
    table.page("p1")
    client.cookies["django_language"] = "fr"
    html = client.get(url("detail", table.game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "À vous de jouer" in html and "Revenu (+1)" in html
    assert re.search(r"Annoncer[^<]*Capitaine", html)
    assert re.search(r"Contre l(&#x27;|’)Aide", html, re.IGNORECASE)


def test_buttons_only_for_my_legal_actions(three):
    table = three()
    engine, state = engine_state(table.game)
    for player in ("p1", "p2", "p3"):
        assert action_buttons(table.page(player)) == engine.legal_actions(state, player)
    table.client.logout()
    html = table.client.get(url("detail", table.game)).content.decode()
    assert action_buttons(html) == []


def test_characters_in_play_and_french(three, client):
    table = three(
        characters=["ursuline", "bourreau", "sorciere", "pape", "espion"],
        hands={"p1": ["pape", "espion"], "p2": ["ursuline", "sorciere"], "p3": ["pape", "pape"]},
    )
    html = table.page("p1")
    assert re.findall(r'data-aid="([a-z_]+)"', html) == [
        "ursuline",
        "bourreau",
        "sorciere",
        "pape",
        "espion",
    ]
    client.cookies["django_language"] = "fr"
    html = client.get(url("detail", table.game), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "La partie commence" in html  # the engine's describe(entry, "fr")
    assert "Personnages en jeu" in html and "Vole 1 Or à chaque adversaire" in html
    # the cards, the aid and the records come from the fragment cache, per language: the
    # English page above did not fill them for the French one
    assert "face cachée, vous seul la voyez" in html and "face down, only you" not in html
    assert "parties terminées" in html and "games finished" not in html


def test_finished_complots_game_replay_shows_every_card(client, alice, bob):
    from .web_helpers import play_to_end

    game = make_game([alice, bob], kind="complots")
    play_to_end(game)
    assert game.status == Game.Status.FINISHED
    events = Event.objects.filter(game=game).count()
    html = client.get(url("replay", game), {"step": 3}).content.decode()
    owners = re.findall(r'data-card="([a-z_]+)" data-owner="(p\d)"', html)
    assert {o for _, o in owners} == {"p1", "p2"}
    assert 'data-card="hidden"' not in html  # full information once finished
    assert client.get(url("replay", game), {"step": events}).status_code == 200
    assert "Verified" in client.get(url("verify", game)).content.decode()
