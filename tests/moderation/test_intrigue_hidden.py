"""The real Intrigue engine in the moderators' room: a moderator without
moderation.view_hidden_information never reads a player's money of a running game (game
list, change page, timeline, event and seat pages, the moderation form), whatever it is;
bribes are public and may show. One with the permission reads it in the cached state. A
moderator can take an Intrigue player out (the engine's resign): the game goes on."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from games.engines import get_engine
from games.table import replay, services
from games.table.models import Event, Game, Seat

pytestmark = pytest.mark.django_db

ENGINE = get_engine("intrigue")
# Round 2, alice hosts bob's physician and carol's chemist in stage 1; carol's writer sits
# at alice's (carol earns 1,000 a turn), alice's cleric at bob's 6,000.
SETUP = {
    "round": 2,
    "money": {"p1": 47000, "p2": 58000, "p3": 69000},
    "castles": {"p1": {"1000": ["p3", "ecrivain-1"]}, "p2": {"6000": ["p1", "religieux-1"]}},
    "waiting": {"p1": [["p2", "medecin-1"], ["p3", "chimiste-1"]]},
}


def intrigue_game(alice, bob, carol):
    game = services.game_create(
        host=alice,
        kind="intrigue",
        options={"setup": SETUP},
        min_seats=3,
        max_seats=3,
        time_control="corr-1d",
        allow_setup=True,
    )
    for user in (bob, carol):
        services.seat_join(game_id=game.pk, user=user)
    game = services.game_start(game_id=game.pk, user=alice)
    users = {"p1": alice, "p2": bob, "p3": carol}
    # a bribe offered and accepted (public, paid at once), another offered and refused
    for player, action in [
        ("p2", {"type": "offer", "amount": 4, "slot": 10000}),
        ("p3", {"type": "offer", "amount": 2}),
        ("p1", {"type": "accept", "from": "p2"}),
        ("p1", {"type": "refuse", "from": "p3"}),
    ]:
        game.refresh_from_db()
        services.action_submit(
            game_id=game.pk, user=users[player], action=action, expected_seq=game.state_seq
        )
    game.refresh_from_db()
    return game


def spellings(ducats):
    """Every way a page could write an amount of ducats."""
    thousands, rest = divmod(ducats, 1000)
    return {
        str(ducats),
        f"{ducats:,}",
        f"{thousands}\u202f{rest:03d}",
        f"{thousands}\xa0{rest:03d}",
        f"{thousands} {rest:03d}",
        f"{thousands}.{rest:03d}",
    }


def written(text, html):
    """`text` as a number of its own in the page (not inside a longer token)."""
    return re.search(r"(?<![\w.,])" + re.escape(text) + r"(?![\w])", html) is not None


def admin_pages(client, game):
    urls = [
        reverse("admin:games_game_changelist"),
        reverse("admin:games_game_changelist") + f"?q={game.pk}",
        reverse("admin:games_game_change", args=[game.pk]),
        reverse("admin:games_game_timeline", args=[game.pk]),
        reverse("admin:games_game_moderate", args=[game.pk]),
        reverse("admin:games_event_changelist"),
        reverse("admin:games_seat_changelist"),
    ]
    urls += [reverse("admin:games_event_change", args=[e.pk]) for e in game.events.all()]
    urls += [reverse("admin:games_seat_change", args=[s.pk]) for s in game.seats.all()]
    pages = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        pages[url] = re.sub(
            r'name="csrfmiddlewaretoken" value="[^"]*"', "", response.content.decode()
        )
    return pages


def test_no_admin_page_shows_the_money_of_a_running_intrigue_game(
    moderator, seer, alice, bob, carol
):
    game = intrigue_game(alice, bob, carol)
    assert game.status == Game.Status.RUNNING
    money = game.state["money"]
    # alice: 47,000 + her cleric's 6,000 at bob's (her income) + bob's 4,000
    assert money == [47000 + 6000 + 4000, 58000 - 4000, 69000]
    client = Client()
    client.force_login(moderator)
    pages = admin_pages(client, game)
    for url, html in pages.items():
        for amount in [*money, 47000, 58000]:
            for text in spellings(amount):
                assert not written(text, html), (url, text)
    timeline = pages[reverse("admin:games_game_timeline", args=[game.pk])]
    assert "4,000 ducats" in timeline  # the accepted bribe is public
    assert "Spectator view and public log only." in timeline
    # the pages do not depend on the money at all: change it, nothing changes
    Game.objects.filter(pk=game.pk).update(state={**game.state, "money": [1000, 2000, 3000]})
    again = admin_pages(client, game)
    for url, html in pages.items():
        assert again[url] == html, url
    Game.objects.filter(pk=game.pk).update(state=game.state)

    # with the permission, the cached state (and the rigged options) show it
    client.force_login(seer)
    change = client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert written(str(money[0]), change) and written(str(money[2]), change)


def test_a_moderator_takes_an_intrigue_player_out(mod_client, alice, bob, carol):
    game = intrigue_game(alice, bob, carol)
    # stage 1 goes on: alice must place; carol (refused) may offer again
    assert set(game.seats.filter(to_act=True).values_list("player_id", flat=True)) == {
        "p1",
        "p3",
    }
    seat = game.seats.get(user=carol)
    seq = game.state_seq
    response = mod_client.post(
        reverse("admin:games_game_moderate", args=[game.pk]),
        {"action": "kick_out", "seat": seat.pk, "reason": "Abusive chat"},
    )
    assert response.status_code == 302
    game.refresh_from_db()
    seat.refresh_from_db()
    assert seat.status == Seat.Status.LEFT and not seat.to_act
    assert game.status == Game.Status.RUNNING
    events = list(Event.objects.filter(game=game, seq__gt=seq).order_by("seq"))
    assert [(e.kind, e.reason, e.action["type"]) for e in events] == [
        ("moderation", "kick_out", "kick_out"),
        ("system", "moderation", "resign"),
    ]
    view = ENGINE.view(ENGINE.load(game.state), None)
    assert next(p for p in view["players"] if p["id"] == "p3")["resigned"]
    assert ENGINE.waiting_for(ENGINE.load(game.state)) == ["p1"]
    assert replay.replay_mismatch(game) is None
