"""When and how a bot plays: scheduling its move after each change, and the move itself.

``bot_moves_schedule(game_id)`` enqueues ``bots.bot_move(game, player, seq)`` for every
bot seat the engine waits for (one query); ``bot_move_apply`` is what the task does: the
bot chooses from the seat's view and legal actions, and its move goes through the table's
services with the seq it was scheduled for (a moved-on game: nothing happens).
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import deque
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.bots import get_bot
from games.clock.models import GameClock
from games.engines import get_engine
from games.table.models import Game, Seat
from games.table.services import (
    GameError,
    GameNotRunning,
    StaleAction,
    action_submit,
    system_action_submit,
)

log = logging.getLogger(__name__)

MOVE_TASK = "bots.bot_move"
SEARCH_TASK = "bots.bot_search"
# A searching bot (a ``strong`` level) thinks on its own queue, with this many playouts.
SEARCH_QUEUE = str(getattr(settings, "BOT_SEARCH_QUEUE", "bots_search"))
SEARCH_PLAYOUTS = int(getattr(settings, "BOT_SEARCH_PLAYOUTS", 200))
DELAY_MIN = float(getattr(settings, "BOT_MOVE_DELAY_MIN", 1.0))
DELAY_MAX = float(getattr(settings, "BOT_MOVE_DELAY_MAX", 3.0))
# A patient bot (the Intrigue host) waits at most this long for the others.
PATIENCE_SECONDS = float(getattr(settings, "BOT_PATIENCE_SECONDS", 20.0))
# The sweeper re-enqueues a bot's move waited for longer than this.
STALL_SECONDS = float(getattr(settings, "BOT_STALL_SECONDS", 30.0))

# A seat a bot plays: a bot account's seat, or a dropped seat handed to a bot.
BOT_SEATS = Q(user__bot_account__isnull=False) | Q(
    status=Seat.Status.AUTOPILOT, clock__bot_level__gt=""
)

_eager = threading.local()
_paused = threading.local()


class scheduling_paused:  # noqa: N801  (a context manager, used like a function)
    """Within it, changes made by this thread schedule no bot move (``selfplay`` drives the
    bots itself)."""

    def __enter__(self):
        self.before = getattr(_paused, "on", False)
        _paused.on = True

    def __exit__(self, *exc):
        _paused.on = self.before


def bot_level(seat) -> tuple[str | None, bool]:
    """(the level of the bot that plays ``seat`` or None, whether it plays as the platform
    for a dropped seat)."""
    try:
        return seat.user.bot_account.level, False
    except ObjectDoesNotExist:  # a player's seat
        pass
    try:
        clock = seat.clock
    except ObjectDoesNotExist:
        clock = None
    if seat.status == Seat.Status.AUTOPILOT and clock is not None and clock.bot_level:
        return clock.bot_level, True
    return None, False


def move_delay(seed_hex: str, seq: int, player_id: str) -> float:
    """A human-like pause before a move, drawn from the game's seed (seconds)."""
    digest = hashlib.sha256(f"bot delay\x00{seed_hex}\x00{seq}\x00{player_id}".encode()).digest()
    share = int.from_bytes(digest[:4], "big") / 2**32
    return DELAY_MIN + (DELAY_MAX - DELAY_MIN) * share


def _eager_mode() -> bool:
    from celery import current_app

    return bool(current_app.conf.task_always_eager)


def bot_move_enqueue(game_id: int, player_id: str, seq: int, *, countdown=0.0, attempt=0):
    """Enqueue one bot move. With eager Celery, the moves run one after the other in this
    thread (a move enqueued by a move waits for it to finish: no recursion)."""
    args = (game_id, player_id, seq, attempt)
    if not _eager_mode():
        from celery import current_app

        try:
            current_app.tasks[MOVE_TASK].apply_async(args, countdown=max(0.0, countdown))
        except Exception:
            log.warning("could not enqueue a bot move of game %s; the sweeper will", game_id)
        return
    queue = getattr(_eager, "queue", None)
    if queue is not None:
        queue.append(args)
        return
    _eager.queue = deque([args])
    try:
        while _eager.queue:
            bot_move_apply(*_eager.queue.popleft())
    finally:
        _eager.queue = None


def bot_moves_schedule(game_id: int) -> int:
    """Enqueue the move of every bot seat the engine waits for now. Returns how many."""
    rows = list(
        Seat.objects.filter(
            game_id=game_id, to_act=True, game__status=Game.Status.RUNNING, game__tutorial=False
        )
        .filter(BOT_SEATS)
        .values_list("player_id", "game__state_seq", "game__seed")
    )
    for player_id, seq, seed in rows:
        bot_move_enqueue(game_id, player_id, seq, countdown=move_delay(seed, seq, player_id))
    return len(rows)


def search_enqueue(game_id: int, player_id: str, seq: int, attempt: int = 0) -> None:
    """Hand the move of a searching bot to the search queue (its own workers)."""
    from celery import current_app

    try:
        current_app.tasks[SEARCH_TASK].apply_async(
            (game_id, player_id, seq, attempt), queue=SEARCH_QUEUE
        )
    except Exception:
        log.warning("could not enqueue a bot search of game %s; the sweeper will", game_id)


def release_database() -> None:
    """Give the database connection back before a long think: the search holds no
    connection (and no lock: nothing here locks a row). Inside a transaction (the tests'
    own) the connection is left alone."""
    from django.db import connection

    if not connection.in_atomic_block:
        connection.close()


def bot_move_apply(
    game_id: int, player_id: str, seq: int, attempt: int = 0, searching: bool = False
) -> str:
    """The bot of seat ``player_id`` plays the decision of ``seq``, if it is still open.

    Returns "played", "stale" (the game moved on, is over, or does not wait for the seat),
    "none" (no bot plays that seat), "waiting" (a patient bot asks again later),
    "searching" (a searching bot's move went to the search queue) or "refused" (the
    service refused the move: logged). ``searching``: this run is the search queue's.
    """
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.RUNNING or game.state_seq != seq:
        return "stale"
    if game.tutorial:
        return "none"  # the tutorial's script plays its opponents
    seat = (
        Seat.objects.filter(game=game, player_id=player_id)
        .select_related("user__bot_account", "clock")
        .first()
    )
    level, as_platform = bot_level(seat) if seat is not None else (None, False)
    if level is None:
        return "none"
    engine = get_engine(game.kind)
    state = engine.load(game.state)
    waiting = list(engine.waiting_for(state))
    if player_id not in waiting:
        return "stale"
    bot = get_bot(game.kind, level)
    searches = bool(getattr(bot, "searches", False))
    if searches and not searching and not _eager_mode():
        search_enqueue(game_id, player_id, seq, attempt)
        return "searching"
    view = engine.view(state, player_id)
    patient = getattr(bot, "patient", None)
    if attempt == 0 and len(waiting) > 1 and callable(patient) and patient(view, player_id):
        left = (game.deadline_at - timezone.now()).total_seconds() if game.deadline_at else 0
        later = max(move_delay(game.seed, seq, player_id), min(PATIENCE_SECONDS, left / 2))
        bot_move_enqueue(game_id, player_id, seq, countdown=later, attempt=1)
        return "waiting"
    legal = engine.legal_actions(state, player_id)
    seed = f"{game.seed}:{seq}:{player_id}"
    if searches:
        release_database()  # seat.user is already loaded (select_related)
        action = bot.choose(view, legal, seed, player=player_id, budget=SEARCH_PLAYOUTS)
    else:
        action = bot.choose(view, legal, seed, player=player_id)
    try:
        if as_platform:
            system_action_submit(
                game_id=game_id,
                player_id=player_id,
                expected_seq=seq,
                action=dict(action),
                reason="bot",
            )
        else:
            action_submit(game_id=game_id, user=seat.user, action=dict(action), expected_seq=seq)
    except (StaleAction, GameNotRunning):
        return "stale"
    except GameError as error:
        log.warning("game %s: the %s bot's move %r was refused: %s", game_id, level, action, error)
        return "refused"
    return "played"


# --- receivers ---------------------------------------------------------------------------


def on_game_changed(sender, *, game, saving, **kwargs):
    """After the change commits, schedule the moves of the bots waited for (not in a
    tutorial: its opponents play the moves its script gives, ``games.tutorials``)."""
    if game.status != Game.Status.RUNNING or game.tutorial or getattr(_paused, "on", False):
        return
    game_id = game.pk
    transaction.on_commit(lambda: bot_moves_schedule(game_id), robust=True)


def on_seat_dropped(sender, *, game, seat, mode, **kwargs):
    """A seat handed to a bot: its bot plays from now on (if waited for)."""
    if mode != "bot":
        return
    game_id = game.pk
    transaction.on_commit(lambda: bot_moves_schedule(game_id), robust=True)


def on_swept(sender, *, now=None, **kwargs):
    """The beat sweeper's pass: re-enqueue the moves of bots waited for too long (a lost
    task, a worker restart). Once a minute at most per game and seq."""
    try:
        return {"bot_moves_requeued": _requeue_stalled(now or timezone.now())}
    except Exception:
        log.exception("bots: the sweeper's catch-up failed")
        return {}


def _requeue_stalled(now) -> int:
    stalled = GameClock.objects.filter(
        game__status=Game.Status.RUNNING,
        started_at__lt=now - timedelta(seconds=STALL_SECONDS),
        game__seats__in=Seat.objects.filter(to_act=True).filter(BOT_SEATS),
    ).values_list("game_id", "seq")
    count = 0
    for game_id, seq in stalled.distinct()[:200]:
        if cache.add(f"bots:stall:{game_id}:{seq}", 1, timeout=60):
            count += bot_moves_schedule(game_id)
    return count
