"""Query budgets of the pages: each page runs a fixed number of queries, whatever the number
of seats, of games listed, the length of the game or the players' history. Each test builds
a small and a large case, asserts the budget on both and that both cost the same."""

from __future__ import annotations

import random

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.engines import get_engine
from games.table import services
from games.table.models import Game

from .factories import NAMES, make_game
from .web_helpers import url

pytestmark = pytest.mark.django_db

# kind: (fewest seats, most seats)
SEATS = {"complots": (2, 6), "regicide": (1, 4), "intrigue": (3, 5)}
# A logged-in request costs one query (user and profile; the session comes from the cache).
BUDGET = {
    "detail": 6,  # 5, and the votes cast when a vote is open against an absent seat
    # (and, not in these games, one for the viewer's standing orders' moves once they played)
    "panel": 4,  # the page without its chat
    "changed": 2,
    "lobby": 6,  # 4, and the ratings: the hosts' reliability, the tables' conditions
    "player": 8,  # 3, tutorials finished, ratings, history, records, reliability
    "profile": 1,
}


def count(client, path, *, status=200, show=False) -> int:
    client.get(path)  # warm: sessions, caches
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    assert response.status_code == status, path
    if show:
        for q in ctx.captured_queries:
            print(q["sql"][:300])
    return len(ctx)


def budget(name, counts):
    """Every count within the page's budget, and all the same."""
    print(name, counts)
    assert max(counts) <= BUDGET[name], (name, counts)
    assert len(set(counts)) == 1, (name, counts)


@pytest.fixture(autouse=True)
def still_clock():
    """The clock stands still: on a loaded machine a live deadline could pass between two
    pages, and an overdue seat rightly costs the page its vote queries."""
    with time_machine.travel(timezone.now(), tick=False):
        yield


@pytest.fixture
def people(make_user):
    return [make_user(name, display_name=name.title()) for name in NAMES]


@pytest.fixture
def spectator(make_user):
    return make_user("watcher", display_name="Watcher")


PATIENT = ("income", "pass", "allow", "no_challenge")


def patient(legal, rng):
    """A move that makes the game last: income or letting things pass when possible."""
    calm = [a for a in legal if a.get("type") in PATIENT]
    return (calm or legal)[0] if calm else rng.choice(legal)


def play_moves(game, n, rng, choose=None):
    """Up to `n` legal moves, random by default (never a resignation)."""
    engine = get_engine(game.kind)
    for _ in range(n):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        state = engine.load(game.state)
        waiting = list(engine.waiting_for(state))
        player = waiting[0]
        legal = [a for a in engine.legal_actions(state, player) if a.get("type") != "resign"]
        seat = game.seats.select_related("user").get(player_id=player)
        action = choose(legal, rng) if choose else rng.choice(legal)
        services.action_submit(
            game_id=game.pk, user=seat.user, action=action, expected_seq=game.state_seq
        )
    game.refresh_from_db()
    return game


def finish(game, rng, limit=2000):
    play_moves(game, limit, rng)
    assert game.status == Game.Status.FINISHED
    return game


@pytest.mark.parametrize("kind", sorted(SEATS))
def test_game_page_panel_and_poll_do_not_grow_with_the_seats(client, people, spectator, kind):
    low, high = SEATS[kind]
    games = [make_game(people[:n], kind=kind, min_seats=low) for n in (low, high)]
    rng = random.Random(1)
    for game in games:
        play_moves(game, 3, rng)
    for viewer in (people[0], spectator):
        client.force_login(viewer)
        for name, path in (("detail", ""), ("panel", "panel"), ("changed", "changed")):
            paths = [url(path or "detail", g) for g in games]
            budget(name, [count(client, p) for p in paths])


def test_game_page_does_not_grow_with_the_length_of_the_game(client, people, spectator):
    rng = random.Random(2)
    short = play_moves(make_game(people[:3], kind="complots"), 10, rng, patient)
    long = play_moves(make_game(people[2:8], kind="complots"), 120, rng, patient)
    assert short.state_seq <= 12 and long.state_seq > 100
    assert long.status == Game.Status.RUNNING
    for viewer in (spectator,):
        client.force_login(viewer)
        for name, path in (("detail", ""), ("panel", "panel"), ("changed", "changed")):
            budget(name, [count(client, url(path or "detail", g)) for g in (short, long)])
    client.force_login(people[0])
    budget("detail", [count(client, url("detail", short))])
    client.force_login(people[2])
    budget("detail", [count(client, url("detail", long))])


def test_a_page_with_votes_open_does_not_grow_with_the_seats(client, people):
    """A seat past its deadline: the other players' page offers the votes against it (and
    reads the votes cast), whatever the number of seats."""
    from games.clock.models import GameClock

    rng = random.Random(5)
    games = [play_moves(make_game(people[:n], kind="complots"), 3, rng) for n in (3, 6)]
    paths = []
    viewers = []
    for game in games:
        engine = get_engine(game.kind)
        waiting = set(engine.waiting_for(engine.load(game.state)))
        GameClock.objects.filter(game=game).update(
            deadline_at=timezone.now() - timezone.timedelta(hours=1)
        )
        viewer = next(s for s in game.seats.select_related("user") if s.player_id not in waiting)
        viewers.append(viewer.user)
        paths.append(url("detail", game))
    counts = []
    for viewer, path in zip(viewers, paths, strict=True):
        client.force_login(viewer)
        assert b"vote" in client.get(path).content
        counts.append(count(client, path))
    budget("detail", counts)


def test_game_page_does_not_grow_with_the_chat(client, people):
    """Chat lines of several players, hidden ones and private lines included: the page and
    its chat fragment cost the same with 2 lines as with 40."""
    from games.table.models import ChatMessage

    def lines(game, n):
        seats = list(game.seats.select_related("user").order_by("position"))
        ChatMessage.objects.bulk_create(
            ChatMessage(
                game=game,
                seat=seats[i % len(seats)],
                user=seats[i % len(seats)].user,
                text=f"line {i}",
                hidden=i % 7 == 3,
                # a private line now and then, to the viewer or between two others
                recipient=(
                    seats[(i + 1) % len(seats)].user
                    if game.kind == "intrigue" and i % 5 == 0
                    else None
                ),
            )
            for i in range(n)
        )

    for kind in ("complots", "intrigue"):
        small, large = (make_game(people[:4], kind=kind, min_seats=3) for _ in range(2))
        lines(small, 2)
        lines(large, 40)
        client.force_login(people[0])
        budget("detail", [count(client, url("detail", g)) for g in (small, large)])
        chat = [count(client, reverse("games:chat", args=[g.pk])) for g in (small, large)]
        assert chat[0] == chat[1], chat


def test_game_page_does_not_grow_with_the_players_history(client, people, spectator):
    rng = random.Random(3)
    fresh = make_game(people[:2], kind="complots")
    for _ in range(3):
        finish(make_game(people[2:4], kind="complots"), rng)
    veteran = make_game(people[2:4], kind="complots")
    finished = finish(make_game(people[4:6], kind="complots"), rng)
    client.force_login(spectator)
    budget("detail", [count(client, url("detail", g)) for g in (fresh, veteran)])
    budget("panel", [count(client, url("panel", g)) for g in (fresh, veteran)])
    # a finished game (no deadlines to count) costs no more
    budget("detail", [count(client, url("detail", finished))])


def test_lobby_does_not_grow_with_the_games_listed(client, people):
    client.force_login(people[0])
    services.game_create(host=people[1], kind="complots", max_seats=6)
    make_game([people[0], people[7]], kind="complots")
    one = count(client, reverse("games:lobby"))
    for i in range(16):
        game = services.game_create(host=people[1 + i % 6], kind="complots", max_seats=6)
        services.seat_join(game_id=game.pk, user=people[(i + 2) % 8])
        mine = make_game([people[0], people[1 + i % 7]], kind="complots")
        assert mine.status == Game.Status.RUNNING
    budget("lobby", [one, count(client, reverse("games:lobby"))])


def test_profiles_do_not_grow_with_the_history(client, people):
    rng = random.Random(4)
    client.force_login(people[0])
    before = [
        count(client, reverse("games:player", args=[people[2].username])),
        count(client, reverse("accounts:profile")),
    ]
    for _ in range(3):
        finish(make_game([people[0], people[2]], kind="complots"), rng)
    finish(make_game([people[0], people[2]], kind="regicide"), rng)
    after = [
        count(client, reverse("games:player", args=[people[2].username])),
        count(client, reverse("accounts:profile")),
    ]
    budget("player", [before[0], after[0]])
    budget("profile", [before[1], after[1]])
