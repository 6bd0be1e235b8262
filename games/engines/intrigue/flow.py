"""The course of the game: turns, incomes, the three stages of a reception, the end.

Every function here works on a state that ``apply`` already copied; ``advance`` moves the
game on until somebody has a decision to make (or the game is over).
"""

from collections import Counter

from games.engines.intrigue.advisors import (
    EXTERNAL,
    INTERNAL,
    KINDS,
    NAME_INDEX,
    ORDER,
    OVER,
    PLACE,
    RECEPTION,
    ROUNDS,
    SEND,
    SENDS_PER_TURN,
    SLOTS,
    kind_of,
)


def seat_distance(s, host, seat):
    """How far ``seat`` sits to the left of ``host`` (1 = the host's left neighbour)."""
    return (seat - host) % len(s.players)


def rule_order(s, host, tokens):
    """``tokens`` in the fixed order of the default rules: owners in seat order from the
    host's left, then the fixed name order."""
    return sorted(tokens, key=lambda t: (seat_distance(s, host, t[0]), NAME_INDEX[t[1]]))


def income_of(s, seat):
    """Ducats ``seat`` earns now: the slot values of its advisors in the other castles."""
    total = 0
    for host, castle in enumerate(s.castles):
        if host == seat:
            continue
        for index, token in enumerate(castle):
            if token is not None and token[0] == seat:
                total += SLOTS[index]
    return total


def collect_income(s, seat, final=False):
    amount = income_of(s, seat)
    s.money[seat] += amount
    entry = {"event": "income", "player": s.players[seat], "ducats": amount}
    if final:
        entry["final"] = True
    s.add_log(entry)


def free_slots(castle):
    return [i for i, token in enumerate(castle) if token is None]


def seated_slot(castle, kind):
    """The slot index of the advisor of type ``kind`` seated in ``castle``, or None."""
    for index, token in enumerate(castle):
        if token is not None and kind_of(token) == kind:
            return index
    return None


def admit_slots(s, kind):
    """Where the host may admit the winner of the external conflict over ``kind``: a free
    slot, or (the type is seated already, ruling 38) the seated advisor's slot, where the
    admitted one faces it in stage 3."""
    castle = s.castles[s.current]
    seated = seated_slot(castle, kind)
    return [seated] if seated is not None else free_slots(castle)


def ask_slots(s):
    """The slots a petitioner may name in an offer in the open stage (may be empty)."""
    st = s.stage
    if st["kind"] == PLACE:
        return free_slots(s.castles[s.current])
    if st["kind"] == EXTERNAL and seated_slot(s.castles[s.current], st["type"]) is None:
        return free_slots(s.castles[s.current])
    return []


# --- stages ------------------------------------------------------------------------------------


def _open(s, kind, advisors=(), type_=None, slot=None, kinds=()):
    host = s.current
    owners = {t[0] for t in advisors}
    if slot is not None:
        owners.add(s.castles[host][slot][0])
    petitioners = tuple(sorted(owners))
    s.stage = {
        "kind": kind,
        "petitioners": petitioners,
        # a player who left the game bargains no more (their advisors still count)
        "bargaining": tuple(p for p in petitioners if not s.resigned[p]),
        "offers": (),
        "accepted": (),
        "negotiating": kind != ORDER,
        "advisors": tuple(advisors),
        "type": type_,
        "slot": slot,
        "kinds": tuple(kinds),
    }
    entry = {"event": "stage", "player": s.players[host], "stage": kind}
    if kind == ORDER:
        entry["kinds"] = list(kinds)
    else:
        entry["advisors"] = [[s.players[o], a] for o, a in advisors]
        entry["petitioners"] = [s.players[p] for p in petitioners]
    if type_ is not None:
        entry["type"] = type_
    if slot is not None:
        seated = s.castles[host][slot]
        entry["slot"] = SLOTS[slot]
        entry["seated"] = [s.players[seated[0]], seated[1]]
    s.add_log(entry)


def open_external(s, kind):
    contenders = [t for t in s.waiting[s.current] if kind_of(t) == kind]
    _open(s, EXTERNAL, rule_order(s, s.current, contenders), type_=kind)


def open_next_stage(s):
    """Open the next stage of the current reception; False once nothing is left."""
    host = s.current
    waiting = s.waiting[host]
    if not waiting:
        return False
    castle = s.castles[host]
    seated = {kind_of(t) for t in castle if t is not None}
    counts = Counter(kind_of(t) for t in waiting)
    # stage 1: the advisors in no conflict (a type neither seated nor contested)
    calm = [t for t in waiting if counts[kind_of(t)] == 1 and kind_of(t) not in seated]
    if calm:
        _open(s, PLACE, rule_order(s, host, calm))
        return True
    # stage 2: external conflicts, type by type in the host's order
    contested = [k for k in KINDS if counts[k] >= 2]
    if len(contested) >= 2:
        _open(s, ORDER, kinds=contested)
        return True
    if contested:
        open_external(s, contested[0])
        return True
    # stage 3: internal conflicts, from the 1,000 slot up
    for index, token in enumerate(castle):
        if token is not None and counts[kind_of(token)]:
            newcomer = next(t for t in waiting if kind_of(t) == kind_of(token))
            _open(s, INTERNAL, (newcomer,), type_=kind_of(token), slot=index)
            return True
    raise AssertionError("an advisor waits without a stage")  # pragma: no cover


def _lapse(s, offers):
    for seat, amount, slot in offers:
        entry = {"event": "lapse", "player": s.players[seat], "amount": amount}
        if slot is not None:
            entry["slot"] = SLOTS[slot]
        s.add_log(entry)


def close_negotiation(s):
    """The host decided: standing offers lapse (ruling 40), the petitioners are out."""
    st = s.stage
    _lapse(s, st["offers"])
    st["offers"] = ()
    st["bargaining"] = ()
    st["negotiating"] = False


def end_bargaining(s, seat):
    """Stage 1, one of ``seat``'s advisors placed (ruling 41): their bargaining is over and
    their standing offer lapses (ruling 40); the others' goes on."""
    st = s.stage
    _lapse(s, [o for o in st["offers"] if o[0] == seat])
    st["offers"] = tuple(o for o in st["offers"] if o[0] != seat)
    st["bargaining"] = tuple(p for p in st["bargaining"] if p != seat)


def exile(s, token):
    """``token`` goes to the island for the rest of the game."""
    s.island.append(token)
    s.add_log(
        {
            "event": "exile",
            "player": s.players[s.current],
            "owner": s.players[token[0]],
            "advisor": token[1],
        }
    )


def leave_door(s, token):
    s.waiting[s.current].remove(token)


# --- turns -------------------------------------------------------------------------------------


def start_turn(s, seat):
    """``seat``'s turn: income (none in round 1), then the reception or the sending."""
    s.current = seat
    s.stage = None
    s.sends_left = 0
    s.phase = RECEPTION
    s.add_log({"event": "turn", "player": s.players[seat], "round": s.round})
    if s.round > 1:
        collect_income(s, seat)
    if not s.waiting[seat] and not (s.round < ROUNDS and s.hands[seat]):
        # nothing to receive, nothing to send: the turn passes by itself (ruling 39)
        s.add_log({"event": "pass", "player": s.players[seat]})


def _end_turn(s):
    nxt = (s.current + 1) % len(s.players)
    if nxt == s.first:
        s.round += 1
        if s.round > ROUNDS:
            finish(s)
            return
    start_turn(s, nxt)


def winners(s):
    """The richest of the players still in the game (those who resigned cannot win)."""
    staying = [i for i in range(len(s.players)) if not s.resigned[i]]
    if not staying:
        return []
    best = max(s.money[i] for i in staying)
    return [s.players[i] for i in staying if s.money[i] == best]


def finish(s, last_income=True):
    """The end: after round 5's last reception every player's last income, then the scores;
    ``last_income=False`` when resignations leave one player (the game stops at once)."""
    if last_income:
        s.round = ROUNDS
        n = len(s.players)
        for step in range(n):
            collect_income(s, (s.first + step) % n, final=True)
    s.phase = OVER
    s.stage = None
    s.sends_left = 0
    entry = {
        "event": "end",
        "winners": winners(s),
        "money": {p: s.money[i] for i, p in enumerate(s.players)},
    }
    if any(s.resigned):
        entry["resigned"] = [p for i, p in enumerate(s.players) if s.resigned[i]]
    s.add_log(entry)


def advance(s):
    """Run what happens by itself until someone has a decision to make."""
    while True:
        if s.phase == OVER:
            return
        if s.phase == SEND:
            if s.sends_left > 0:
                return
            _end_turn(s)
            continue
        # the reception
        if s.stage is not None:
            return
        if open_next_stage(s):
            return
        hand = s.hands[s.current]
        if s.round < ROUNDS and hand:
            s.phase = SEND
            s.sends_left = min(SENDS_PER_TURN, len(hand))
            return
        _end_turn(s)
