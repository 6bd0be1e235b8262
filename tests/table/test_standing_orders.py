"""Standing orders at the table: played as the player's own moves the moment they could
answer, in the same transaction; seen by their owner only."""

import json
import random
import re

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.table import selectors, services
from games.table.models import Event, Game, Seat, seed_commitment
from games.table.services import GameNotRunning, MalformedAction, NotYourSeat

from .factories import make_game
from .web_helpers import engine_state, url

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
WINDOWS = ("challenge", "block", "announce")


def complots(users, hands=None, **kwargs):
    options = {"setup": {"hands": hands}} if hands else {}
    return make_game(
        users,
        kind="complots",
        options=options,
        min_seats=len(users),
        max_seats=len(users),
        **kwargs,
    )


def set_orders(game, user, *orders):
    return services.standing_orders_set(game_id=game.pk, user=user, orders=list(orders))


def steal_from_p2(game, host):
    """The first move: p1 (the host) steals from p2 with the Capitaine; the others may answer."""
    return services.action_submit(
        game_id=game.pk,
        user=host,
        action={"type": "power", "character": "capitaine", "target": "p2"},
        expected_seq=1,
    )


def standing_events(game):
    return list(Event.objects.filter(game=game, reason="standing").order_by("seq"))


def test_orders_answer_at_once_as_the_players_own_moves(players):
    users = players(4)
    game = complots(users, hands={"p1": ["capitaine", "assassin"]})
    set_orders(game, users[2], "pass_untargeted")
    set_orders(game, users[3], "never_challenge")
    steal_from_p2(game, users[0])
    events = standing_events(game)
    assert [(e.seat.player_id, e.kind, e.action) for e in events] == [
        ("p3", "action", {"type": "pass"}),
        ("p4", "action", {"type": "pass"}),
    ]
    engine, state = engine_state(game)
    assert engine.waiting_for(state) == ["p2"], "only the target is left to answer"
    assert game.state_seq == 4


def test_an_order_set_during_an_open_window_acts_at_once(players):
    users = players(3)
    game = complots(users)
    services.action_submit(
        game_id=game.pk,
        user=users[0],
        action={"type": "power", "character": "duchesse"},
        expected_seq=1,
    )
    set_orders(game, users[1], "never_challenge")
    engine, state = engine_state(game)
    assert engine.waiting_for(state) == ["p3"]
    assert [e.seat.player_id for e in standing_events(game)] == ["p2"]


def test_block_foreign_aid_only_with_the_duchesse(players, django_capture_on_commit_callbacks):
    users = players(3)
    game = complots(users, hands={"p2": ["duchesse", "assassin"], "p3": ["capitaine", "comtesse"]})
    set_orders(game, users[1], "block_foreign_aid")
    set_orders(game, users[2], "block_foreign_aid")
    with django_capture_on_commit_callbacks(execute=True):  # the paced answers' tasks (eager)
        services.action_submit(
            game_id=game.pk, user=users[0], action={"type": "foreign_aid"}, expected_seq=1
        )
    actions = [(e.seat.player_id, e.action) for e in standing_events(game)]
    assert actions[0] == ("p2", {"type": "block", "character": "duchesse"})
    # bob's block closed the Foreign Aid window before carol's turn to answer came; her
    # order answers only that window, so the challenge of bob's block waits for her
    engine, state = engine_state(game)
    assert engine.view(state, None)["pending"]["claim"]["player"] == "p2"
    assert engine.waiting_for(state) == ["p1", "p3"]


def test_pass_until_turn_lapses_on_the_players_turn(players):
    users = players(3)
    game = complots(users)
    set_orders(game, users[1], "pass_until_turn")
    services.action_submit(
        game_id=game.pk,
        user=users[0],
        action={"type": "power", "character": "duchesse"},
        expected_seq=1,
    )
    services.action_submit(game_id=game.pk, user=users[2], action={"type": "pass"}, expected_seq=3)
    seat = Seat.objects.get(game=game, user=users[1])
    assert seat.standing_orders == [], "bob's turn came: the order lapsed"


def test_bad_orders_and_strangers_are_refused(players, make_user):
    users = players(3)
    game = complots(users)
    with pytest.raises(MalformedAction):
        set_orders(game, users[1], "always_win")
    with pytest.raises(MalformedAction):
        services.standing_orders_set(game_id=game.pk, user=users[1], orders="never_challenge")
    with pytest.raises(NotYourSeat):
        set_orders(game, make_user("mallory"), "never_challenge")
    assert Seat.objects.get(game=game, user=users[1]).standing_orders == []
    services.action_submit(
        game_id=game.pk, user=users[0], action={"type": "resign"}, expected_seq=1
    )
    services.action_submit(
        game_id=game.pk, user=users[1], action={"type": "resign"}, expected_seq=2
    )
    with pytest.raises(GameNotRunning):
        set_orders(game, users[2], "never_challenge")


def test_the_profile_default_is_copied_into_new_seats(players):
    users = players(3)
    for user in users[1:]:
        user.profile.standing_orders = ["pass_untargeted", "never_challenge"]
        user.profile.save()
    game = complots(users)
    seats = {s.user_id: s.standing_orders for s in game.seats.all()}
    assert seats[users[0].pk] == []
    assert seats[users[1].pk] == ["pass_untargeted", "never_challenge"]
    counting = make_game(users)  # an engine without orders keeps none
    assert all(s.standing_orders == [] for s in counting.seats.all())


def _concerns(pending, player):
    """The window's question is about the player (independent restatement of the rules of
    "pass on claims and blocks that do not target me")."""
    action = pending.get("action") or {}
    claim = pending.get("claim") or {}
    return (
        pending.get("player") == player  # their own action, blocked or countered
        or action.get("target") == player
        or pending.get("decider") == player
        or claim.get("player") == player
    )


def test_a_correspondence_game_with_pass_unless_targeted_never_waits_needlessly(players):
    users = players(3)
    for user in users:
        user.profile.standing_orders = ["pass_untargeted"]
        user.profile.save()
    game = complots(users, time_control="corr-2d", start=False)
    seed = "13" * 32  # a fixed deal: the same game every run
    Game.objects.filter(pk=game.pk).update(seed=seed, commitment=seed_commitment(seed))
    services.game_start(game_id=game.pk, user=users[0])
    game.refresh_from_db()
    assert game.time_mode == "correspondence"
    by_player = {s.player_id: s.user for s in game.seats.all()}
    rng = random.Random(13)
    windows = 0
    for _ in range(1000):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        engine, state = engine_state(game)
        pending = engine.view(state, None)["pending"]
        waiting = engine.waiting_for(state)
        assert game.deadline_at is not None
        if pending["moment"] in WINDOWS:
            windows += 1
            for player in waiting:
                assert _concerns(pending, player), f"{player} waited for on {pending}"
        player = rng.choice(waiting)
        view = selectors.game_view(game_id=game.pk, user=by_player[player])
        legal = [a for a in view.legal_actions if a["type"] != "resign"]
        services.action_submit(
            game_id=game.pk,
            user=by_player[player],
            action=rng.choice(legal),
            expected_seq=view.seq,
            decision_key=view.decision_key,
        )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert len(standing_events(game)) >= 5, "the orders answered windows"
    assert windows > 0, "some windows did concern the player waited for"


# --- the pages ---------------------------------------------------------------------------


def test_the_box_is_the_owners_only(client, players):
    users = players(3)
    game = complots(users, hands={"p1": ["capitaine", "assassin"]})
    set_orders(game, users[2], "pass_untargeted")
    steal_from_p2(game, users[0])
    client.force_login(users[2])
    carol = client.get(url("detail", game)).content.decode()
    assert 'data-testid="standing-orders"' in carol
    assert re.search(r'value="pass_untargeted" checked', carol)
    assert "#3 · passed" in carol
    client.force_login(users[1])
    bob = client.get(url("detail", game)).content.decode()
    assert not re.search(r'value="pass_untargeted" checked', bob)
    assert "#3 · passed" not in bob
    client.logout()
    spectator = client.get(url("detail", game)).content.decode()
    assert 'data-testid="standing-orders"' not in spectator


def test_setting_orders_through_the_page(client, players):
    users = players(3)
    game = complots(users)
    client.force_login(users[1])
    response = client.post(
        url("standing", game), {"orders": ["never_challenge", "pass_until_turn"]}, **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Your standing orders are saved." in html
    seat = Seat.objects.get(game=game, user=users[1])
    assert seat.standing_orders == ["never_challenge", "pass_until_turn"]
    response = client.post(url("standing", game), {"orders": ["nonsense"]}, **HTMX)
    assert response.status_code == 200 and 'data-testid="flash"' in response.content.decode()
    seat.refresh_from_db()
    assert seat.standing_orders == ["never_challenge", "pass_until_turn"]
    response = client.post(url("standing", game), {"orders": []})
    assert response.status_code == 302
    seat.refresh_from_db()
    assert seat.standing_orders == []


def test_the_log_download_never_says_which_moves_were_orders(client, players):
    users = players(3)
    game = complots(users)
    set_orders(game, users[1], "never_challenge")
    set_orders(game, users[2], "never_challenge")
    services.action_submit(
        game_id=game.pk,
        user=users[0],
        action={"type": "power", "character": "duchesse"},
        expected_seq=1,
    )
    assert len(standing_events(game)) == 2
    for user, seq in ((users[1], 4), (users[2], 5)):
        services.action_submit(
            game_id=game.pk, user=user, action={"type": "resign"}, expected_seq=seq
        )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    client.force_login(users[0])
    data = json.loads(client.get(url("log_download", game)).content)
    assert all(e["reason"] != "standing" for e in data["events"])


def test_the_seat_keeps_its_last_standing_move_and_the_migration_fills_it(players):
    users = players(4)
    game = complots(users, hands={"p1": ["capitaine", "assassin"]})
    set_orders(game, users[2], "pass_untargeted")
    steal_from_p2(game, users[0])
    seats = {s.player_id: s for s in Seat.objects.filter(game=game)}
    assert seats["p3"].standing_seq == standing_events(game)[-1].seq
    assert seats["p1"].standing_seq is None and seats["p4"].standing_seq is None
    Seat.objects.filter(game=game).update(standing_seq=None)
    migration = __import__("games.table.migrations.0009_seat_standing_seq", fromlist=["x"])
    migration.backfill(apps, None)
    assert {s.player_id: s.standing_seq for s in Seat.objects.filter(game=game)} == {
        p: s.standing_seq for p, s in seats.items()
    }


def test_the_page_reads_the_orders_moves_only_when_they_played_some(client, players):
    users = players(3)
    game = complots(users, hands={"p1": ["capitaine", "assassin"]})
    set_orders(game, users[2], "pass_untargeted")
    client.force_login(users[1])
    client.get(url("detail", game))

    def moves_read(user):
        client.force_login(user)
        with CaptureQueriesContext(connection) as queries:
            html = client.get(url("detail", game)).content.decode()
        reads = [q for q in queries.captured_queries if "'standing'" in q["sql"]]
        return len(reads), html

    assert moves_read(users[2])[0] == 0, "no move played yet: nothing to read"
    steal_from_p2(game, users[0])
    reads, html = moves_read(users[2])
    assert reads == 1 and "#3 · passed" in html
    assert moves_read(users[1])[0] == 0
