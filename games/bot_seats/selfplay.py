"""Games of bots through the services, for load tests and benchmarks of the live table.

    from games.bot_seats.selfplay import bot_games_play
    games = bot_games_play(count=50, kind=game_kind, players=4, seed="load-1")

Each game is a table hosted by a bot account and filled with bots (``levels``: one level
per seat, cycled; default: every level of the game in turn), its seed fixed from ``seed``
and the game's number (so the deals and every bot choice repeat from run to run), then
started through ``game_start``. ``mode``:

- ``"inline"`` (default): this thread plays every game to its end, one move at a time
  through ``bot_move_apply`` (so ``action_submit``, locks, events, live notices and the
  clock's bookkeeping all run as for players), the Celery scheduling of bot moves paused.
  Returns a ``SelfPlay`` per game (id, moves, seconds).
- ``"tasks"``: the games are only started: the bots' Celery tasks play them, with their
  human-like delays, on the workers (a live-table load of ``count`` games at once).

Needs a database (any Django process: a bench script calls ``django.setup()`` first).
"""

from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from django.db import transaction

from games.bot_seats import moves, pool
from games.bot_seats.services import bot_seat_add
from games.bots import available_levels
from games.engines.base import SeededRandom, seed_to_key
from games.table.models import Game, Seat, TimeControl, seed_commitment
from games.table.services import game_create, game_start


@dataclass(frozen=True)
class SelfPlay:
    game_id: int
    moves: int
    seconds: float
    finished: bool


def _seed_hex(seed, number) -> str:
    return hashlib.sha256(f"selfplay\x00{seed}\x00{number}".encode()).hexdigest()


def bot_table(
    *, kind, players, levels, seed_hex, time_control=TimeControl.DEFAULT, rated=False
) -> Game:
    """An open table of bots with the given seed, not started yet (`rated`: the host asks
    for a rated game, which counts only where bots are rated: the ratings' bench)."""
    host = pool.free_account(levels[0], taken_user_ids=()).user
    with transaction.atomic():
        game = game_create(
            host=host,
            kind=kind,
            min_seats=players,
            max_seats=players,
            time_control=time_control,
            rated=rated,
        )
        Game.objects.filter(pk=game.pk).update(seed=seed_hex, commitment=seed_commitment(seed_hex))
        for index in range(1, players):
            bot_seat_add(game_id=game.pk, user=host, level=levels[index % len(levels)])
    return game


def _play_inline(game: Game, order: SeededRandom, limit: int) -> int:
    played = 0
    while played < limit:
        waiting = list(
            Seat.objects.filter(game_id=game.pk, to_act=True, game__status=Game.Status.RUNNING)
            .order_by("position")
            .values_list("player_id", "game__state_seq")
        )
        if not waiting:
            return played
        player, seq = waiting[order.below(len(waiting))]
        result = moves.bot_move_apply(game.pk, player, seq, attempt=1)
        if result != "played":
            raise RuntimeError(f"game {game.pk}: the bot of {player} did not play ({result})")
        played += 1
    return played


def bot_games_play(
    *,
    count: int,
    kind: str,
    players: int = 4,
    levels=None,
    seed="selfplay",
    mode: str = "inline",
    time_control: str = TimeControl.DEFAULT,
    max_moves: int = 5000,
    rated: bool = False,
) -> list[SelfPlay]:
    """Play (or start, ``mode="tasks"``) ``count`` seeded games of bots; see the module."""
    levels = list(levels or available_levels(kind))
    if not levels:
        raise ValueError(f"No bots for {kind!r}")
    if mode not in ("inline", "tasks"):
        raise ValueError("mode is 'inline' or 'tasks'")
    results = []
    for number in range(count):
        seed_hex = _seed_hex(seed, number)
        started = time.perf_counter()
        lineup = levels[number % len(levels) :] + levels[: number % len(levels)]
        if mode == "tasks":
            game = bot_table(kind=kind, players=players, levels=lineup, seed_hex=seed_hex)
            game_start(game_id=game.pk, user=game.host)
            results.append(SelfPlay(game.pk, 0, time.perf_counter() - started, False))
            continue
        with moves.scheduling_paused():
            game = bot_table(
                kind=kind,
                players=players,
                levels=lineup,
                seed_hex=seed_hex,
                time_control=time_control,
                rated=rated,
            )
            game_start(game_id=game.pk, user=game.host)
            order = SeededRandom(seed_to_key(f"selfplay order\x00{seed_hex}"))
            played = _play_inline(game, order, max_moves)
        finished = Game.objects.filter(pk=game.pk, status=Game.Status.FINISHED).exists()
        results.append(SelfPlay(game.pk, played, time.perf_counter() - started, finished))
    return results
