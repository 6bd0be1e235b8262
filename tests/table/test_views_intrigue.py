"""Intrigue through the web layer: the island map, your money only, the stage and its
offers, the offer form (typed amount, a slot), every move posted as a player's browser
would, the lobby's 3-5 players."""

import re

import pytest
from django.test import Client

from games.table.models import Game

from .factories import UserFactory, make_game
from .web_helpers import action_buttons, engine_state, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}

SETUP = {
    "round": 2,
    "money": {"p1": 20000, "p2": 7000, "p3": 0},
    "castles": {"p1": {"1000": ["p3", "ecrivain-1"]}, "p2": {"6000": ["p1", "medecin-2"]}},
    "waiting": {"p1": [["p2", "medecin-1"], ["p3", "religieux-1"], ["p2", "ecrivain-2"]]},
    "island": [["p2", "chimiste-2"]],
}


def intrigue_game(setup=SETUP, names=("alice", "bob", "carol")):
    users = [UserFactory(username=n) for n in names]
    game = make_game(
        users, kind="intrigue", options={"setup": setup}, min_seats=3, max_seats=len(users)
    )
    clients = {}
    for seat in game.seats.select_related("user"):
        client = Client()
        client.force_login(seat.user)
        clients[seat.player_id] = client
    return game, clients


def post(client, game, data):
    data = {"expected_seq": Game.objects.get(pk=game.pk).state_seq, **data}
    return client.post(url("act", game), data, **HTMX)


def money_shown(html):
    return re.findall(r'data-money="([^"]*)"', html)


def test_the_island_map_shows_castles_slots_doors_the_island_and_only_your_money():
    game, clients = intrigue_game()
    html = clients["p2"].get(url("detail", game)).content.decode()
    assert html.count('data-testid="castle"') == 3 and html.count("castle-empty") == 2
    assert 'data-advisor="p3:ecrivain-1"' in html  # carol's writer seated at alice's
    assert 'data-advisor="p2:medecin-1"' in html  # at alice's door
    assert 'data-testid="island"' in html and 'data-advisor="p2:chimiste-2"' in html
    assert money_shown(html) == ["p2"]
    assert "7,000 ducats" in html
    assert "26,000" not in html  # alice's money is nobody else's business
    spectator = Client().get(url("detail", game)).content.decode()
    assert money_shown(spectator) == [] and "7,000" not in spectator
    assert "advisors in no conflict" in html


def test_a_bribe_offered_revised_accepted_then_placement_through_the_forms():
    game, clients = intrigue_game()
    response = post(clients["p2"], game, {"type": "offer", "amount": "3"})
    assert response.status_code == 200 and 'data-offer="p2"' in response.content.decode()
    response = post(clients["p2"], game, {"type": "offer", "amount": "5", "slot": "10000"})
    html = response.content.decode()
    assert "Your standing offer: 5,000 ducats" in html and "asking for the 10,000" in html
    # more than one holds: refused, nothing changes
    html = post(clients["p2"], game, {"type": "offer", "amount": "8"}).content.decode()
    assert "You cannot offer more than you have" in html
    html = post(clients["p2"], game, {"type": "offer", "amount": "x"}).content.decode()
    assert "Enter a whole number" in html
    host_page = clients["p1"].get(url("panel", game)).content.decode()
    assert "Offers made to you" in host_page
    assert {"type": "accept", "from": "p2"} in action_buttons(host_page)
    response = post(clients["p1"], game, {"action": '{"type": "accept", "from": "p2"}'})
    _engine, state = engine_state(game)
    assert state.money == [31000, 2000, 0]  # 20,000 + 6,000 income + 5,000
    html = clients["p1"].get(url("panel", game)).content.decode()
    assert "accepted, paid" in html and money_shown(html) == ["p1"] and "31,000" in html
    place = {"type": "place", "owner": "p2", "advisor": "medecin-1", "slot": 10000}
    assert place in action_buttons(html)
    post(
        clients["p1"],
        game,
        {"action": '{"type":"place","owner":"p2","advisor":"medecin-1","slot":10000}'},
    )
    _engine, state = engine_state(game)
    assert state.castles[0][3] == (1, "medecin-1")


def test_a_plain_form_post_without_htmx_redirects_with_a_message():
    game, clients = intrigue_game()
    seq = Game.objects.get(pk=game.pk).state_seq
    response = clients["p2"].post(
        url("act", game), {"expected_seq": seq, "type": "offer", "amount": "99"}, follow=True
    )
    assert "You cannot offer more than you have" in response.content.decode()
    response = clients["p2"].post(
        url("act", game), {"expected_seq": seq, "type": "offer", "amount": "2"}, follow=True
    )
    assert response.status_code == 200
    assert 'data-offer="p2"' in response.content.decode()


def test_the_host_decides_an_internal_conflict_and_sends_by_buttons():
    setup = {
        "round": 2,
        "castles": {"p1": {"1000": ["p3", "ecrivain-1"]}},
        "waiting": {"p1": [["p2", "ecrivain-2"]]},
    }
    game, clients = intrigue_game(setup)
    html = clients["p1"].get(url("panel", game)).content.decode()
    assert "Internal conflict" in html
    buttons = action_buttons(html)
    assert {"type": "replace"} in buttons and {"type": "keep"} in buttons
    post(clients["p1"], game, {"action": '{"type": "replace"}'})
    html = clients["p1"].get(url("panel", game)).content.decode()
    assert 'data-advisor="p3:ecrivain-1"' in html.split('data-testid="island"')[1]
    sends = [a for a in action_buttons(html) if a["type"] == "send"]
    assert {"type": "send", "advisor": "chimiste-1", "to": "p2"} in sends
    post(clients["p1"], game, {"action": '{"type":"send","advisor":"chimiste-1","to":"p2"}'})
    post(clients["p1"], game, {"action": '{"type":"send","advisor":"chimiste-2","to":"p3"}'})
    _engine, state = engine_state(game)
    assert state.current == 1


def test_the_final_scores_show_everyones_money():
    game, clients = intrigue_game({"round": 5, "first_player": "p3"})
    _engine, state = engine_state(game)
    assert game.status == Game.Status.FINISHED or state.phase == "over"
    html = clients["p1"].get(url("detail", game)).content.decode()
    assert 'data-testid="scores"' in html and money_shown(html) == ["final"] * 3


@pytest.mark.parametrize("seats,ok", [(2, False), (3, True), (5, True), (6, False)])
def test_the_lobby_creates_intrigue_tables_of_3_to_5(seats, ok):
    user = UserFactory(username="alice")
    client = Client()
    client.force_login(user)
    response = client.post(
        "/games/new/",
        {
            "kind": "intrigue",
            "max_seats": seats,
            "characters": "base",
            "visibility": "public",
            "time_control": "corr-2d",
        },
    )
    if ok:
        assert response.status_code == 302
        game = Game.objects.get(kind="intrigue")
        assert (game.min_seats, game.max_seats) == (3, seats)
    else:
        assert response.status_code == 400
        assert "Intrigue is played by 3 to 5 players" in response.content.decode()


def panel_of(client, game):
    return client.get(url("panel", game), **HTMX).content.decode()


def test_a_petitioner_gets_one_offer_form_and_no_button_per_amount():
    game, clients = intrigue_game()
    html = panel_of(clients["p2"], game)  # bob, 7,000 ducats: a petitioner at alice's door
    assert 'data-testid="offer-form"' in html
    assert not [a for a in action_buttons(html) if a.get("type") == "offer"]
    assert ">offer<" not in html
    assert 'max="7"' in html and "I have nothing more to offer" in html


def test_the_petitioners_panel_does_not_grow_with_money():
    def size(bob_money):
        setup = {**SETUP, "money": {"p1": 20000, "p2": bob_money, "p3": 0}}
        game, clients = intrigue_game(
            setup, names=(f"a{bob_money}", f"b{bob_money}", f"c{bob_money}")
        )
        return len(panel_of(clients["p2"], game))

    small, large = size(2000), size(90000)
    assert abs(large - small) < 200, (small, large)
