"""Standing orders whose answer depends on hidden cards, played at a person's pace.

An order such as "block Foreign Aid with the Duchesse" answers from the player's hidden
cards: played at once, inside the request of the move that opened the window, its timing
and its very presence in the mover's own response would tell everyone that the answer came
from an order, so that the block is true. So the engine says which answers look at hidden
cards (`Engine.standing_answer_hidden`); `play.standing_orders_play` leaves those to a
Celery task (`games.standing_answer`, running `play.standing_answer_apply`), enqueued with
a delay drawn like a person's answer, within the window, from a server secret (an HMAC of
`settings.SECRET_KEY` with the game, the seq and the player; never from the game's seed,
which the verify page shows at the end). The task plays only while the player still faces
the decision it was scheduled for (the game at that seq, or the same decision key: others
passed the same window meanwhile); else it does nothing. The beat sweeper re-enqueues
answers whose time has passed (a lost task, a restart).

The move is then an ordinary `action` event of the seat (`reason` "standing", seen by its
owner alone), written when the task runs: nothing in any response, notice, log or export
tells it from the player's own answer.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games.table.models import Event, Game, Seat

from . import common

log = logging.getLogger(__name__)

TASK = "games.standing_answer"
# A person needs a moment to read the question: the fastest answer, in seconds (or a tenth
# of a shorter window).
PACE_MIN_SECONDS = 2.0
# ... and answers within the first part of the window, well before its deadline.
PACE_MAX_SHARE = 0.55
# The sweeper re-enqueues an answer this long after it was due (short: a live window lasts
# 20 s, and the answer must come before its deadline).
PACE_STALL_SECONDS = float(getattr(settings, "STANDING_STALL_SECONDS", 3.0))


def standing_delay(game, seq: int, player_id: str) -> float:
    """Seconds between the opening of the decision at `seq` and the order's answer: drawn
    from a server secret (HMAC-SHA256 of SECRET_KEY), skewed towards quick answers like a
    person's, within the window (`game.window_seconds`)."""
    key = settings.SECRET_KEY.encode()
    message = f"standing pace\x00{game.pk}\x00{seq}\x00{player_id}".encode()
    digest = hmac.new(key, message, hashlib.sha256).digest()
    share = int.from_bytes(digest[:8], "big") / 2**64
    window = float(game.window_seconds or 20)
    low = min(PACE_MIN_SECONDS, window / 10)
    high = max(low, window * PACE_MAX_SHARE)
    return low + (high - low) * share**1.5


def standing_enqueue(game_id: int, player_id: str, seq: int, decision_key, countdown: float):
    """Enqueue one paced answer (after the transaction commits). A failed enqueue is left to
    the sweeper."""
    from celery import current_app

    try:
        current_app.tasks[TASK].apply_async(
            (game_id, player_id, seq, decision_key), countdown=max(0.0, countdown)
        )
    except Exception:
        log.warning("could not enqueue a standing answer of game %s; the sweeper will", game_id)


def standing_defer(game: Game, engine, state, seat: Seat) -> None:
    """Schedule the paced answer of `seat`'s orders to the decision now open."""
    seq = game.state_seq
    key = common.decision_key(engine, state, seat.player_id)
    delay = standing_delay(game, seq, seat.player_id)
    args = (game.pk, seat.player_id, seq, key, delay)
    transaction.on_commit(lambda: standing_enqueue(*args), robust=True)


def standing_requeue_stalled(now=None) -> int:
    """The sweeper's catch-up: enqueue again, at once, the paced answers whose time has come
    and gone (the seat still waited for, its orders answering from hidden cards). Only games
    past the latest time a paced answer may come (cheap: no engine is asked before); once a
    minute at most per game, seq and player."""
    now = now or timezone.now()
    rows = (
        Seat.objects.filter(
            to_act=True,
            status=Seat.Status.PLAYING,
            game__status=Game.Status.RUNNING,
            game__deadline_at__isnull=False,
        )
        .exclude(standing_orders=[])
        .values_list("game_id", "player_id", "game__deadline_at", "game__window_seconds")
    )
    count = 0
    for game_id, player_id, deadline_at, window in rows[:500]:
        latest = deadline_at - timedelta(seconds=(1 - PACE_MAX_SHARE) * float(window or 20))
        if latest + timedelta(seconds=PACE_STALL_SECONDS) > now:
            continue  # a paced answer may still be on its way
        game = Game.objects.filter(pk=game_id).first()
        seat = game.seats.filter(player_id=player_id).first() if game else None
        if seat is None or not seat.standing_orders:
            continue
        last = Event.objects.filter(game=game).aggregate(at=Max("created_at"))["at"]
        due = standing_delay(game, game.state_seq, player_id) + PACE_STALL_SECONDS
        if last is None or last + timedelta(seconds=due) > now:
            continue
        engine = common.engine_for(game.kind)
        state = engine.load(game.state)
        if not engine.standing_answer_hidden(state, player_id, set(seat.standing_orders)):
            continue
        if cache.add(f"standing:stall:{game_id}:{game.state_seq}:{player_id}", 1, timeout=60):
            key = common.decision_key(engine, state, player_id)
            standing_enqueue(game_id, player_id, game.state_seq, key, 0.0)
            count += 1
    return count


def on_swept(sender, *, now=None, **kwargs):
    """A receiver of the clock's `swept` signal (connected by a layer above the table)."""
    try:
        return {"standing_requeued": standing_requeue_stalled(now)}
    except Exception:
        log.exception("standing orders: the sweeper's catch-up failed")
        return {}
