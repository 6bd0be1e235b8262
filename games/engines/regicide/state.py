"""The game state: one ``__slots__`` object, copied shallowly on every apply.

Every field is immutable (ints, strs, tuples, None) or the shared constant ``game``, so
a shallow copy is a full copy: changing a state means replacing a field, never mutating
one. The log is a cons list ``(entry, previous)`` whose entries are never changed once
written; appending shares the whole past.
"""

from games.engines.base import N_, IllegalAction
from games.engines.regicide.cards import BIT, CARDS, ENEMY, NAME, TABLE, names_of

PLAY, DISCARD, CHOOSE, OVER = 0, 1, 2, 3
PHASES = ("play", "discard", "choose", "over")


class Game:
    """What never changes during a game, shared by every state of it."""

    __slots__ = ("players", "seat", "n", "max_hand", "jesters", "key", "solo", "all_yielded")

    def __init__(self, players, key):
        self.players = players = tuple(players)
        seat = _SEATS.get(players)
        if seat is None:
            if len(_SEATS) > 4096:
                _SEATS.clear()
            seat = _SEATS[players] = {p: i for i, p in enumerate(players)}
        self.seat = seat  # shared by every game of these players (never changed)
        self.n = n = len(players)
        self.jesters, self.max_hand = TABLE[n]
        self.key = key
        self.solo = n == 1
        self.all_yielded = (1 << n) - 1  # the ``yielded`` mask when every seat (bit) yielded


_SEATS: dict = {}


_FIELDS = (
    "hands",  # tuple of masks, per seat (cards.BIT)
    "tavern",  # tuple of bits, top first
    "discard",  # tuple of bits, oldest first
    "castle",  # tuple, top first (the current enemy is not in it)
    "enemy",  # the current enemy's card, None once the game is won
    "damage",  # damage dealt to the current enemy
    "shield",  # Spades shield counting against the current enemy
    "blocked",  # Spades played while a Spades enemy was immune (a Jester makes them count)
    "jester",  # True once a Jester cancelled the current enemy's immunity
    "table",  # plays against the current enemy: ((seat, canonical bits), ...)
    "cur",  # the current player's seat
    "phase",  # PLAY, DISCARD, CHOOSE or OVER
    "cover",  # in DISCARD: the damage to cover
    "yielded",  # bit mask: players whose most recent turn was a yield
    "jesters_left",  # solo: Jesters still set aside (0 otherwise)
    "ctr",  # the RNG counter
    "result",  # None, "won" or "lost"
    "log",  # cons list of entries (see ``entries``)
)


class State:
    __slots__ = ("game", *_FIELDS)

    def copy(self):
        s = State.__new__(State)
        s.game = self.game
        s.hands = self.hands
        s.tavern = self.tavern
        s.discard = self.discard
        s.castle = self.castle
        s.enemy = self.enemy
        s.damage = self.damage
        s.shield = self.shield
        s.blocked = self.blocked
        s.jester = self.jester
        s.table = self.table
        s.cur = self.cur
        s.phase = self.phase
        s.cover = self.cover
        s.yielded = self.yielded
        s.jesters_left = self.jesters_left
        s.ctr = self.ctr
        s.result = self.result
        s.log = self.log
        return s


def log_dicts(log):
    """The entries of a cons-list log as fresh dicts, oldest first: the rules' tuples
    (``entries``) made into dicts, a loaded log's dicts copied (their lists too)."""
    out = []
    while log is not None:
        entry = log[0]
        out.append(entry[0](*entry[1:]) if type(entry) is tuple else _copy_entry(entry))
        log = log[1]
    out.reverse()
    return out


_LIST_KEYS = ("cards", "players", "discarded")


def _copy_entry(entry):
    """A copy of a loaded log entry (its lists copied too)."""
    out = entry.copy()
    for key in _LIST_KEYS:
        if key in out:
            out[key] = list(out[key])
    return out


def _json_copy(value):
    """A deep copy of a JSON value (a loaded log entry may hold anything)."""
    if isinstance(value, dict):
        return {k: _json_copy(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_copy(v) for v in value]
    return value


def dump_state(s):
    g = s.game
    return {
        "version": 1,
        "players": list(g.players),
        "key": g.key.hex(),
        "ctr": s.ctr,
        "hands": [names_of(h) for h in s.hands],
        "tavern": list(map(NAME.__getitem__, s.tavern)),
        "discard": list(map(NAME.__getitem__, s.discard)),
        "castle": list(s.castle),
        "enemy": s.enemy,
        "damage": s.damage,
        "shield": s.shield,
        "blocked": s.blocked,
        "jester": s.jester,
        "table": [[seat, list(map(NAME.__getitem__, bits))] for seat, bits in s.table],
        "cur": s.cur,
        "phase": PHASES[s.phase],
        "cover": s.cover,
        "yielded": s.yielded,
        "jesters_left": s.jesters_left,
        "result": s.result,
        "log": log_dicts(s.log),
    }


def _int(value, low=0, high=None):
    if type(value) is not int or value < low or (high is not None and value > high):
        raise ValueError(f"bad number {value!r}")
    return value


def _cards(value, face=False):
    if not isinstance(value, list) or not all(type(c) is str and c in CARDS for c in value):
        raise ValueError(f"bad cards {value!r}")
    if face and not all(c in ENEMY for c in value):
        raise ValueError(f"not enemies {value!r}")
    return tuple(value)


def _bits(value):
    return tuple(BIT[c] for c in _cards(value))


def _mask(value):
    cards = _cards(value)
    if len(set(cards)) != len(cards):
        raise ValueError(f"a card twice in a hand {value!r}")
    return sum(BIT[c] for c in cards)


def load_state(data):
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError("unknown version")
    players = data["players"]
    if (
        not isinstance(players, list)
        or not 1 <= len(players) <= 4
        or not all(isinstance(p, str) for p in players)
        or len(set(players)) != len(players)
    ):
        raise ValueError("bad players")
    g = Game(players, bytes.fromhex(data["key"]))
    if len(g.key) != 32:
        raise ValueError("bad key")
    s = State.__new__(State)
    s.game = g
    s.ctr = _int(data["ctr"])
    hands = data["hands"]
    if not isinstance(hands, list) or len(hands) != g.n:
        raise ValueError("bad hands")
    s.hands = tuple(_mask(h) for h in hands)
    s.tavern = _bits(data["tavern"])
    s.discard = _bits(data["discard"])
    s.castle = _cards(data["castle"], face=True)
    enemy = data["enemy"]
    if enemy is not None and enemy not in ENEMY:
        raise ValueError("bad enemy")
    s.enemy = enemy
    s.damage = _int(data["damage"])
    s.shield = _int(data["shield"])
    s.blocked = _int(data["blocked"])
    if type(data["jester"]) is not bool:
        raise ValueError("bad jester")
    s.jester = data["jester"]
    table = []
    for item in data["table"]:
        seat, cards = item
        table.append((_int(seat, 0, g.n - 1), _bits(cards)))
    s.table = tuple(table)
    s.cur = _int(data["cur"], 0, g.n - 1)
    s.phase = PHASES.index(data["phase"])
    s.cover = _int(data["cover"])
    s.yielded = _int(data["yielded"], 0, g.all_yielded)
    s.jesters_left = _int(data["jesters_left"], 0, 2)
    if data["result"] not in (None, "won", "lost"):
        raise ValueError("bad result")
    s.result = data["result"]
    log = None
    for e in data["log"]:
        if not isinstance(e, dict):
            raise ValueError("bad log entry")
        log = (_json_copy(e), log)
    s.log = log
    return s


def load_or_refuse(data):
    try:
        return load_state(data)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise IllegalAction(N_("Not a Regicide game state: %(exc)s"), exc=str(exc)) from exc
