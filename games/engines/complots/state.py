"""The compact game state: one ``__slots__`` object, copied shallowly on every apply.

Conventions that make the shallow copy safe:

- ``coins``, ``lives``, ``hands``, ``stack`` and ``religion`` are lists copied by ``copy()``;
  everything inside them is immutable (ints, strs, tuples, frames treated as frozen dicts:
  a frame is changed by replacing it, never in place).
- ``court`` is a tuple, replaced whenever it changes.
- ``log`` is a cons list ``(entry, previous)``: appending shares the whole past. Entries
  are the documented dicts, never changed once logged; ``copy_entry`` copies one.
- ``game`` holds what never changes during a game (players, seats, characters, options, RNG
  key, action templates); every copy shares it.

A hand is a tuple of ``(character, status)`` pairs. Status: ``ALIVE`` (face down, a life),
``REVEALED`` (face up, lost), ``HIDDEN_LOST`` (lost to the Sorcière: face down, no life) and
``PENDING_LOSS`` (lost, while its owner may still announce the Sorcière).
"""

from games.engines.base import shuffle_at
from games.engines.complots.frames import (
    CHOOSE,
    KIND,
    TURN,
    WAITING,
)

ALIVE, REVEALED, HIDDEN_LOST, PENDING_LOSS = 0, 1, 2, 3

_FIELDS = (
    "coins",
    "lives",
    "hands",
    "court",
    "treasury",
    "hospice",
    "religion",
    "ctr",
    "cur",
    "turn",
    "stack",
    "log",
    "piles",
    "plague",
    "beggar",
    "winner",
)


class Game:
    """The constant part of a game, shared by every state of it."""

    __slots__ = (
        "players",
        "seat",
        "n",
        "characters",
        "charset",
        "sb",
        "tyr",
        "key",
        "copies",
        "first",
        "t",
        "blockers",
    )

    def __init__(self, players, characters, sb, tyr, key, first):
        self.players = players = tuple(players)
        self.characters = characters = tuple(characters)
        self.sb = bool(sb)
        self.tyr = bool(tyr)
        self.key = key
        self.first = first
        self.n = n = len(players)
        self.copies = 4 if n >= 7 else 3
        tkey = (players, characters)
        t = _TEMPLATES.get(tkey)
        if t is None:
            if len(_TEMPLATES) > 1024:
                _TEMPLATES.clear()
            self.seat = {p: i for i, p in enumerate(players)}
            self.charset = frozenset(characters)
            t = _TEMPLATES[tkey] = Templates(self)
        # shared by every game of these players and characters (never changed)
        self.seat = t.seat
        self.charset = t.charset
        self.t = t
        self.blockers = t.blockers


_TEMPLATES: dict = {}


def _read_only(self, *args, **kwargs):
    raise TypeError("Legal actions are shared and read-only: copy one with dict(action)")


class Action(dict):
    """A legal action as handed out by the engine: a plain JSON dict that refuses changes.

    ``legal_actions`` returns shared instances (no copy per call); ``dict(action)`` gives a
    mutable copy.
    """

    __slots__ = ()
    __setitem__ = __delitem__ = _read_only
    update = pop = popitem = clear = setdefault = __ior__ = _read_only

    def copy(self):
        return dict(self)

    def __reduce__(self):
        return (dict, (dict(self),))


#: ``{"type": "resign"}``: legal for every living player while the game runs, always last.
RESIGN = Action({"type": "resign"})


class ReadOnlyList(list):
    """A list inside a shared legal action (``exchange`` ``keep``): refuses changes."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def copy(self):
        return list(self)

    def __reduce__(self):
        return (list, (list(self),))

    def __deepcopy__(self, memo):
        return list(self)


class Templates:
    """Pre-built action dicts (never handed out: ``legal_actions`` returns copies)."""

    __slots__ = (
        "income",
        "foreign_aid",
        "coup",
        "power",
        "power_t",
        "examine",
        "convert",
        "plague",
        "beggar",
        "abuse",
        "challenge",
        "pass_",
        "block",
        "lose",
        "show",
        "announce",
        "pass_plague",
        "choose",
        "chal_list",
        "block_lists",
        "turns",
        "blockers",
        "turn_frames",
        "exchanges",
        "seat",
        "charset",
        "after",
        "others",
        "choose_lists",
        "choose_frames",
        "lose_frames",
    )

    def __init__(self, g):
        names = g.players
        self.seat = g.seat
        self.charset = g.charset
        self.income = Action({"type": "income"})
        self.foreign_aid = Action({"type": "foreign_aid"})
        self.coup = [Action({"type": "coup", "target": p}) for p in names]
        self.power = {}
        self.power_t = {}
        from games.engines.complots.characters import POWERS

        for c in g.characters:
            if c == "inquisiteur":
                self.power[c] = Action({"type": "power", "character": c, "mode": "exchange"})
                self.examine = [
                    Action({"type": "power", "character": c, "mode": "examine", "target": p})
                    for p in names
                ]
            elif c in POWERS:
                if POWERS[c][0]:
                    self.power_t[c] = [
                        Action({"type": "power", "character": c, "target": p}) for p in names
                    ]
                else:
                    self.power[c] = Action({"type": "power", "character": c})
        self.convert = [Action({"type": "convert", "target": p}) for p in names]
        self.plague = [Action({"type": "plague", "target": p}) for p in names]
        self.beggar = [Action({"type": "beggar", "target": p}) for p in names]
        self.pass_plague = [Action({"type": "pass_plague", "target": p}) for p in names]
        self.abuse = Action({"type": "abuse_of_trust"})
        self.challenge = Action({"type": "challenge"})
        self.pass_ = Action({"type": "pass"})
        self.chal_list = (self.challenge, self.pass_)
        self.block_lists = {}
        self.turns = {}
        # frames are never changed in place (they are replaced): one turn frame per seat
        self.turn_frames = tuple({KIND: TURN, WAITING: (i,)} for i in range(len(names)))
        self.exchanges = {}
        n = len(names)
        # seat -> the other seats clockwise from the next one / in seat order
        self.after = tuple(tuple((i + k) % n for k in range(1, n + 1)) for i in range(n))
        self.others = tuple(tuple(j for j in range(n) if j != i) for i in range(n))
        self.choose_lists = {}
        # two-player setup: the ``choose`` frame left once the other seat has chosen
        self.choose_frames = tuple({KIND: CHOOSE, WAITING: (i,)} for i in range(n))
        self.lose_frames = {}
        from games.engines.complots.characters import BLOCKED_BY

        self.blockers = {
            key: tuple(c for c in chars if c in g.charset) for key, chars in BLOCKED_BY.items()
        }
        from games.engines.complots.characters import CHARACTERS

        self.block = {c: Action({"type": "block", "character": c}) for c in CHARACTERS}
        self.lose = {c: Action({"type": "lose", "character": c}) for c in CHARACTERS}
        self.show = {c: Action({"type": "show", "character": c}) for c in CHARACTERS}
        self.announce = {c: Action({"type": "announce", "character": c}) for c in CHARACTERS}
        self.choose = {c: Action({"type": "choose", "character": c}) for c in CHARACTERS}


class State:
    """One moment of a game. Never mutated once returned by the engine."""

    __slots__ = ("game", "cache", "own", *_FIELDS)

    def copy(self):
        s = State.__new__(State)
        s.game = self.game
        s.cache = None
        s.own = False
        s.coins = self.coins
        s.lives = self.lives
        s.hands = self.hands
        s.court = self.court
        s.treasury = self.treasury
        s.hospice = self.hospice
        s.religion = self.religion
        s.ctr = self.ctr
        s.cur = self.cur
        s.turn = self.turn
        s.stack = self.stack[:]
        s.log = self.log
        s.piles = self.piles
        s.plague = self.plague
        s.beggar = self.beggar
        s.winner = self.winner
        return s

    def mine(self):
        """Take ownership of the per-seat lists before changing them (copy-on-write)."""
        if not self.own:
            self.coins = self.coins[:]
            self.lives = self.lives[:]
            self.hands = self.hands[:]
            if self.religion is not None:
                self.religion = self.religion[:]
            self.own = True

    def __eq__(self, other):
        if not isinstance(other, State):
            return NotImplemented
        return dump_state(self) == dump_state(other)

    __hash__ = None

    # -- small helpers used everywhere -------------------------------------------------

    def shuffle_court(self, extra=()):
        """Put ``extra`` cards into the Court and shuffle it from the seeded stream."""
        cards = [*self.court, *extra]
        self.ctr = shuffle_at(self.game.key, self.ctr, cards)
        self.court = tuple(cards)

    def swap_with_court(self, card):
        """Put ``card`` into the Court, shuffle it, draw the top card (``shuffle_court(
        (card,))`` then ``draw(1)``, in one go)."""
        cards = [*self.court, card]
        self.ctr = shuffle_at(self.game.key, self.ctr, cards)
        self.court = tuple(cards[1:])
        return cards[0]

    def add_log(self, entry):
        self.log = (entry, self.log)

    def draw(self, count=1):
        """Take ``count`` cards from the top of the Court."""
        drawn = self.court[:count]
        self.court = self.court[count:]
        return drawn


def copy_entry(entry):
    """A copy of a log entry that shares no list with the state."""
    return {k: (list(v) if isinstance(v, list) else v) for k, v in entry.items()}


def private_to(entry):
    """The one player a private log entry is for (what only they learn: a card drawn after
    a proven claim or a discard, the cards kept in an exchange, a card shown to them), or
    None for a public entry. ``view`` gives a private entry to that player only."""
    return entry.get("only")


def log_entries(log):
    """The entries of a cons log, oldest first (the stored dicts: see copy_entry)."""
    out = []
    while log is not None:
        out.append(log[0])
        log = log[1]
    out.reverse()
    return out


def _frame_to_json(frame):
    return {
        k: (list(v) if isinstance(v, tuple) else dict(v) if isinstance(v, dict) else v)
        for k, v in frame.items()
    }


def _frame_from_json(frame):
    return {
        k: (tuple(v) if isinstance(v, list) else dict(v) if isinstance(v, dict) else v)
        for k, v in frame.items()
    }


def dump_state(s):
    g = s.game
    return {
        "version": 1,
        "players": list(g.players),
        "characters": list(g.characters),
        "saint_barthelemy": g.sb,
        "tyrannie": g.tyr,
        "key": g.key.hex(),
        "first_player": g.first,
        "ctr": s.ctr,
        "coins": list(s.coins),
        "hands": [[[c, st] for c, st in hand] for hand in s.hands],
        "court": list(s.court),
        "treasury": s.treasury,
        "hospice": s.hospice,
        "religion": list(s.religion) if s.religion is not None else None,
        "cur": s.cur,
        "turn": s.turn,
        "stack": [_frame_to_json(f) for f in s.stack],
        "log": [copy_entry(e) for e in log_entries(s.log)],
        "piles": [list(p) for p in s.piles] if s.piles is not None else None,
        "plague": s.plague,
        "beggar": s.beggar,
        "winner": s.winner,
    }


def load_state(data):
    g = Game(
        data["players"],
        data["characters"],
        data["saint_barthelemy"],
        data["tyrannie"],
        bytes.fromhex(data["key"]),
        data["first_player"],
    )
    s = State.__new__(State)
    s.game = g
    s.cache = None
    s.own = True
    s.ctr = int(data["ctr"])
    s.coins = [int(c) for c in data["coins"]]
    s.hands = [tuple((c, int(st)) for c, st in hand) for hand in data["hands"]]
    s.lives = [sum(1 for _, st in hand if st == ALIVE) for hand in s.hands]
    s.court = tuple(data["court"])
    s.treasury = int(data["treasury"])
    s.hospice = int(data["hospice"])
    s.religion = list(data["religion"]) if data["religion"] is not None else None
    s.cur = int(data["cur"])
    s.turn = int(data["turn"])
    s.stack = [_frame_from_json(f) for f in data["stack"]]
    log = None
    for e in data["log"]:
        log = (copy_entry(e), log)
    s.log = log
    s.piles = tuple(tuple(p) for p in data["piles"]) if data["piles"] is not None else None
    s.plague = int(data["plague"])
    s.beggar = int(data["beggar"])
    s.winner = int(data["winner"])
    return s
