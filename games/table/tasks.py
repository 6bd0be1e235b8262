"""The table's Celery task: a standing order's answer played at a person's pace
(`services.paced`)."""

from __future__ import annotations

import logging

from celery import shared_task

from games.table.services import paced, play

log = logging.getLogger(__name__)


@shared_task(name=paced.TASK, ignore_result=True)
def standing_answer(game_id, player_id, seq, decision_key=None):
    try:
        game_id, seq = int(game_id), int(seq)
    except (TypeError, ValueError):
        log.warning("standing_answer with bad arguments %r %r %r", game_id, player_id, seq)
        return "bad"
    return play.standing_answer_apply(game_id, str(player_id), seq, decision_key)
