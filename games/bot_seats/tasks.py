"""The bots' Celery task: one move of one bot seat, for the decision it was scheduled for."""

from __future__ import annotations

import logging

from celery import shared_task

from games.bot_seats import moves

log = logging.getLogger(__name__)


@shared_task(name=moves.MOVE_TASK, ignore_result=True)
def bot_move(game_id, player_id, seq, attempt=0):
    try:
        game_id, seq, attempt = int(game_id), int(seq), int(attempt)
    except (TypeError, ValueError):
        log.warning("bot_move with bad arguments %r %r %r", game_id, player_id, seq)
        return "bad"
    return moves.bot_move_apply(game_id, str(player_id), seq, attempt)


@shared_task(name=moves.SEARCH_TASK, ignore_result=True)
def bot_search(game_id, player_id, seq, attempt=0):
    """A searching bot's move, on the search queue (``BOT_SEARCH_QUEUE``): it reads the
    game, gives the database connection back, thinks, then plays through the services."""
    try:
        game_id, seq, attempt = int(game_id), int(seq), int(attempt)
    except (TypeError, ValueError):
        log.warning("bot_search with bad arguments %r %r %r", game_id, player_id, seq)
        return "bad"
    return moves.bot_move_apply(game_id, str(player_id), seq, attempt, searching=True)
