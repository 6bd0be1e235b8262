"""Deep, huge or unclean JSON from a client is a clear refusal, never a 500, and writes
nothing: the nesting depth is scanned before parsing, the parsed value walked iteratively."""

import pytest

from games.table import services
from games.table.models import Event, Game
from games.table.services import MalformedAction
from games.table.services.payload import (
    MAX_DEPTH,
    check_json_value,
    json_text_depth,
    parse_json_text,
)

from .factories import make_game
from .web_helpers import url

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.mark.parametrize(
    "text, depth",
    [
        ("{}", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('"[[[[[[["', 0),  # brackets inside a string do not count
        ('["\\"[[", [[]]]', 3),  # nor after an escaped quote
        ("[" * 960 + "]" * 960, 960),
    ],
)
def test_the_depth_scan(text, depth):
    assert json_text_depth(text) == depth


@pytest.mark.parametrize(
    "text",
    [
        "[" * 960 + "]" * 960,
        '{"type": "income", "v": ' + "[" * 330 + "]" * 330 + "}",
        '{"type": "income", "v": ' + '{"a":' * 200 + "1" + "}" * 200 + "}",
        '{"type": "income", "v": "\\u0000"}',
        '{"type": "income", "v": "\\ud800"}',
        '{"\\udfff": 1}',
        '{"type": "income", "v": NaN}',
        '{"type": "income", "v": 1e999}',
        '{"type": "income", "v": ' + "9" * 30 + "}",
        '{"type": "income", "v": [' + ",".join(["0"] * 2500) + "]}",
        "{",
    ],
)
def test_unclean_json_is_refused(text):
    with pytest.raises(MalformedAction):
        parse_json_text(text, max_chars=20_000)


def test_clean_json_is_kept():
    text = '{"type": "exchange", "keep": ["duchesse", "capitaine"], "n": 3, "ok": true}'
    assert parse_json_text(text, max_chars=2000)["keep"] == ["duchesse", "capitaine"]
    assert parse_json_text("[" * MAX_DEPTH + "]" * MAX_DEPTH, max_chars=2000) is not None


def test_the_value_walk_does_not_recurse():
    deep = {"type": "income"}
    node = deep
    for _i in range(100_000):  # far deeper than Python's recursion limit
        node["v"] = {}
        node = node["v"]
    with pytest.raises(MalformedAction):
        check_json_value(deep)


@pytest.mark.django_db
def test_a_deeply_nested_action_through_the_service_is_refused(alice, bob):
    game = make_game([alice, bob], kind="complots")
    deep = {"type": "income"}
    node = deep
    for _i in range(330):
        node["v"] = [{}]
        node = node["v"][0]
    with pytest.raises(MalformedAction):
        services.action_submit(game_id=game.pk, user=alice, action=deep, expected_seq=1)
    assert Event.objects.filter(game=game).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
@pytest.mark.parametrize(
    "raw",
    [
        "[" * 960 + "]" * 960,
        '{"type": "income", "v": ' + "[" * 330 + "]" * 330 + "}",
        '{"type": "income", "target": "\\ud800"}',
        '{"type": "income", "target": "\\u0000"}',
    ],
)
def test_a_deep_or_unclean_action_is_a_clear_refusal_through_the_view(
    client, alice, bob, raw, htmx
):
    game = make_game([alice, bob], kind="complots")
    before = Game.objects.get(pk=game.pk)
    client.force_login(alice)
    response = client.post(
        url("act", game),
        {"action": raw, "expected_seq": game.state_seq},
        **(HTMX if htmx else {}),
    )
    if htmx:
        assert response.status_code == 200
        assert "This action could not be read." in response.content.decode()
    else:
        assert response.status_code == 302
        page = client.get(response["Location"]).content.decode()
        assert "This action could not be read." in page
    after = Game.objects.get(pk=game.pk)
    assert (after.state_seq, after.state) == (before.state_seq, before.state)
    assert Event.objects.filter(game=game).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("orders", [["pass"] * 33, ["x" * 65], [["pass"]], "pass"])
def test_standing_orders_are_bounded(alice, bob, orders):
    from games.table.models import Seat

    game = make_game([alice, bob], kind="complots")
    with pytest.raises(MalformedAction):
        services.standing_orders_set(game_id=game.pk, user=alice, orders=orders)
    assert Seat.objects.get(game=game, user=alice).standing_orders == []


@pytest.mark.django_db
def test_a_nul_in_a_player_id_is_a_refusal_not_a_database_error(client, alice, bob, carol):
    """PostgreSQL text cannot hold NUL: a player id with one is refused before any query."""
    from games.clock import votes
    from games.clock.models import DeadlineVote
    from games.table.models import ChatMessage

    game = make_game([alice, bob, carol], kind="intrigue", min_seats=3, max_seats=3)
    with pytest.raises(votes.VoteRefused):
        votes.vote_cast(
            game_id=game.pk, user=bob, target_player_id="p1\x00", kind="skip", expected_seq=1
        )
    client.force_login(bob)
    response = client.post(
        url("clock:vote", game),
        {"target": "\x00", "kind": "skip", "seq": game.state_seq},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 400 and "error" in response.json()
    assert not DeadlineVote.objects.exists()
    with pytest.raises(services.ChatInvalid):  # Intrigue has private lines
        services.chat_post(game_id=game.pk, user=bob, text="hello", to="p1\x00")
    response = client.post(url("chat", game), {"text": "hello", "to": "p\x00"}, **HTMX)
    assert response.status_code == 200 and "flash-error" in response.content.decode()
    assert not ChatMessage.objects.filter(game=game).exists()
