"""The public facts of the question a player faces: what a notification, a mail's one-tap
link and the one-tap page may show to anyone holding the phone.

The sentence comes from the game's descriptor (`question`) asked as a SPECTATOR would be:
the spectator's view (`engine.view(state, None)`), no viewer, and of the player's legal
actions only their kinds ("pass", "challenge", "block": what the rules let anyone in that
seat do), never their cards, their money or the targets of their choices.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.table.descriptors import descriptor_for
from games.table.models import Game
from games.table.services.common import decision_key, engine_for
from games.table.views.names import seat_names

log = logging.getLogger(__name__)


@dataclass
class Question:
    game: Game
    player_id: str
    seq: int
    sentence: str  # public, in the active language
    decision_id: str  # the engine's, "" when it names none
    decision_key: str  # the player's decision key, "" when none
    deadline: datetime | None
    answer: dict | None  # the one-tap answer, when one needs no choice
    answer_label: str


def game_title(game) -> str:
    """ "Complots #12": the game's name in the active language and its number."""
    return f"{descriptor_for(game.kind).label} #{game.pk}"


def question_for(game, player_id, *, seats=None) -> Question | None:
    """The open question `player_id` faces in `game` now, or None (not awaited, not
    running). Call it with the active language set to the reader's."""
    if game.status != Game.Status.RUNNING or not game.state:
        return None
    engine = engine_for(game.kind)
    state = engine.load(game.state)
    if player_id not in engine.waiting_for(state):
        return None
    legal = engine.legal_actions(state, player_id)
    kinds = []
    for action in legal:
        kind = action.get("type") if isinstance(action, dict) else None
        if isinstance(kind, str) and kind not in kinds:
            kinds.append(kind)
    public_moves = [{"type": kind} for kind in kinds]
    descriptor = descriptor_for(game.kind)
    seats = list(game.seats.select_related("user")) if seats is None else seats
    try:
        sentence = descriptor.question(
            view=engine.view(state, None),
            viewer=None,
            legal_actions=public_moves,
            names=seat_names(seats),
        )
    except Exception:  # the sentence is a convenience: never lose the notification for it
        log.error("descriptor %s: question failed", game.kind, exc_info=True)
        sentence = ""
    try:
        table_id = engine.decision_id(state)
    except Exception:
        log.error("engine %s: decision_id failed", game.kind, exc_info=True)
        table_id = None
    answer = descriptor.one_tap_answer(legal)
    return Question(
        game=game,
        player_id=player_id,
        seq=game.state_seq,
        sentence=sentence or str(_("Your move.")),
        decision_id=str(table_id) if table_id is not None else "",
        decision_key=decision_key(engine, state, player_id) or "",
        deadline=game.deadline_at,
        answer=answer,
        answer_label=descriptor.one_tap_label(answer) if answer else "",
    )


def time_left(deadline, now=None) -> str:
    """ "18 h left", "5 min left", "2 days left" ("" without a deadline)."""
    if deadline is None:
        return ""
    seconds = int((deadline - (now or timezone.now())).total_seconds())
    if seconds <= 0:
        return str(_("time is up"))
    if seconds >= 2 * 86400:
        days = seconds // 86400
        return ngettext("%(n)d day left", "%(n)d days left", days) % {"n": days}
    if seconds >= 3600:
        hours = seconds // 3600
        return _("%(n)d h left") % {"n": hours}
    if seconds >= 60:
        return _("%(n)d min left") % {"n": seconds // 60}
    return _("%(n)d s left") % {"n": seconds}


def decision_names(game, player_ids) -> dict[str, dict]:
    """{player_id: {"decision_id": ...} or {"decision_key": ...}}: the decision each player
    faces now, named the way the mail names it ({} when it cannot be told)."""
    if not game.state:
        return {p: {} for p in player_ids}
    engine = engine_for(game.kind)
    state = engine.load(game.state)
    try:
        table_id = engine.decision_id(state)
    except Exception:
        log.error("engine %s: decision_id failed", game.kind, exc_info=True)
        table_id = None
    if table_id is not None:
        return {p: {"decision_id": str(table_id)} for p in player_ids}
    names = {}
    for player_id in player_ids:
        key = decision_key(engine, state, player_id)
        names[player_id] = {"decision_key": key} if key else {}
    return names


def same_decision(question: Question | None, payload: dict) -> bool:
    """True when `question` is still the decision `payload` named (a row naming none: by
    the question being open at all)."""
    if question is None:
        return False
    if payload.get("decision_id"):
        return question.decision_id == payload["decision_id"]
    if payload.get("decision_key"):
        return question.decision_key == payload["decision_key"]
    return True
