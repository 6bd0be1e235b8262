"""The ``State`` of an Intrigue game: plain data, copied on every ``apply``, dump/load.

Inside the state players are seats (ints, seat order) and an advisor is a token
``(owner_seat, name)``; slots are indexes 0..3 (1,000 to 10,000 ducats). ``dump`` turns all
of it into JSON (player ids, ``[owner, name]`` pairs, slot values) and ``load`` reads it back,
checking the shape, so that ``load(dump(s))`` is an equal state.

The open stage (``state.stage``, None outside the reception) is a dict::

    {"kind": "place" | "order" | "external" | "internal",
     "petitioners": (seat, ...),      # everyone at stake, seat order
     "bargaining": (seat, ...),       # petitioners not yet done, seat order
     "offers": ((seat, amount, slot_index | None), ...),     # standing, seat order
     "accepted": ((seat, amount, slot_index | None, paid, bank), ...),  # in order
     "negotiating": bool,             # False once the host decided (stage 1: its last place)
     "advisors": (token, ...),        # place: left to place; external: the contenders;
                                      # internal: (the newcomer,)
     "type": kind | None,             # external / internal
     "slot": slot_index | None,       # internal: the contested slot
     "kinds": (kind, ...)}            # order: the external conflicts left to choose from

Every value in a stage is immutable (tuples), so copying the state copies the dict only.
``resigned`` is a tuple of bools, one per seat (True: that player left the game).
"""

from games.engines.intrigue.advisors import ADVISORS, KINDS, OVER, PLACE, SEND, SLOTS

_STAGE_KINDS = {PLACE, "order", "external", "internal"}
_PHASES = {"reception", SEND, OVER}


class State:
    """One position of a game. ``apply`` works on a ``copy()``; the original never changes."""

    __slots__ = (
        "players",
        "seat",
        "money",
        "round",
        "first",
        "current",
        "phase",
        "castles",
        "waiting",
        "island",
        "hands",
        "stage",
        "sends_left",
        "resigned",
        "log",
    )

    def copy(self):
        s = State.__new__(State)
        s.players = self.players
        s.seat = self.seat
        s.money = list(self.money)
        s.round = self.round
        s.first = self.first
        s.current = self.current
        s.phase = self.phase
        s.castles = [list(c) for c in self.castles]
        s.waiting = [list(w) for w in self.waiting]
        s.island = list(self.island)
        s.hands = [list(h) for h in self.hands]
        s.stage = dict(self.stage) if self.stage is not None else None
        s.sends_left = self.sends_left
        s.resigned = self.resigned
        s.log = list(self.log)
        return s

    def add_log(self, entry):
        self.log.append(entry)


#: The only log events whose entries hold lists or dicts (see the package docstring).
_NESTED_EVENTS = frozenset({"start", "stage", "replace", "end"})


def copy_entry(entry):
    """A copy of one of the engine's own log entries that shares nothing mutable with it
    (their values are scalars, lists of scalars or of pairs, or the final money dict)."""
    out = dict(entry)
    if entry["event"] in _NESTED_EVENTS:
        for key, value in entry.items():
            if type(value) is list:
                out[key] = [v[:] if type(v) is list else v for v in value]
            elif type(value) is dict:
                out[key] = dict(value)
    return out


def _deep_copy(value):
    if type(value) is dict:
        return {k: _deep_copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_deep_copy(v) for v in value]
    return value


def _token_out(players, token):
    return [players[token[0]], token[1]]


def _slot_out(index):
    return None if index is None else SLOTS[index]


def dump_state(s):
    players = s.players
    stage = None
    if s.stage is not None:
        st = s.stage
        stage = {
            "kind": st["kind"],
            "petitioners": [players[p] for p in st["petitioners"]],
            "bargaining": [players[p] for p in st["bargaining"]],
            "offers": [[players[p], a, _slot_out(slot)] for p, a, slot in st["offers"]],
            "accepted": [
                [players[p], a, _slot_out(slot), paid, bank]
                for p, a, slot, paid, bank in st["accepted"]
            ],
            "negotiating": st["negotiating"],
            "advisors": [_token_out(players, t) for t in st["advisors"]],
            "type": st["type"],
            "slot": _slot_out(st["slot"]),
            "kinds": list(st["kinds"]),
        }
    return {
        "version": 1,
        "players": list(players),
        "money": list(s.money),
        "round": s.round,
        "first_player": players[s.first],
        "current_player": players[s.current],
        "phase": s.phase,
        "castles": [
            [None if t is None else _token_out(players, t) for t in castle] for castle in s.castles
        ],
        "waiting": [[_token_out(players, t) for t in w] for w in s.waiting],
        "island": [_token_out(players, t) for t in s.island],
        "hands": [list(h) for h in s.hands],
        "stage": stage,
        "sends_left": s.sends_left,
        "resigned": [p for i, p in enumerate(players) if s.resigned[i]],
        "log": [copy_entry(e) for e in s.log],
    }


def _check(condition, what):
    if not condition:
        raise ValueError(what)


def load_state(data):
    """The state ``dump_state`` made ``data`` from; ValueError/KeyError/TypeError if not one."""
    _check(isinstance(data, dict) and data.get("version") == 1, "unknown version")
    players = tuple(data["players"])
    _check(all(isinstance(p, str) for p in players), "players")
    seat = {p: i for i, p in enumerate(players)}
    _check(len(seat) == len(players), "duplicate players")
    n = len(players)

    def seat_of(player):
        return seat[player]

    def token_in(pair):
        owner, name = pair
        _check(name in ADVISORS, f"advisor {name!r}")
        return (seat_of(owner), name)

    def slot_in(value):
        if value is None:
            return None
        return SLOTS.index(value)

    s = State.__new__(State)
    s.players = players
    s.seat = seat
    s.money = [int(m) for m in data["money"]]
    _check(len(s.money) == n, "money")
    s.round = int(data["round"])
    s.first = seat_of(data["first_player"])
    s.current = seat_of(data["current_player"])
    s.phase = data["phase"]
    _check(s.phase in _PHASES, "phase")
    s.castles = [[None if t is None else token_in(t) for t in c] for c in data["castles"]]
    _check(len(s.castles) == n and all(len(c) == len(SLOTS) for c in s.castles), "castles")
    s.waiting = [[token_in(t) for t in w] for w in data["waiting"]]
    _check(len(s.waiting) == n, "waiting")
    s.island = [token_in(t) for t in data["island"]]
    s.hands = [list(h) for h in data["hands"]]
    _check(len(s.hands) == n and all(a in ADVISORS for h in s.hands for a in h), "hands")
    st = data["stage"]
    if st is None:
        s.stage = None
    else:
        _check(st["kind"] in _STAGE_KINDS, "stage kind")
        _check(st["type"] is None or st["type"] in KINDS, "stage type")
        s.stage = {
            "kind": st["kind"],
            "petitioners": tuple(seat_of(p) for p in st["petitioners"]),
            "bargaining": tuple(seat_of(p) for p in st["bargaining"]),
            "offers": tuple((seat_of(p), int(a), slot_in(slot)) for p, a, slot in st["offers"]),
            "accepted": tuple(
                (seat_of(p), int(a), slot_in(slot), int(paid), bool(bank))
                for p, a, slot, paid, bank in st["accepted"]
            ),
            "negotiating": bool(st["negotiating"]),
            "advisors": tuple(token_in(t) for t in st["advisors"]),
            "type": st["type"],
            "slot": slot_in(st["slot"]),
            "kinds": tuple(st["kinds"]),
        }
    s.sends_left = int(data["sends_left"])
    # states stored before resignations existed have no "resigned": nobody left
    gone = {seat_of(p) for p in data.get("resigned", [])}
    s.resigned = tuple(i in gone for i in range(n))
    _check(all(type(e) is dict and "event" in e for e in data["log"]), "log")
    s.log = [_deep_copy(e) for e in data["log"]]
    return s
