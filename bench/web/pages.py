"""Requests/s of the game page, panel, poll and lobby as ratios to a minimal logged-in view.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench REDIS_URL=redis://127.0.0.1:6379/0 \
        .venv/bin/python bench/web/pages.py --seconds 5
    PROFILE=/games/ID/,/games/ SORT=tottime .venv/bin/python bench/web/pages.py  # cProfile

Same process, same middleware, Django's test Client, DEBUG off, on a throwaway test
database (created, then destroyed). The minimal view is `tests.accounts.minimal_urls`'s
(a logged-in user and their profile's display name). Also prints the cached state's size
and a move's cost in a short and a long game (a 1,000-event game of the tests' `counting`
engine), and the cost of a 1,000-event game page over a 10-event one.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.test_settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402

settings.DEBUG = False
settings.ROOT_URLCONF = "tests.accounts.minimal_urls"
settings.ALLOWED_HOSTS = ["testserver"]


def rate(client, path, seconds):
    client.get(path)
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        response = client.get(path)
        assert response.status_code in (200, 204), (path, response.status_code)
        n += 1
    return n / (time.perf_counter() - start)


def play(game, n, rng, engine, choose):
    from games.table import services
    from games.table.models import Game

    by_player = {s.player_id: s.user for s in game.seats.select_related("user")}
    times = []
    for _ in range(n):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        state = engine.load(game.state)
        player = engine.waiting_for(state)[0]
        legal = [a for a in engine.legal_actions(state, player) if a.get("type") != "resign"]
        start = time.perf_counter()
        services.action_submit(
            game_id=game.pk,
            user=by_player[player],
            action=choose(legal, rng),
            expected_seq=game.state_seq,
        )
        times.append(time.perf_counter() - start)
    game.refresh_from_db()
    return times


def calm(legal, rng):
    quiet = [a for a in legal if a.get("type") in ("income", "pass", "add")]
    return quiet[0] if quiet else rng.choice(legal)


def run(seconds):
    from django.contrib.auth import get_user_model
    from django.test import Client

    from games.clock import bookkeeping
    from games.engines import get_engine, registry
    from games.table import services
    from tests.table.counting_engine import ENGINE as COUNTING

    bookkeeping.TIMER_MAX_COUNTDOWN = -1
    registry._INSTANCES["counting"] = COUNTING
    rng = random.Random(1)
    User = get_user_model()
    users = [User.objects.create_user(f"u{i}", password="x") for i in range(8)]
    for u in users:
        u.profile.display_name = u.username.upper()
        u.profile.save()

    def new(kind, n, **kw):
        game = services.game_create(host=users[0], kind=kind, max_seats=n, allow_setup=True, **kw)
        for user in users[1:n]:
            services.seat_join(game_id=game.pk, user=user)
        services.game_start(game_id=game.pk, user=users[0])
        game.refresh_from_db()
        return game

    complots = get_engine("complots")
    short_c = new("complots", 4)
    play(short_c, 10, rng, complots, calm)
    long_c = new("complots", 6)
    t_long_c = play(long_c, 400, rng, complots, calm)
    counting = COUNTING
    short = new("counting", 2, options={"target": 1000})
    t_short = play(short, 10, rng, counting, calm)
    long = new("counting", 2, options={"target": 1000})
    t_long = play(long, 1000, rng, counting, calm)
    for _ in range(16):
        services.game_create(host=users[1], kind="complots", max_seats=6)

    def size(g):
        return len(json.dumps(g.state))

    print(
        f"state JSON: complots {short_c.state_seq} events {size(short_c)} B, "
        f"{long_c.state_seq} events {size(long_c)} B; counting {short.state_seq} events "
        f"{size(short)} B, {long.state_seq} events {size(long)} B"
    )
    ms = lambda ts: 1000 * sorted(ts)[len(ts) // 2]  # noqa: E731
    print(
        f"move (median): counting first 10 {ms(t_short):.1f} ms, "
        f"last 100 of {long.state_seq} events {ms(t_long[-100:]):.1f} ms; "
        f"complots last 20 of {long_c.state_seq} events {ms(t_long_c[-20:]):.1f} ms"
    )

    if os.environ.get("PROFILE"):
        profile_paths(os.environ["PROFILE"].replace("ID", str(short_c.pk)).split(","), 10)
        return
    client = Client()
    client.force_login(users[0])
    base = rate(client, "/minimal/", seconds)
    rows = [
        ("game page (player, complots 4p)", f"/games/{short_c.pk}/"),
        ("panel (player, complots 4p)", f"/games/{short_c.pk}/panel/"),
        ("poll /changed/", f"/games/{short_c.pk}/changed/?since=-1"),
        ("lobby (17 open games)", "/games/"),
        (f"game page complots {long_c.state_seq} events", f"/games/{long_c.pk}/"),
        (f"game page counting {short.state_seq} events", f"/games/{short.pk}/"),
        (f"game page counting {long.state_seq} events", f"/games/{long.pk}/"),
        (f"panel counting {long.state_seq} events", f"/games/{long.pk}/panel/"),
    ]
    print(f"minimal logged-in view: {base:.0f} req/s")
    rates = {}
    for name, path in rows:
        # interleaved with the minimal view, so that a busy machine weighs on both alike
        page_n = base_n = 0.0
        for _ in range(4):
            base_n += rate(client, "/minimal/", seconds / 4)
            page_n += rate(client, path, seconds / 4)
        rates[name] = page_n / 4
        print(f"{name:42s} {rates[name]:7.0f} req/s  ratio {page_n / base_n:.2f}")
    a = rates[f"game page counting {short.state_seq} events"]
    b = rates[f"game page counting {long.state_seq} events"]
    print(f"1,000-event page cost / 10-event page cost: {a / b:.2f}x")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3)
    args = parser.parse_args()
    old = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        run(args.seconds)
    finally:
        connection.creation.destroy_test_db(old, verbosity=0)


def profile_paths(paths, n=20):
    import cProfile
    import pstats

    from django.contrib.auth import get_user_model
    from django.test import Client

    client = Client()
    client.force_login(get_user_model().objects.get(username="u0"))
    for path in paths:
        client.get(path)
        prof = cProfile.Profile()
        prof.enable()
        for _ in range(n):
            client.get(path)
        prof.disable()
        print("=====", path)
        pstats.Stats(prof).sort_stats(os.environ.get("SORT", "cumulative")).print_stats(
            int(os.environ.get("TOP", "45"))
        )


if __name__ == "__main__":
    main()
