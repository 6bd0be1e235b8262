"""``decision_id``: one name for the decision the table faces (see ``docs/engines.md``).

Regicide waits for one player at a time and every move is a decision of its own: a play, a
yield, a discard (step 4), a Jester's ``choose_next``, a solo ``flip_jester``. Each logs at
least one public entry (the log holds only public entries), so the number of entries names
the decision open now.
"""

from games.engines.regicide.state import OVER


def decision_id(state):
    """``Engine.decision_id`` for Regicide: the number of log entries (a str), None once over."""
    if state.phase == OVER:
        return None
    count = 0
    log = state.log
    while log is not None:
        count += 1
        log = log[1]
    return str(count)
