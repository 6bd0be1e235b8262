"""What each action does, once ``legal`` has checked it (the state is already a copy).

Negotiation: ``offer``, ``done`` (petitioners), ``accept``, ``refuse`` (host). Decisions of
the host that end a stage: ``place`` (stage 1; each ends its owner's bargaining, ruling 41, the
last one the stage), ``order`` (picks the next external conflict), ``admit``, ``replace``,
``keep``. Then ``send``. And ``resign``, at any moment.
"""

from games.engines.intrigue.advisors import BANK_BRIBE, SLOTS, THOUSAND
from games.engines.intrigue.flow import (
    close_negotiation,
    end_bargaining,
    exile,
    finish,
    leave_door,
    open_external,
    seated_slot,
)


def _entry(s, event, **fields):
    s.add_log({"event": event, **fields})


def offer(s, seat, amount, slot):
    st = s.stage
    st["offers"] = tuple(sorted([o for o in st["offers"] if o[0] != seat] + [(seat, amount, slot)]))
    entry = {"event": "offer", "player": s.players[seat], "amount": amount}
    if slot is not None:
        entry["slot"] = SLOTS[slot]
    s.add_log(entry)


def done(s, seat):
    st = s.stage
    st["bargaining"] = tuple(p for p in st["bargaining"] if p != seat)
    _entry(s, "done", player=s.players[seat])


def _take_offer(st, seat):
    for o in st["offers"]:
        if o[0] == seat:
            st["offers"] = tuple(x for x in st["offers"] if x[0] != seat)
            return o
    raise AssertionError("no standing offer")  # pragma: no cover (checked by legal)


def accept(s, host, seat):
    """Paid at once and never returned (ruling 32); the bank pays 1,000 for a broke
    petitioner (ruling 40). An accepted bribe is final: the petitioner is done."""
    st = s.stage
    _, amount, slot = _take_offer(st, seat)
    bank = s.money[seat] == 0
    if bank:
        paid = BANK_BRIBE
    else:
        paid = amount * THOUSAND
        s.money[seat] -= paid
    s.money[host] += paid
    st["accepted"] = st["accepted"] + ((seat, amount, slot, paid, bank),)
    st["bargaining"] = tuple(p for p in st["bargaining"] if p != seat)
    entry = {
        "event": "accept",
        "player": s.players[host],
        "from": s.players[seat],
        "amount": amount,
        "ducats": paid,
        "bank": bank,
    }
    if slot is not None:
        entry["slot"] = SLOTS[slot]
    s.add_log(entry)


def refuse(s, host, seat):
    _, amount, slot = _take_offer(s.stage, seat)
    entry = {"event": "refuse", "player": s.players[host], "from": s.players[seat]}
    entry["amount"] = amount
    if slot is not None:
        entry["slot"] = SLOTS[slot]
    s.add_log(entry)


def order(s, host, kind):
    _entry(s, "order", player=s.players[host], kind=kind)
    open_external(s, kind)


def place(s, host, token, slot):
    """Stage 1 is bargained advisor by advisor (ruling 41): placing an advisor ends its
    owner's bargaining (their standing offer lapses) and nobody else's; the last one placed
    ends the stage (every offer still standing lapses)."""
    st = s.stage
    if len(st["advisors"]) == 1:
        close_negotiation(s)
    else:
        end_bargaining(s, token[0])
    s.castles[host][slot] = token
    leave_door(s, token)
    st["advisors"] = tuple(t for t in st["advisors"] if t != token)
    _entry(
        s,
        "place",
        player=s.players[host],
        owner=s.players[token[0]],
        advisor=token[1],
        slot=SLOTS[slot],
    )
    if not st["advisors"]:
        s.stage = None


def admit(s, host, token, slot):
    """The winner of an external conflict enters (or, its type being seated, stays at the
    door to face the seated advisor in stage 3); the others of its type go to the island."""
    st = s.stage
    close_negotiation(s)
    faces = seated_slot(s.castles[host], st["type"]) is not None
    entry = {
        "event": "admit",
        "player": s.players[host],
        "owner": s.players[token[0]],
        "advisor": token[1],
        "slot": SLOTS[slot],
    }
    if faces:
        entry["challenge"] = True
    s.add_log(entry)
    if not faces:
        s.castles[host][slot] = token
        leave_door(s, token)
    for other in st["advisors"]:
        if other != token:
            leave_door(s, other)
            exile(s, other)
    s.stage = None


def replace(s, host):
    """The newcomer takes the seated advisor's slot; the seated one goes to the island."""
    st = s.stage
    close_negotiation(s)
    slot = st["slot"]
    newcomer = st["advisors"][0]
    seated = s.castles[host][slot]
    _entry(
        s,
        "replace",
        player=s.players[host],
        owner=s.players[newcomer[0]],
        advisor=newcomer[1],
        slot=SLOTS[slot],
        replaced=[s.players[seated[0]], seated[1]],
    )
    s.castles[host][slot] = newcomer
    leave_door(s, newcomer)
    exile(s, seated)
    s.stage = None


def keep(s, host):
    st = s.stage
    close_negotiation(s)
    slot = st["slot"]
    newcomer = st["advisors"][0]
    seated = s.castles[host][slot]
    _entry(
        s,
        "keep",
        player=s.players[host],
        owner=s.players[seated[0]],
        advisor=seated[1],
        slot=SLOTS[slot],
    )
    leave_door(s, newcomer)
    exile(s, newcomer)
    s.stage = None


def send(s, seat, name, to):
    s.hands[seat].remove(name)
    s.waiting[to].append((seat, name))
    s.sends_left -= 1
    _entry(s, "send", player=s.players[seat], advisor=name, to=s.players[to])


def resign(s, seat):
    """``seat`` leaves the game (see "Resigning" in the package docstring): out of the
    bargaining, their standing offer withdrawn (a ``lapse`` entry); the engine then plays
    their decisions by the default rule (``absent``). When one player is left, the game ends
    at once: that player wins."""
    s.resigned = tuple(gone or i == seat for i, gone in enumerate(s.resigned))
    _entry(s, "resign", player=s.players[seat])
    st = s.stage
    if st is not None and seat != s.current:
        for p, amount, slot in st["offers"]:
            if p == seat:
                entry = {"event": "lapse", "player": s.players[seat], "amount": amount}
                if slot is not None:
                    entry["slot"] = SLOTS[slot]
                s.add_log(entry)
        st["offers"] = tuple(o for o in st["offers"] if o[0] != seat)
        st["bargaining"] = tuple(p for p in st["bargaining"] if p != seat)
    if sum(not gone for gone in s.resigned) < 2:
        finish(s, last_income=False)
