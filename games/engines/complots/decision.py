"""``decision_id``: one name for the decision the whole table faces (see ``docs/engines.md``).

It is computed from the spectator's view only, so it tells nobody anything hidden:

- the count of public log entries other than the answers to an open window (``pass`` and
  ``announce``: a player answering leaves the window open for the others), and
- the open moment, ``view["pending"]`` without who is still waited for and who announced so
  far (the moment, the turn's action, the claim or block at stake, the decider...).

A pass, a counter-announcement or a two-player ``choose`` that leaves the window open for
the others changes neither; every other move logs an entry (a claim, a challenge, a loss, a
block, a resolution, a new turn, a resignation) or opens another moment. Two windows opened
one after the other with only answers between them (a claim's window then its block window,
the challenge windows of two counter-announcers) differ by their moment or claim.
"""

import hashlib
import json

from games.engines.complots.view import ANSWERS, view_for


def decision_id(state):
    """``Engine.decision_id`` for Complots: ``"<count>-<12 hex digits>"``, None once over."""
    view = view_for(state, None)
    pending = view["pending"]
    if pending is None or not view["waiting_for"]:
        return None
    moment = {k: v for k, v in pending.items() if k not in ("waiting_for", "announcers")}
    progress = sum(1 for entry in view["log"] if entry["event"] not in ANSWERS)
    text = json.dumps([view["turn"], progress, moment], sort_keys=True, separators=(",", ":"))
    return f"{progress}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"
