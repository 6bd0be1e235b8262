"""Who may act, what they may play, what a timeout plays, and why an action is refused.

``legal_actions`` enumerates; ``check`` validates one action directly (without building the
list: a petitioner may have hundreds of offers) and says in words why it is refused. The
property tests hold the two to the same answer.
"""

from games.engines.base import N_, IllegalAction
from games.engines.intrigue import actions
from games.engines.intrigue.advisors import (
    ADVISORS,
    EXTERNAL,
    INTERNAL,
    KINDS,
    ORDER,
    OVER,
    PLACE,
    SEND,
    SLOT_INDEX,
    SLOTS,
    THOUSAND,
)
from games.engines.intrigue.flow import admit_slots, ask_slots, free_slots, rule_order

_KEYS = {
    "offer": ({"type", "amount"}, {"type", "amount", "slot"}),
    "done": ({"type"},),
    "accept": ({"type", "from"},),
    "refuse": ({"type", "from"},),
    "order": ({"type", "kind"},),
    "place": ({"type", "owner", "advisor", "slot"},),
    "admit": ({"type", "owner", "advisor", "slot"},),
    "replace": ({"type"},),
    "keep": ({"type"},),
    "send": ({"type", "advisor", "to"},),
    "resign": ({"type"},),
}
#: Legal for every player still in the game while it runs, always the last legal action.
RESIGN = {"type": "resign"}
_HOST_TYPES = {"accept", "refuse", "order", "place", "admit", "replace", "keep"}
_DECISIONS = {ORDER: "order", PLACE: "place", EXTERNAL: "admit", INTERNAL: "replace"}


def waiting_seats(s):
    if s.phase == OVER:
        return []
    if s.phase == SEND:
        return [s.current]
    return sorted({s.current, *s.stage["bargaining"]})


def legal_actions(s, seat):
    if s.phase == OVER or s.resigned[seat]:
        return []
    return [*_moves(s, seat), dict(RESIGN)]


def _moves(s, seat):
    host = s.current
    if s.phase == SEND:
        if seat != host:
            return []
        n = len(s.players)
        targets = [(host + k) % n for k in range(1, n)]
        return [
            {"type": "send", "advisor": name, "to": s.players[to]}
            for name in s.hands[seat]
            for to in targets
        ]
    st = s.stage
    kind = st["kind"]
    if seat == host:
        out = []
        for p, _, _ in st["offers"]:
            out.append({"type": "accept", "from": s.players[p]})
            out.append({"type": "refuse", "from": s.players[p]})
        castle = s.castles[host]
        if kind == PLACE:
            slots = free_slots(castle)
            for o, a in st["advisors"]:
                for i in slots:
                    out.append(
                        {"type": "place", "owner": s.players[o], "advisor": a, "slot": SLOTS[i]}
                    )
        elif kind == ORDER:
            out.extend({"type": "order", "kind": k} for k in st["kinds"])
        elif kind == EXTERNAL:
            slots = admit_slots(s, st["type"])
            for o, a in st["advisors"]:
                for i in slots:
                    out.append(
                        {"type": "admit", "owner": s.players[o], "advisor": a, "slot": SLOTS[i]}
                    )
        else:
            out.append({"type": "replace"})
            out.append({"type": "keep"})
        return out
    if seat not in st["bargaining"]:
        return []
    slots = [SLOTS[i] for i in ask_slots(s)]
    out = []
    for amount in range(s.money[seat] // THOUSAND + 1):
        out.append({"type": "offer", "amount": amount})
        for value in slots:
            out.append({"type": "offer", "amount": amount, "slot": value})
    out.append({"type": "done"})
    return out


# --- checking one action -----------------------------------------------------------------------


def _fail(message, **params):
    raise IllegalAction(message, **params)


def _is_int(value):
    return type(value) is int


def _player(s, value, what):
    if not isinstance(value, str) or value not in s.seat:
        _fail(N_("%(what)s must be a player of this game"), what=str(what))
    return s.seat[value]


def _advisor_token(s, action):
    owner = _player(s, action["owner"], "'owner'")
    name = action["advisor"]
    if not isinstance(name, str) or name not in ADVISORS:
        _fail(N_("'advisor' must be an advisor's name, such as 'medecin-1'"))
    return (owner, name)


def _slot(value):
    if not _is_int(value) or value not in SLOT_INDEX:
        _fail(N_("'slot' must be one of 1000, 3000, 6000, 10000"))
    return SLOT_INDEX[value]


def check(s, seat, action):
    """Return ``(handler, args)`` for a legal action, else raise ``IllegalAction``."""
    if not isinstance(action, dict):
        _fail(N_("An action must be a dict with a 'type'"))
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in _KEYS:
        _fail(N_("Unknown action type"))
    if set(action) not in _KEYS[kind]:
        _fail(N_("Wrong keys for a %(kind)s action"), kind=repr(kind))
    if s.phase == OVER:
        _fail(N_("The game is over"))
    if kind == "resign":
        if s.resigned[seat]:
            _fail(N_("You have already left the game"))
        return actions.resign, (seat,)
    host = s.current
    if kind == "send":
        if s.phase != SEND or seat != host:
            _fail(N_("Only the active player sends advisors, after the reception"))
        name = action["advisor"]
        if not isinstance(name, str) or name not in s.hands[seat]:
            _fail(N_("You can only send one of your advisors left in front of you"))
        to = _player(s, action["to"], "'to'")
        if to == seat:
            _fail(N_("Advisors go to an opponent's castle"))
        return actions.send, (seat, name, to)
    if s.phase == SEND:
        _fail(N_("The reception is over: the active player sends two advisors"))
    st = s.stage
    if kind in _HOST_TYPES:
        if seat != host:
            _fail(N_("Only the host decides in their castle"))
        if kind in ("accept", "refuse"):
            frm = _player(s, action["from"], "'from'")
            if not any(o[0] == frm for o in st["offers"]):
                _fail(N_("That player has no standing offer"))
            return (actions.accept if kind == "accept" else actions.refuse), (seat, frm)
        expected = _DECISIONS[st["kind"]]
        if kind != expected and not (expected == "replace" and kind == "keep"):
            _fail(
                N_("The host's decision now is %(expected)s, not %(kind)s"),
                expected=repr(expected),
                kind=repr(kind),
            )
        if kind == "order":
            k = action["kind"]
            if not isinstance(k, str) or k not in st["kinds"]:
                _fail(
                    N_("'kind' must be one of the external conflicts: %(kinds)s"),
                    kinds=", ".join(st["kinds"]),
                )
            return actions.order, (seat, k)
        if kind in ("replace", "keep"):
            return (actions.replace if kind == "replace" else actions.keep), (seat,)
        token = _advisor_token(s, action)
        slot = _slot(action["slot"])
        if token not in st["advisors"]:
            _fail(N_("That advisor is not at stake in this stage"))
        if kind == "place":
            if s.castles[host][slot] is not None:
                _fail(N_("That slot is taken"))
            return actions.place, (seat, token, slot)
        if slot not in admit_slots(s, st["type"]):
            _fail(N_("The admitted advisor goes to a free slot (or faces the seated one)"))
        return actions.admit, (seat, token, slot)
    # petitioners
    if seat == host:
        _fail(N_("The host makes no offer"))
    if seat not in st["bargaining"]:
        if seat in st["petitioners"]:
            _fail(N_("You are done bargaining in this stage"))
        _fail(N_("You have nothing at stake in this stage"))
    if kind == "done":
        return actions.done, (seat,)
    amount = action["amount"]
    if not _is_int(amount) or amount < 0:
        _fail(N_("'amount' is a whole number of thousands of ducats, 0 or more"))
    if amount * THOUSAND > s.money[seat]:
        _fail(N_("You cannot offer more than you have"))
    slot = None
    if "slot" in action:
        slot = _slot(action["slot"])
        if slot not in ask_slots(s):
            _fail(N_("You may only ask for a free slot the advisor could take"))
    return actions.offer, (seat, amount, slot)


# --- deadlines -------------------------------------------------------------------------------

#: Log events of a move that leaves its stage open: the bargaining goes on.
_BARGAINING = frozenset({"offer", "done", "accept", "refuse"})


def decision_continues(s):
    """True when the last action left the pending decision open: a move of the bargaining
    (offer, done, accept, refuse), a ``place`` of stage 1 with advisors left to place, or
    the first of the two ``send``. The platform keeps such a decision's deadline: one
    deadline per negotiation stage and one for the sending, however long the talk."""
    if s.phase == OVER or not s.log:
        return False
    last = s.log[-1]["event"]
    if last in ("resign", "lapse"):
        # a player left without deciding anything: the open decision goes on (a decision's
        # own lapses are followed by the decision; a host who left is played for at once)
        return True
    if last in _BARGAINING:
        return s.stage is not None
    if last == "place":
        return s.stage is not None and s.stage["kind"] == PLACE
    if last == "send":
        return s.phase == SEND and s.sends_left > 0
    return False


# --- timeouts ----------------------------------------------------------------------------------


def default_action(s, seat):
    """What a timeout plays (see the package docstring): petitioners are done; the host
    refuses every standing offer, one per call, then decides by the fixed rule."""
    host = s.current
    if s.phase == SEND:
        n = len(s.players)
        return {"type": "send", "advisor": s.hands[seat][0], "to": s.players[(host + 1) % n]}
    st = s.stage
    if seat != host:
        return {"type": "done"}
    if st["offers"]:
        return {"type": "refuse", "from": s.players[st["offers"][0][0]]}
    kind = st["kind"]
    if kind == ORDER:
        return {"type": "order", "kind": next(k for k in KINDS if k in st["kinds"])}
    if kind == INTERNAL:
        return {"type": "keep"}
    owner, name = rule_order(s, host, st["advisors"])[0]
    slots = free_slots(s.castles[host]) if kind == PLACE else admit_slots(s, st["type"])
    return {
        "type": "place" if kind == PLACE else "admit",
        "owner": s.players[owner],
        "advisor": name,
        "slot": SLOTS[max(slots)],
    }
