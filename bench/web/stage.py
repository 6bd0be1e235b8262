"""The web benchmark's site: its environment, database, games and the uvicorn process.

The site runs as the README deploys it: uvicorn, PostgreSQL (`bench_web`, created and
migrated here), Redis, DEBUG off, a SECRET_KEY, collected static files. The client speaks
to it as the TLS proxy would (`X-Forwarded-Proto: https`), so the secure cookies and the
CSRF origin check are the production ones.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PORT = int(os.environ.get("BENCH_PORT", "8765"))
BASE = f"http://127.0.0.1:{PORT}"
CSRF = "b" * 32  # an unmasked CSRF secret, sent as cookie and header alike


def site_env() -> dict:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE="complots_site.settings",
        DEBUG="0",
        SECRET_KEY="bench-web-" + "k" * 50,
        ALLOWED_HOSTS="127.0.0.1",
        DATABASE_URL=os.environ.get(
            "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_web"
        ),
        REDIS_URL=os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/14"),
        CACHE_KEY_PREFIX="bench_web",
        STATIC_ROOT=str(ROOT / "var" / "bench_web_static"),
        BENCH_VIEWS="1",
        LOG_LEVEL="WARNING",
        SECURE_HSTS_SECONDS="0",
    )
    return env


def setup_django() -> None:
    os.environ.update(site_env())
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def ensure_database() -> None:
    """Create the `bench_web` database afresh (a run measures what it builds, not what the
    runs before it left: the lobby's rows would pile up) and empty its Redis database,
    migrate, collect the static files. Both are the benchmark's own (`BENCH_DATABASE_URL`,
    `BENCH_REDIS_URL`): nothing else may live in them."""
    import psycopg
    from django.conf import settings
    from django.core.management import call_command

    db = settings.DATABASES["default"]
    with psycopg.connect(
        host=db["HOST"], port=db["PORT"] or 5432, user=db["USER"], dbname="postgres",
        autocommit=True,
    ) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db["NAME"]}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{db["NAME"]}"')
    # Its Redis database too: the caches name games by id and version, which a new
    # database gives again.
    import redis

    redis.Redis.from_url(settings.REDIS_URL).flushdb()
    call_command("migrate", verbosity=0, interactive=False)
    call_command("collectstatic", verbosity=0, interactive=False)


def user(name: str):
    from django.contrib.auth import get_user_model

    found, _ = get_user_model().objects.get_or_create(
        username=name, defaults={"email": f"{name}@bench.invalid"}
    )
    return found


def session_cookie(account) -> str:
    """A logged-in session's Cookie header (the secure cookies are set by hand: plain HTTP)."""
    from django.test import Client

    client = Client()
    client.force_login(account)
    return f"sessionid={client.cookies['sessionid'].value}; csrftoken={CSRF}"


def headers(cookie: str | None = None, htmx: bool = False) -> dict:
    out = {
        "Host": f"127.0.0.1:{PORT}",  # the site's own address, also when a process is asked
        "X-Forwarded-Proto": "https",
        "Origin": f"https://127.0.0.1:{PORT}",
        "Referer": f"https://127.0.0.1:{PORT}/",
        "X-CSRFToken": CSRF,
        "Cookie": cookie or f"csrftoken={CSRF}",
    }
    if htmx:
        out["HX-Request"] = "true"
    return out


def running_game(players, rng: random.Random, moves: int = 0):
    """A public, running Complots game of `players`, after `moves` random moves."""
    from games.clock import bookkeeping
    from games.table import services

    bookkeeping.TIMER_MAX_COUNTDOWN = -1  # the bench process schedules no countdown tasks
    game = services.game_create(host=players[0], kind="complots", max_seats=len(players))
    for account in players[1:]:
        services.seat_join(game_id=game.pk, user=account)
    services.game_start(game_id=game.pk, user=players[0])
    for _ in range(moves):
        if not random_move(game.pk, players, rng):
            break
    game.refresh_from_db()
    return game


def pick_move(game, rng: random.Random, only_player=None):
    """(player id, action) of a random legal move (resign left out), or None."""
    from games.engines import get_engine

    if game.status != "running":
        return None
    engine = get_engine(game.kind)
    state = engine.load(game.state)
    waiting = list(engine.waiting_for(state))
    if only_player is not None:
        waiting = [p for p in waiting if p == only_player]
    if not waiting:
        return None
    player = rng.choice(waiting)
    actions = [a for a in engine.legal_actions(state, player) if a["type"] != "resign"]
    return (player, rng.choice(actions)) if actions else None


def random_move(game_id: int, players, rng: random.Random) -> bool:
    from games.table import services
    from games.table.models import Game

    game = Game.objects.get(pk=game_id)
    picked = pick_move(game, rng)
    if picked is None:
        return False
    by_player = {s.player_id: s.user for s in game.seats.select_related("user")}
    services.action_submit(
        game_id=game_id, user=by_player[picked[0]], action=picked[1], expected_seq=game.state_seq
    )
    return True


def long_log(game, moderator, events: int) -> None:
    """Append moderation notes (deadline extensions) until the log holds `events` events:
    public log lines that leave the engine state alone, as a moderator would write them."""
    from django.db import transaction

    from games.table.models import Event, Game
    from games.table.signals import game_changed_send

    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        first = game.state_seq + 1
        count = max(0, events - game.state_seq)
        Event.objects.bulk_create(
            Event(
                game=game,
                seq=first + i,
                kind="moderation",
                action={
                    "type": "extend_deadline", "moderator": moderator.get_username(),
                    "reason": "bench", "hours": 1,
                },
                reason="extend_deadline",
            )
            for i in range(count)
        )
        game.state_seq = first + count - 1
        game.revision += count
        # as every writer of the log does: the clock's bookkeeping sees the change
        game_changed_send(game, saving=False)
        game.save(update_fields=["state_seq", "revision"])


class Server:
    """`uvicorn complots_site.asgi:application` on 127.0.0.1:PORT, one worker."""

    def __init__(self):
        self.proc = None

    def __enter__(self):
        self.proc = subprocess.Popen(
            [str(ROOT / ".venv" / "bin" / "uvicorn"), "complots_site.asgi:application",
             "--host", "127.0.0.1", "--port", str(PORT), "--log-level", "warning",
             "--proxy-headers", "--no-access-log"],
            cwd=ROOT, env=site_env(), start_new_session=True,
        )
        for _ in range(150):
            try:
                request = urllib.request.Request(
                    f"{BASE}/bench/minimal/", headers={"X-Forwarded-Proto": "https"}
                )
                urllib.request.urlopen(request, timeout=2)
                return self
            except Exception:
                if self.proc.poll() is not None:
                    raise RuntimeError("uvicorn stopped") from None
                time.sleep(0.2)
        raise RuntimeError("uvicorn did not answer")

    def __exit__(self, *exc):
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0


AMBASSADEUR = {"type": "power", "character": "ambassadeur"}


def next_mover(engine, state):
    """(the first player awaited, their legal moves but resigning), or None when no one can
    move."""
    waiting = list(engine.waiting_for(state))
    if not waiting:
        return None
    player = waiting[0]
    legal = [a for a in engine.legal_actions(state, player) if a.get("type") != "resign"]
    return (player, legal) if legal else None


def long_policy(legal, rng: random.Random):
    """A Complots game that never ends: the player to act claims the Ambassadeur and
    exchanges, everyone passes the windows (challenge, block); other games: a random move
    that does not resign."""
    for action in legal:
        if action.get("type") == "power" and action.get("character") == "ambassadeur":
            return action
    for kind in ("pass", "exchange"):
        for action in legal:
            if action.get("type") == kind:
                return action
    return rng.choice(legal)


# The moves of a long game played one at a time through `services.action_submit` at its
# end (all of them when the game is shorter); those before are applied in bulk (`bulk_moves`).
SERVICE_TAIL = 20


def bulk_moves(game_id: int, moves: int, rng: random.Random) -> int:
    """Play up to `moves` moves of `long_policy` on the engine and write them as the play
    service does, in one transaction: one `action` event a move (its seat, the action as
    played, seq after seq), the revision bumped once a move, then the service's own
    `store_state` once for the last state (state dump, deadline, seats, records and the
    result if the game ends, the clock's bookkeeping) and its change notice. What differs
    from playing them one by one: the state's dump, the clock's bookkeeping and the notice
    are written for the last move only, as after a burst of standing-order moves. Returns
    the moves played."""
    from django.db import transaction
    from django.utils import timezone

    from games.table import live
    from games.table.models import Event, Game
    from games.table.services import common

    with transaction.atomic():
        game = common.lock_game(game_id)
        engine = common.engine_for(game.kind)
        seats = {s.player_id: s for s in game.seats.all()}
        state = engine.load(game.state)
        seq = game.state_seq
        events = []
        while len(events) < moves and game.status == Game.Status.RUNNING:
            if engine.outcome(state) is not None:
                break
            mover = next_mover(engine, state)
            if mover is None:
                break
            player, legal = mover
            action = json.loads(json.dumps(long_policy(legal, rng)))
            state = engine.apply(state, player, action)
            seq += 1
            events.append(
                Event(game=game, seq=seq, seat=seats[player], kind=Event.Kind.ACTION,
                      action=action, reason="")
            )  # fmt: skip
        if not events:
            return 0
        Event.objects.bulk_create(events)
        game.revision += len(events) - 1  # store_state adds the last move's
        game._new_event = events[-1]
        common.store_state(game, engine, state, seq=seq, now=timezone.now())
        live.publish_on_commit(game)
    return len(events)


def played_game(players, kind: str, moves: int, rng: random.Random, options=None,
                bulk: bool = True):
    """A public game of `kind` with `players` seated, after up to `moves` moves: Complots
    with `long_policy`, others at random until they end. The last SERVICE_TAIL moves are
    played one by one through the site's services (the log, its digest and the clock as in
    play); with `bulk`, those before them are written by `bulk_moves` (a long game's log
    is then built in seconds instead of minutes: the service dumps the whole state at each
    move); without, every move goes through the services."""
    from games.clock import bookkeeping
    from games.engines import get_engine
    from games.table import services
    from games.table.models import Game

    bookkeeping.TIMER_MAX_COUNTDOWN = -1
    game = services.game_create(
        host=players[0], kind=kind, min_seats=len(players), max_seats=len(players),
        options=options,
    )
    for account in players[1:]:
        services.seat_join(game_id=game.pk, user=account)
    services.game_start(game_id=game.pk, user=players[0])
    by_player = {s.player_id: s.user for s in game.seats.select_related("user")}
    engine = get_engine(kind)
    if bulk and moves > SERVICE_TAIL:
        # the moves the game has left (Intrigue ends), tried on the engine first
        ahead = _rehearse(engine, Game.objects.get(pk=game.pk), rng, moves)
        if ahead > SERVICE_TAIL:
            moves -= bulk_moves(game.pk, ahead - SERVICE_TAIL, rng)
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != "running":
            break
        state = engine.load(game.state)
        mover = next_mover(engine, state)
        if mover is None:
            break
        player, legal = mover
        services.action_submit(
            game_id=game.pk, user=by_player[player], action=long_policy(legal, rng),
            expected_seq=game.state_seq,
        )  # fmt: skip
    game.refresh_from_db()
    return game


def _rehearse(engine, game, rng: random.Random, horizon: int) -> int:
    """How many moves (up to `horizon`) the game has left, tried on a copy of `rng`."""
    trial = random.Random()
    trial.setstate(rng.getstate())
    state = engine.load(game.state)
    for played in range(horizon):
        waiting = list(engine.waiting_for(state)) if engine.outcome(state) is None else []
        if not waiting:
            return played
        legal = [a for a in engine.legal_actions(state, waiting[0]) if a.get("type") != "resign"]
        if not legal:
            return played
        state = engine.apply(state, waiting[0], long_policy(legal, trial))
    return horizon


def open_table(host, kind="complots", seats=3):
    from games.table import services

    return services.game_create(host=host, kind=kind, min_seats=seats, max_seats=seats)
