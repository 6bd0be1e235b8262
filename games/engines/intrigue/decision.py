"""``decision_id``: one name for the decision the table faces (see ``docs/engines.md``).

The log (all public) tells where the open decision started:

- a stage of the reception (``place``, ``order``, ``external``, ``internal``): at its
  ``stage`` entry. Offers, ``done``, acceptances, refusals, lapses, resignations and the
  host's ``place``-s of stage 1 come after it and keep it;
- the sending: right after the last entry of the turn before the first ``send`` (the
  income, or the reception's last decision). Its two ``send``-s and any resignation keep it.

The id is that position in the log (a str): the same while the decision goes on (as
``decision_continues`` says), new with each stage, each sending and each turn, never reused.

With ruling 41 (a negotiation per advisor in stage 1), stage 1 stays one decision, opened
at its ``stage`` entry, however many advisors are placed in it.
"""

from games.engines.intrigue.advisors import OVER, SEND

#: Entries that never end the sending: its ``send``-s, a resignation of another player.
_SENDING = frozenset({"send", "resign"})


def decision_id(state):
    """``Engine.decision_id`` for Intrigue: a log position (a str), None once over."""
    log = state.log
    if state.phase == OVER:
        return None
    if state.phase == SEND:
        start = len(log)
        while start and log[start - 1]["event"] in _SENDING:
            start -= 1
        return str(start)
    if state.stage is None:
        return None
    start = len(log) - 1
    while log[start]["event"] != "stage":
        start -= 1
    return str(start)
