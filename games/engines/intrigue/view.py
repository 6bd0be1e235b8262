"""``view(state, player)``: everything public, plus the viewer's own money.

The only hidden thing in Intrigue is money: every player's ``money`` is None except the
viewer's own, until the game is over (then all are shown). Nothing else in the view is
computed from anyone's money (a broke petitioner's standing offer looks like any other
offer of 0; the bank's payment shows once the host accepts it, as at the table).
"""

from games.engines.intrigue.advisors import EXTERNAL, INTERNAL, KINDS, OVER, ROUNDS, SLOTS
from games.engines.intrigue.flow import (
    admit_slots,
    ask_slots,
    free_slots,
    income_of,
    kind_of,
    winners,
)
from games.engines.intrigue.legal import waiting_seats
from games.engines.intrigue.state import copy_entry


def _token(s, token):
    return {"owner": s.players[token[0]], "advisor": token[1]}


def _stage(s):
    st = s.stage
    if st is None:
        return None
    players = s.players
    host = s.current
    out = {
        "kind": st["kind"],
        "host": players[host],
        "negotiating": st["negotiating"],
        "petitioners": [
            {"id": players[p], "bargaining": p in st["bargaining"]} for p in st["petitioners"]
        ],
        "advisors": [_token(s, t) for t in st["advisors"]],
        "type": st["type"],
        "slot": None if st["slot"] is None else SLOTS[st["slot"]],
        "seated": None,
        "kinds": list(st["kinds"]),
        "ask_slots": [SLOTS[i] for i in ask_slots(s)] if st["negotiating"] else [],
        "slots": [],
    }
    if st["kind"] == INTERNAL:
        out["seated"] = _token(s, s.castles[host][st["slot"]])
        out["slots"] = [SLOTS[st["slot"]]]
    elif st["kind"] == EXTERNAL:
        out["slots"] = [SLOTS[i] for i in admit_slots(s, st["type"])]
    elif st["kind"] == "place":
        out["slots"] = [SLOTS[i] for i in free_slots(s.castles[host])]
    return out


def _upcoming(s):
    """The conflicts still to settle at the host's door after the open stage (public)."""
    if s.phase == OVER or s.stage is None:
        return {"external": [], "internal": []}
    host = s.current
    castle = s.castles[host]
    kinds = [kind_of(t) for t in s.waiting[host]]
    external = [k for k in KINDS if kinds.count(k) >= 2]
    seated = {kind_of(t): i for i, t in enumerate(castle) if t is not None}
    internal = sorted(SLOTS[seated[k]] for k in set(kinds) if k in seated)
    return {"external": external, "internal": internal}


def _offers(s):
    st = s.stage
    if st is None:
        return []
    players = s.players
    out = [
        {
            "from": players[p],
            "amount": amount,
            "slot": None if slot is None else SLOTS[slot],
            "status": "accepted",
            "paid": paid,
            "bank": bank,
        }
        for p, amount, slot, paid, bank in st["accepted"]
    ]
    out.extend(
        {
            "from": players[p],
            "amount": amount,
            "slot": None if slot is None else SLOTS[slot],
            "status": "standing",
            "paid": None,
            "bank": False,
        }
        for p, amount, slot in st["offers"]
    )
    return out


def view_for(s, seat):
    players = s.players
    over = s.phase == OVER
    waiting_for = [players[i] for i in waiting_seats(s)]
    result = {
        "round": s.round,
        "rounds": ROUNDS,
        "first_player": players[s.first],
        "current_player": None if over else players[s.current],
        "phase": s.phase,
        "stage": _stage(s),
        "upcoming": _upcoming(s),
        "players": [
            {
                "id": p,
                "money": s.money[i] if over or i == seat else None,
                "hand": list(s.hands[i]),
                "income": income_of(s, i),
                "resigned": s.resigned[i],
                "alive": not s.resigned[i],  # the platform's word: still in the game
            }
            for i, p in enumerate(players)
        ],
        "castles": {
            players[h]: {
                SLOTS[i]: None if t is None else _token(s, t) for i, t in enumerate(castle)
            }
            for h, castle in enumerate(s.castles)
        },
        "waiting": {players[h]: [_token(s, t) for t in w] for h, w in enumerate(s.waiting)},
        "island": [_token(s, t) for t in s.island],
        "hand": None if seat is None else list(s.hands[seat]),
        "offers": _offers(s),
        "sends_left": s.sends_left,
        "waiting_for": waiting_for,
        "log": [copy_entry(e) for e in s.log],
        "outcome": outcome_of(s),
    }
    return result


def outcome_of(s):
    if s.phase != OVER:
        return None
    out = {
        "winners": winners(s),
        "money": {p: s.money[i] for i, p in enumerate(s.players)},
    }
    if any(s.resigned):
        out["resigned"] = [p for i, p in enumerate(s.players) if s.resigned[i]]
    return out
