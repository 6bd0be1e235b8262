"""A standing order whose answer depends on hidden cards ("block Foreign Aid with the
Duchesse") is played by a task at a person's pace, from a server secret: the other players
receive exactly what a person's answer gives them (responses, live notices, pages, views,
log, export), field by field. Orders that read public facts only still answer at once."""

import difflib
import json
import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client, override_settings

from games.engines import get_engine
from games.table import live, selectors, services
from games.table.models import Event, Game
from games.table.services import paced
from games.table.services.play import standing_answer_apply
from games.table.views.finished import exported_event

from .factories import make_game
from .web_helpers import url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
HANDS = {
    "p1": ["ambassadeur", "assassin"],
    "p2": ["duchesse", "assassin"],
    "p3": ["capitaine", "comtesse"],
}
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def normalized(html, game):
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "csrf", html)
    html = re.sub(rf"/games/{game.pk}/", "/games/N/", html)
    html = re.sub(rf'data-game="{game.pk}"', 'data-game="N"', html)
    html = re.sub(rf"#{game.pk}\b", "#N", html)
    return html.replace(game.commitment, "COMMITMENT")


def play(users, clients, monkeypatch, capture, *, standing, delay=None):
    """alice takes Foreign Aid; bob (the Duchesse) blocks it: by his standing order, or by
    his own hand after as long as the order would have waited. What everyone received."""
    notices, tasks = [], []
    monkeypatch.setattr(live, "publish_change", lambda *a, **k: notices.append(a[1:3]) or True)
    monkeypatch.setattr(paced, "standing_enqueue", lambda *args: tasks.append(args))
    with time_machine.travel(T0, tick=False):
        game = make_game(
            users, kind="complots", options={"setup": {"hands": HANDS}}, min_seats=3, max_seats=3
        )
        services.standing_orders_set(
            game_id=game.pk, user=users[1], orders=["block_foreign_aid"] if standing else []
        )
    got = {"game": game}
    with time_machine.travel(T0 + timedelta(seconds=1), tick=False):
        with capture(execute=True):
            response = clients[0].post(
                url("act", game),
                {"action": json.dumps({"type": "foreign_aid"}), "expected_seq": 1},
                **HTMX,
            )
        got["mover_response"] = normalized(response.content.decode(), game)
        got["notices_after_move"] = list(notices)
        got["events_after_move"] = Event.objects.filter(game=game).count()
        got["others_after_move"] = [
            normalized(c.get(url("panel", game), **HTMX).content.decode(), game)
            for c in (clients[0], clients[2])
        ]
    if standing:
        if not tasks:  # the order answered at once, within alice's request
            return got
        [(game_id, player_id, seq, key, countdown)] = tasks
        assert (game_id, player_id, seq) == (game.pk, "p2", 2)
        got["delay"] = countdown
    else:
        assert tasks == []
        got["delay"] = delay  # bob answers himself after as long as his order waited
    with time_machine.travel(T0 + timedelta(seconds=1 + got["delay"]), tick=False):
        with capture(execute=True):
            if standing:
                assert standing_answer_apply(game_id, player_id, seq, key) == "played"
            else:
                response = clients[1].post(
                    url("act", game),
                    {
                        "action": json.dumps({"type": "block", "character": "duchesse"}),
                        "expected_seq": 2,
                    },
                    **HTMX,
                )
                assert response.status_code == 200
        got["notices"] = list(notices)
        got["others_after_block"] = [
            normalized(c.get(url("panel", game), **HTMX).content.decode(), game)
            for c in (clients[0], clients[2])
        ]
    got["views"] = [selectors.game_view(game_id=game.pk, user=u).view for u in (users[0], users[2])]
    got["export"] = [
        exported_event(e) for e in Event.objects.filter(game=game).select_related("seat")
    ]
    return got


def test_a_duchesse_order_is_received_like_a_persons_block(
    players, monkeypatch, django_capture_on_commit_callbacks
):
    users = players(3)
    clients = []
    for user in users:
        client = Client()
        client.force_login(user)
        clients.append(client)
    capture = django_capture_on_commit_callbacks
    order = play(users, clients, monkeypatch, capture, standing=True)
    assert order["events_after_move"] == 2, "not answered within alice's own request"
    assert 2.0 <= order["delay"] < 20, "like a person's answer, within the 20 s window"
    human = play(users, clients, monkeypatch, capture, standing=False, delay=order["delay"])
    # Not answered within the mover's request: a person needs time too.
    assert order["events_after_move"] == human["events_after_move"] == 2
    assert order["mover_response"] == human["mover_response"]
    assert order["notices_after_move"] == human["notices_after_move"]
    assert order["others_after_move"] == human["others_after_move"]
    # The block came as a person's would: same notices, pages, views, log and export.
    assert order["notices"] == human["notices"]
    for mine, theirs in zip(order["others_after_block"], human["others_after_block"], strict=True):
        diff = [
            line
            for line in difflib.ndiff(theirs.splitlines(), mine.splitlines())
            if line[:1] in "+-"
        ]
        assert diff == []
    assert order["views"] == human["views"]
    assert order["export"] == human["export"]
    assert order["export"][-1]["action"] == {"type": "block", "character": "duchesse"}


def test_the_pace_comes_from_the_server_secret_within_the_window(players):
    game = make_game(
        players(3), kind="complots", options={"setup": {"hands": HANDS}}, min_seats=3, max_seats=3
    )
    delays = {paced.standing_delay(game, seq, "p2") for seq in range(2, 60)}
    assert all(2.0 <= d < game.window_seconds for d in delays) and len(delays) > 50
    with override_settings(SECRET_KEY="another secret " * 4):
        other = {paced.standing_delay(game, seq, "p2") for seq in range(2, 60)}
    assert other != delays, "drawn from the server's secret"
    game.seed = "00" * 32  # not from the game's seed, which the verify page shows
    assert {paced.standing_delay(game, seq, "p2") for seq in range(2, 60)} == delays


def test_a_late_task_does_nothing_and_the_sweeper_enqueues_a_lost_one(
    players, monkeypatch, django_capture_on_commit_callbacks
):
    users = players(3)
    tasks = []
    monkeypatch.setattr(paced, "standing_enqueue", lambda *args: tasks.append(args))
    game = make_game(
        users, kind="complots", options={"setup": {"hands": HANDS}}, min_seats=3, max_seats=3
    )
    services.standing_orders_set(game_id=game.pk, user=users[1], orders=["block_foreign_aid"])
    with django_capture_on_commit_callbacks(execute=True):
        services.action_submit(
            game_id=game.pk, user=users[0], action={"type": "foreign_aid"}, expected_seq=1
        )
    [(game_id, player_id, seq, key, countdown)] = tasks
    # carol passes meanwhile: bob's question is the same, the task still plays
    services.action_submit(game_id=game.pk, user=users[2], action={"type": "pass"}, expected_seq=2)
    assert standing_answer_apply(game_id, player_id, seq, key) == "played"
    assert standing_answer_apply(game_id, player_id, seq, key) == "stale"  # idempotent
    # a lost task: the sweeper enqueues it again once its time has passed
    game2 = make_game(
        users, kind="complots", options={"setup": {"hands": HANDS}}, min_seats=3, max_seats=3
    )
    services.standing_orders_set(game_id=game2.pk, user=users[1], orders=["block_foreign_aid"])
    tasks.clear()
    services.action_submit(
        game_id=game2.pk, user=users[0], action={"type": "foreign_aid"}, expected_seq=1
    )
    assert paced.standing_requeue_stalled() == 0, "not due yet"
    later = datetime.now(UTC) + timedelta(seconds=game2.window_seconds)
    assert paced.standing_requeue_stalled(later) == 1
    assert tasks[-1][:3] == (game2.pk, "p2", 2) and tasks[-1][4] == 0.0
    assert paced.standing_requeue_stalled(later) == 0, "once a minute at most"


def test_orders_from_public_facts_stay_instant_and_the_engine_says_which():
    engine = get_engine("complots")
    state = engine.new_game(["p1", "p2", "p3"], {"setup": {"hands": HANDS}}, seed=1)
    state = engine.apply(state, "p1", {"type": "foreign_aid"})
    assert engine.standing_answer_hidden(state, "p2", {"block_foreign_aid"})
    assert not engine.standing_answer_hidden(state, "p2", {"pass_untargeted"})
    assert not engine.standing_answer_hidden(state, "p2", {"pass_until_turn", "never_challenge"})
    assert Game  # the table's model, imported for the fixtures' sake
