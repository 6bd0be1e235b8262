"""A fourth game joins the site by its engine and one descriptor (tests/fourth_game/
allumettes.py), registered through the documented extension points only, and plays a whole
game through the lobby, the game page, the clock and the mail."""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
import time_machine
from django.core import mail
from django.urls import reverse

from games.clock.sweeper import deadlines_sweep
from games.engines import register_engine, unregister_engine
from games.table.descriptors import descriptor_for, register_descriptor, unregister_descriptor
from games.table.models import Event, Game

from .allumettes import DESCRIPTOR, ENGINE, SLUG

pytestmark = pytest.mark.django_db


@pytest.fixture
def allumettes():
    register_engine(SLUG, ENGINE)
    register_descriptor(DESCRIPTOR)
    yield
    unregister_descriptor(SLUG)
    unregister_engine(SLUG)


def page_actions(html):
    values = re.findall(r'<button type="submit" name="action" value="([^"]*)"', html)
    return [json.loads(v.replace("&quot;", '"').replace("&amp;", "&")) for v in values]


def page_seq(html):
    return int(re.search(r'name="expected_seq" value="(\d+)"', html).group(1))


def act(client, game, action):
    """Play `action` from the game page, as a browser would: the page's own seq."""
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert action in page_actions(html), (action, page_actions(html))
    response = client.post(
        reverse("games:act", args=[game.pk]),
        {"action": json.dumps(action), "expected_seq": str(page_seq(html))},
    )
    assert response.status_code in (200, 302), response.content[:500]


def test_a_fourth_game_plays_through_lobby_page_clock_and_mail(
    client, alice, bob, allumettes, django_capture_on_commit_callbacks
):
    # The lobby offers it, with its own create-form field for its game only.
    client.force_login(alice)
    lobby = client.get(reverse("games:lobby")).content.decode()
    assert f'<option value="{SLUG}"' in lobby
    assert re.search(rf'class="form-row form-row-pile" data-games="{SLUG}"', lobby)
    assert re.search(rf'data-seats-for="{SLUG}" data-min="2" data-max="4"', lobby)

    response = client.post(
        reverse("games:create"),
        {
            "kind": SLUG,
            "max_seats": "2",
            "pile": "6",
            "visibility": "public",
            "time_control": "corr-1d",
            "auto_start": "on",
        },
    )
    game = Game.objects.get(kind=SLUG)
    assert response.status_code == 302
    assert game.options == {"pile": 6}
    assert "6 matches" in client.get(reverse("games:lobby")).content.decode()

    client.force_login(bob)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("games:join", args=[game.pk]))
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING

    # The game page: the generic table, the player's own secret only.
    client.force_login(alice)
    html = client.get(reverse("games:detail", args=[game.pk])).content.decode()
    assert "Allumettes" in html
    assert page_actions(html) == [{"type": "take", "n": n} for n in (1, 2, 3)]
    lucky = ENGINE.load(Game.objects.get(pk=game.pk).state)["lucky"]
    assert lucky["p1"] in html and lucky["p2"] not in html

    # A move mails the next player the open question, in the descriptor's words.
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        act(client, game, {"type": "take", "n": 1})
    assert [m.to for m in mail.outbox] == [[bob.email]]
    question = DESCRIPTOR.question(
        view=ENGINE.view(ENGINE.load(Game.objects.get(pk=game.pk).state), "p2"),
        viewer="p2",
        legal_actions=[{"type": "doubt"}, {"type": "pass"}],
        names={},
    )
    assert question == "Doubt the take, or pass?"

    # The clock: bob lets the window run out; the sweeper plays his default (pass).
    game.refresh_from_db()
    with time_machine.travel(game.deadline_at + timedelta(seconds=1), tick=False):
        with django_capture_on_commit_callbacks(execute=True):
            assert deadlines_sweep()["timeouts"] == 1
    timeout = Event.objects.filter(game=game, kind=Event.Kind.SYSTEM).get()
    assert timeout.action == {"type": "pass"} and timeout.seat.player_id == "p2"

    # Then to the end through the page: bob's turn takes a new whole decision.
    players = {"p1": alice, "p2": bob}
    for _ in range(20):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        state = ENGINE.load(game.state)
        player = ENGINE.waiting_for(state)[0]
        client.force_login(players[player])
        legal = ENGINE.legal_actions(state, player)
        with django_capture_on_commit_callbacks(execute=True):
            act(client, game, legal[-1] if legal[0]["type"] == "take" else {"type": "pass"})
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] in (["p1"], ["p2"])
    over = [m for m in mail.outbox if m.subject.startswith("Game over")]
    winner = players[game.result["winners"][0]]
    loser = alice if winner == bob else bob
    assert [m.to for m in over] == [[loser.email]]  # the one who ended it saw it end
    assert all(lucky["p1"] not in m.body and lucky["p2"] not in m.body for m in mail.outbox)
    finished = client.get(reverse("games:detail", args=[game.pk]))
    assert finished.status_code == 200 and "Allumettes" in finished.content.decode()
    assert client.get(reverse("games:replay", args=[game.pk])).status_code == 200


def test_the_platform_knows_it_only_once_registered(client, alice):
    assert descriptor_for(SLUG).label == SLUG.capitalize()  # the defaults: not registered
    client.force_login(alice)
    assert f'<option value="{SLUG}"' not in client.get(reverse("games:lobby")).content.decode()
