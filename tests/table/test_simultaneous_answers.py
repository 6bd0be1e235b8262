"""Answers that land together: a move is stale only when the decision it answers changed for
that player (GameView.decision_key), not when others answered the same window meanwhile."""

import itertools
import json
import re

import pytest

from games.table import selectors, services
from games.table.models import Event
from games.table.services import MalformedAction, StaleAction

from .factories import make_game
from .web_helpers import engine_state, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
PASS = {"type": "pass"}
HANDS = {"p1": ["duchesse", "capitaine"], "p2": ["comtesse", "assassin"]}


def claim_window(users):
    """p1 (alice) claims the Duchesse: every other seat may challenge or pass (seq 2)."""
    game = make_game(
        users,
        kind="complots",
        options={"setup": {"hands": HANDS}},
        min_seats=len(users),
        max_seats=len(users),
    )
    services.action_submit(
        game_id=game.pk,
        user=users[0],
        action={"type": "power", "character": "duchesse"},
        expected_seq=1,
    )
    return game


def page_of(game, user):
    """What the user's page shows: (seq, decision key)."""
    view = selectors.game_view(game_id=game.pk, user=user)
    return view.seq, view.decision_key


def submit(game, user, page, action=PASS):
    seq, key = page
    return services.action_submit(
        game_id=game.pk, user=user, action=action, expected_seq=seq, decision_key=key
    )


def log_events(game):
    engine, state = engine_state(game)
    return [e["event"] for e in engine.view(state, None)["log"]]


@pytest.mark.parametrize("order", list(itertools.permutations([1, 2, 3])))
def test_every_seat_passes_one_window_at_once_in_any_order(players, order):
    users = players(4)
    game = claim_window(users)
    pages = {i: page_of(game, users[i]) for i in (1, 2, 3)}  # all shown the same window
    assert len({key for _, key in pages.values()}) == 3, "a key per player"
    for i in order:
        submit(game, users[i], pages[i])
    game.refresh_from_db()
    assert game.state_seq == 5
    assert list(Event.objects.filter(game=game).values_list("seq", flat=True)) == [1, 2, 3, 4, 5]
    # the claim stood: alice took 3 Or, and it is bob's turn
    engine, state = engine_state(game)
    assert engine.waiting_for(state) == ["p2"]
    assert "challenge" not in log_events(game)


def test_a_challenge_makes_the_other_answers_stale(players):
    users = players(4)
    game = claim_window(users)
    carol_page = page_of(game, users[2])
    dave_page = page_of(game, users[3])
    submit(game, users[3], dave_page)  # dave passes: carol's question is unchanged
    submit(game, users[1], page_of(game, users[1]), {"type": "challenge"})
    game.refresh_from_db()
    seq = game.state_seq
    with pytest.raises(StaleAction):
        submit(game, users[2], carol_page)
    game.refresh_from_db()
    assert game.state_seq == seq, "nothing written"


def test_an_answer_after_the_window_closed_on_a_timeout_is_stale(players):
    users = players(3)
    game = claim_window(users)
    carol_page = page_of(game, users[2])
    submit(game, users[1], page_of(game, users[1]))
    services.system_action_submit(game_id=game.pk, player_id="p3", expected_seq=3)
    with pytest.raises(StaleAction):
        submit(game, users[2], carol_page)


def test_a_double_click_applies_once(players):
    users = players(3)
    game = claim_window(users)
    page = page_of(game, users[1])
    submit(game, users[1], page)
    with pytest.raises(StaleAction):
        submit(game, users[1], page)
    assert Event.objects.filter(game=game).count() == 3


def test_without_a_key_any_change_is_stale(players):
    users = players(3)
    game = claim_window(users)
    seq, _key = page_of(game, users[2])
    submit(game, users[1], page_of(game, users[1]))
    with pytest.raises(StaleAction):
        services.action_submit(game_id=game.pk, user=users[2], action=PASS, expected_seq=seq)


def test_someone_else_s_key_or_a_future_seq_is_stale(players):
    users = players(4)
    game = claim_window(users)
    bob_page = page_of(game, users[1])
    carol_seq, carol_key = page_of(game, users[2])
    submit(game, users[3], page_of(game, users[3]))
    with pytest.raises(StaleAction):
        submit(game, users[2], (carol_seq, bob_page[1]))
    with pytest.raises(StaleAction):
        submit(game, users[2], (carol_seq + 5, carol_key))
    submit(game, users[2], (carol_seq, carol_key))  # her own key still works


@pytest.mark.parametrize("key", [["k"], 12, "x" * 129])
def test_a_malformed_key_is_refused(players, key):
    users = players(3)
    game = claim_window(users)
    with pytest.raises(MalformedAction):
        services.action_submit(
            game_id=game.pk, user=users[1], action=PASS, expected_seq=2, decision_key=key
        )


def test_the_generic_key_of_an_engine_without_its_own(players):
    """The counting engine keeps Engine.decision_key: its view minus waiting_for."""
    users = players(4)
    game = make_game(users, options={"target": 50})
    services.action_submit(
        game_id=game.pk, user=users[0], action={"type": "add", "n": 1}, expected_seq=1
    )
    pages = {i: page_of(game, users[i]) for i in (3, 1, 2)}
    for i in (3, 1, 2):
        submit(game, users[i], pages[i])
    game.refresh_from_db()
    assert game.state["total"] == 1 and game.state_seq == 5
    stale = page_of(game, users[0])
    submit(game, users[1], page_of(game, users[1]), {"type": "add", "n": 2})
    with pytest.raises(StaleAction):  # a new window: alice's old page is stale
        submit(game, users[0], stale)


# --- through the views ---------------------------------------------------------------------


def form_fields(html):
    seq = re.search(r'name="expected_seq" value="(\d+)"', html).group(1)
    key = re.search(r'name="decision_key" value="([0-9a-f]*)"', html).group(1)
    return {"expected_seq": seq, "decision_key": key}


@pytest.mark.parametrize("order", [(1, 2, 3), (3, 2, 1)])
def test_every_page_passes_at_once_through_the_views(client, players, order):
    users = players(4)
    game = claim_window(users)
    forms = {}
    for i in (1, 2, 3):
        client.force_login(users[i])
        forms[i] = form_fields(client.get(url("detail", game)).content.decode())
        assert forms[i]["decision_key"]
    for i in order:
        client.force_login(users[i])
        response = client.post(url("act", game), {"action": json.dumps(PASS), **forms[i]}, **HTMX)
        assert response.status_code == 200
        assert 'data-testid="flash"' not in response.content.decode()
    game.refresh_from_db()
    assert game.state_seq == 5


def test_a_stale_page_through_the_views_says_so(client, players):
    users = players(3)
    game = claim_window(users)
    client.force_login(users[2])
    carol = form_fields(client.get(url("detail", game)).content.decode())
    submit(game, users[1], page_of(game, users[1]), {"type": "challenge"})
    response = client.post(url("act", game), {"action": json.dumps(PASS), **carol}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'data-testid="flash"' in html and "moved on" in html
