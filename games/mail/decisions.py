"""Which decision a turn or reminder mail is about, and whether it is still open.

A mail names the decision it tells about when it is claimed: the engine's `decision_id`
(docs/engines.md, one value for the table) or, for an engine that does not say, the
player's own `decision_key`. At sending time (which may be long after, when the broker was
down and the sweeper re-enqueues the row) the mail goes only while that same decision still
waits for that player; a mail about a decision already answered is dropped.
"""

from __future__ import annotations

import logging

from games.table.descriptors import descriptor_for
from games.table.services.common import decision_key, engine_for
from games.table.views.names import seat_names

log = logging.getLogger(__name__)


def _engine_state(game):
    engine = engine_for(game.kind)
    return engine, engine.load(game.state)


def _table_id(engine, state) -> str | None:
    try:
        value = engine.decision_id(state)
    except Exception:  # naming the decision is a convenience: never lose the mail for it
        log.error("engine %s: decision_id failed", engine, exc_info=True)
        return None
    return str(value) if value is not None else None


def decisions_now(game, player_ids) -> dict[str, dict]:
    """{player_id: {"decision_id": ...} or {"decision_key": ...}} for the decision each
    of `player_ids` faces now ({} for a player when neither can be told)."""
    if not game.state:
        return {p: {} for p in player_ids}
    engine, state = _engine_state(game)
    table_id = _table_id(engine, state)
    if table_id is not None:
        return {p: {"decision_id": table_id} for p in player_ids}
    names = {}
    for player_id in player_ids:
        key = decision_key(engine, state, player_id)
        names[player_id] = {"decision_key": key} if key else {}
    return names


def decision_still_open(game, player_id, payload) -> bool | None:
    """True when the decision the mail names still waits for `player_id`, False when it
    was answered (a later decision may be open), None when the mail names none (a row
    claimed before mails named their decision)."""
    wanted_id, wanted_key = payload.get("decision_id"), payload.get("decision_key")
    if not wanted_id and not wanted_key:
        return None
    engine, state = _engine_state(game)
    if player_id not in engine.waiting_for(state):
        return False
    if wanted_id:
        return _table_id(engine, state) == wanted_id
    return decision_key(engine, state, player_id) == wanted_key


def open_question(game, user) -> str:
    """The question `user` faces now in `game`, in the descriptor's one sentence of the
    active language ("Alice claims Foreign Aid: block or pass?"); empty when they face none.

    Public facts only: it is built from the spectator's view and the types of the moves
    the recipient may make (never their hidden cards), as a push would say it."""
    if not game.state:
        return ""
    seats = list(game.seats.select_related("user"))
    mine = next((seat.player_id for seat in seats if seat.user_id == user.pk), None)
    try:
        engine, state = _engine_state(game)
        if mine is None or mine not in engine.waiting_for(state):
            return ""
        types = dict.fromkeys(a.get("type") for a in engine.legal_actions(state, mine))
        return str(
            descriptor_for(game.kind).question(
                view=engine.view(state, None),
                viewer=mine,
                legal_actions=[{"type": kind} for kind in types if kind],
                names=seat_names(seats),
            )
        )
    except Exception:  # the question is a convenience: never lose the mail for it
        log.error("game %s: the open question failed", game.pk, exc_info=True)
        return ""
