"""The engine contract, the ``IllegalAction`` error and the seeded cryptographic RNG.

An engine is plain data and pure functions: a state goes in, a new state comes out, the old
one is never touched. ``docs/engines.md`` (at the repository root) is the binding contract;
the ``Engine`` class below documents it method by method, optional methods included, each
with the default an engine gets when it says nothing.
"""

import hashlib
import json
import os

_sha256 = hashlib.sha256
_from_bytes = int.from_bytes  # looked up once: a hot call of the seeded draws


def N_(template: str) -> str:
    """Mark an English message template for translation without translating it (engines
    cannot import Django). `makemessages` extracts `N_("...")` (the keyword is added by the
    site's makemessages command); the table translates the template in the player's
    language, then fills in the parameters (`IllegalAction.template`, `.params`)."""
    return template


class IllegalAction(ValueError):
    """An action that is not legal now: malformed, unknown, wrong player or wrong moment.

    The message is meant for a player to read. Raise it with an `N_`-marked template and
    its parameters, `IllegalAction(N_("Unknown target %(target)s"), target="'p9'")` (or a
    `params` dict), so the table can show it translated; `str(error)` stays the formatted
    English text. A plain string (no parameters) still works: it is shown as it is unless
    the catalogue happens to translate it.
    """

    def __init__(self, message="", params=None, **kwargs):
        self.template = str(message)
        self.params = {**(params or {}), **kwargs}
        super().__init__(self.formatted(self.template))

    def formatted(self, template: str) -> str:
        """`template` (this error's template, or its translation) with the parameters."""
        if not self.params:
            return template
        try:
            return template % self.params
        except (KeyError, ValueError, TypeError):
            return self.template % self.params


#: Action types by which a player leaves a game (``Engine.resign_action``).
RESIGN_TYPES = ("resign", "forfeit", "concede")


class Engine:
    """The surface every game engine implements (all methods are pure).

    The methods up to ``outcome``, and ``dump``/``load``, are required. The rest are
    optional: each has a documented default here, so the platform may call it on any engine.
    """

    name = ""

    #: The fewest and the most players a game takes. The defaults are the widest range the
    #: platform seats; every site engine sets its own.
    min_players = 1
    max_players = 8

    def new_game(self, players, options=None, seed=None):
        """Start a game for ``players`` (opaque strings, seat order) from ``seed``.

        ``seed`` is bytes or an int; every random draw of the game comes from it. Bad
        players/options raise ``ValueError`` (``IllegalAction`` is one) with a clear message.
        """
        raise NotImplementedError

    def legal_actions(self, state, player):
        """Every legal action (a list of JSON dicts with a "type") of ``player`` now."""
        raise NotImplementedError

    def apply(self, state, player, action):
        """Return the state after ``player`` plays ``action``; ``state`` is left unchanged.

        Raises ``IllegalAction`` (and nothing else) for anything not in ``legal_actions``.
        """
        raise NotImplementedError

    def waiting_for(self, state):
        """The players who may act now, in seat order (empty once the game is over)."""
        raise NotImplementedError

    def default_action(self, state, player):
        """The action a timeout plays for ``player`` (one of ``legal_actions``)."""
        raise NotImplementedError

    def view(self, state, player):
        """What ``player`` may know, as a JSON-serializable dict (``None``: a spectator)."""
        raise NotImplementedError

    def outcome(self, state):
        """``None`` while the game runs, else a dict with at least ``"winners"``."""
        raise NotImplementedError

    #: The standing orders this engine can follow (slugs; see ``standing_answer``).
    standing_orders = ()

    def standing_answer(self, state, player, orders):
        """What ``player``'s standing ``orders`` (slugs of ``standing_orders``) play now.

        Returns ``(action or None, orders_left)``: the action (one of ``legal_actions``) the
        platform plays for ``player`` as their own move, and the orders still standing
        afterwards (an order may lapse, e.g. "until my turn"). It may use only what
        ``player`` may know (their view and legal actions), and acts only when ``player`` is
        waited for. The base engine has no orders.
        """
        return None, set(orders)

    def standing_answer_hidden(self, state, player, orders):
        """True when what ``standing_answer`` plays now depends on what ``player`` alone
        knows (their hidden cards): the platform then plays it at a pace drawn like a
        person's answer, so that neither its timing nor its content tells the others more
        than a person's answer would. False: it depends only on public facts (e.g. "pass
        unless targeted") and may be played at once. The base engine says True: an engine
        that does not tell gets the careful pace."""
        return True

    def decision_key(self, state, player):
        """A short string naming the question ``player`` faces now (``None``: no key).

        Two moments give ``player`` the same key exactly when their decision is the same:
        the same legal actions and the same view, except for who else is still to answer
        (every ``"waiting_for"`` of the view). Another player's pass in a window everyone
        answers at once leaves it unchanged; a challenge, a block, a resolution, a new turn
        change it. The platform accepts a move made on a page showing the player's current
        key even when other moves were applied meanwhile. It is computed from ``player``'s
        own view and legal actions only, so it tells them nothing they do not know.

        An engine whose view changes for other reasons when someone else answers the same
        question (a count of answers, a log line per pass) overrides this with a narrower
        key; one that returns ``None`` makes every change of the game a stale page.
        """
        return decision_key_of(self.view(state, player), self.legal_actions(state, player))

    def decision_id(self, state):
        """A short string naming the decision the whole table faces now (``None``: no
        decision, e.g. once the game is over, or an engine that does not say: the default).

        Unlike the per-player ``decision_key``, it is one value for the table: the same while
        one decision goes on (players passing a response window one by one, bargaining
        within one stage) and new with each new decision (a new turn or step, a challenge, a
        block, a loss to choose, the next stage). Never reused later in the same game.
        Deterministic, computed from the state alone, and telling nothing hidden.
        """
        return None

    def in_window(self, state):
        """True when the decision pending is a response window (the short deadline), False
        for a turn. Default: a window when some player waited for may ``pass``."""
        for player in self.waiting_for(state):
            if any(a.get("type") == "pass" for a in self.legal_actions(state, player)):
                return True
        return False

    #: ``decision_continues(state) -> bool``: True when the last action left the pending
    #: decision open (its deadline is kept), False when it opened a new one. ``None`` (the
    #: default, an attribute and not a method) means the engine does not say: the platform
    #: then reads "fewer players waited for" as the same decision going on. Intrigue says.
    decision_continues = None

    def resign_action(self, state, player):
        """The action by which ``player`` leaves the game now, or ``None`` when they cannot
        (the engine has no resignation, the player is out, the game is over). Default: the
        first legal action of ``player`` whose type is one of ``RESIGN_TYPES``."""
        for action in self.legal_actions(state, player):
            if action.get("type") in RESIGN_TYPES:
                return action
        return None

    def describe(self, entry, lang="en", names=None):
        """One log entry of the view (a dict with an ``"event"``) as a sentence: a
        ``games.engines.sentences.Sentence`` (an ``N_`` template and its parameters, which
        the platform translates; ``lang`` is no longer read) with ``names`` (player id ->
        display name) put in. ``None`` (the default: the engine has no sentences) makes the
        platform show the entry as it is."""
        return None

    def dump(self, state):
        """A JSON-serializable dict that ``load`` turns back into an equal state."""
        raise NotImplementedError

    def load(self, data):
        """The state that ``dump`` produced ``data`` from."""
        raise NotImplementedError


def _without_waiting(value):
    if isinstance(value, dict):
        return {k: _without_waiting(v) for k, v in value.items() if k != "waiting_for"}
    if isinstance(value, list | tuple):
        return [_without_waiting(v) for v in value]
    return value


def decision_key_of(view, legal_actions) -> str:
    """``Engine.decision_key`` from a view and legal actions already at hand: SHA-256 (hex,
    32 digits) of both as canonical JSON, every ``"waiting_for"`` of the view left out."""
    text = json.dumps(
        [_without_waiting(view), legal_actions], sort_keys=True, separators=(",", ":"), default=str
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def seed_to_key(seed) -> bytes:
    """Turn a game seed (bytes, int, str or None) into a 32-byte key.

    ``None`` draws a fresh key from the operating system (never the clock).
    """
    if type(seed) is int:  # the common case first: the same bytes as below, one concat
        return _sha256(b"games.engines seed\x00i:" + str(seed).encode()).digest()
    if seed is None:
        raw = os.urandom(32)
    elif isinstance(seed, bool):
        raise ValueError("A seed must be bytes or an int, not a bool")
    elif isinstance(seed, (bytes, bytearray)):
        raw = b"b:" + bytes(seed)
    elif isinstance(seed, int):
        raw = b"i:" + str(seed).encode()
    elif isinstance(seed, str):
        raw = b"s:" + seed.encode()
    else:
        raise ValueError("A seed must be bytes or an int")
    return hashlib.sha256(b"games.engines seed\x00" + raw).digest()


_MASK64 = (1 << 64) - 1


_PREFIXES: dict = {}
_FACTORIALS = [1]
for _i in range(1, 58):
    _FACTORIALS.append(_FACTORIALS[-1] * _i)
_BIG = 1 << 256
_WORD = 1 << 64
# counter -> its 8 big-endian bytes (the counters of a game stay small)
_COUNTERS = tuple(i.to_bytes(8, "big") for i in range(1024))
# m -> the largest multiple of m! not above 2**64 (rejection bound of shuffle_at), m <= 20
_LIMITS64 = [_WORD - _WORD % _FACTORIALS[m] for m in range(21)]


def _prefix(key: bytes):
    """The SHA-256 state after absorbing the key (cached per key)."""
    h = _PREFIXES.get(key)
    if h is None:
        if len(_PREFIXES) > 4096:
            _PREFIXES.clear()
        h = _PREFIXES[key] = hashlib.sha256(key)
    return h


class SeededRandom:
    """A deterministic random stream: SHA-256 in counter mode over the 32-byte key.

    Block ``i`` is SHA-256(key || i as 8 bytes) (the key is itself a SHA-256 output of the
    seed and every input has the same length). Each block gives four 64-bit words. The
    position in the stream (``counter``) is plain data, so a game state can carry it and
    replay it. Never uses Python's ``random``.
    """

    __slots__ = ("key", "counter", "_words", "_h")

    def __init__(self, key: bytes, counter: int = 0):
        self.key = key
        self.counter = counter
        self._words = []
        self._h = _prefix(key)

    def _refill(self):
        h = self._h.copy()
        h.update(self.counter.to_bytes(8, "big"))
        self.counter += 1
        word = int.from_bytes(h.digest(), "big")
        self._words = [
            word & _MASK64,
            (word >> 64) & _MASK64,
            (word >> 128) & _MASK64,
            word >> 192,
        ]

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError("below() needs a positive bound")
        limit = (_MASK64 + 1) - ((_MASK64 + 1) % n)
        while True:
            if not self._words:
                self._refill()
            word = self._words.pop()
            if word < limit:
                return word % n

    def _block(self) -> int:
        h = self._h.copy()
        h.update(self.counter.to_bytes(8, "big"))
        self.counter += 1
        return int.from_bytes(h.digest(), "big")

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher-Yates); see ``shuffle_at``."""
        self._words = []
        self.counter = shuffle_at(self.key, self.counter, items)

    def choice(self, items):
        """One element of the non-empty sequence ``items``."""
        return items[self.below(len(items))]

    def finish(self) -> int:
        """Drop the unused words of the current block; return the counter to store.

        A state only stores the counter: the next draw starts on a fresh block, so the
        stream is a function of (key, counter) alone.
        """
        self._words = []
        return self.counter


def order_index(key: bytes, counter: int, m: int):
    """The uniform number below ``m``! (2 <= m <= 20) that ``shuffle_at`` draws for ``m``
    items from block ``counter``, and the counter after it: ``(index, counter)``.

    Index ``i`` (m <= 8) means the order ``permutations(range(m))[i]`` (lexicographic), so
    a caller may keep its own table of what each order deals.
    """
    return _draw_order(key, counter, m)


def _draw_order(key: bytes, counter: int, m: int):
    """The uniform number below ``m``! (2 <= m <= 57) that picks the order of ``m`` items,
    and the counter after the blocks used: one SHA-256 of the key and the counter per block
    (absorbing the key ahead, as ``_prefix`` does, saves nothing: key and counter fit one
    SHA-256 block), its top 64 bits up to 20 items, all 256 above, a block at or above the
    largest multiple of ``m``! rejected."""
    limit, shift, orders = _DRAWS[m]
    while True:
        block = _COUNTERS[counter] if counter < 1024 else counter.to_bytes(8, "big")
        x = _from_bytes(_sha256(key + block).digest(), "big") >> shift
        counter += 1
        if x < limit:
            return x % orders, counter


def below_at(key: bytes, counter: int, n: int):
    """``SeededRandom(key, counter).below(n)`` and the counter its ``finish()`` returns,
    without the object: ``(value, counter)``."""
    if n <= 1:
        return SeededRandom(key, counter).below(n), counter
    limit = _WORD - _WORD % n
    while True:
        block = _COUNTERS[counter] if counter < 1024 else counter.to_bytes(8, "big")
        digest = _sha256(key + block).digest()
        counter += 1
        for start in (0, 8, 16, 24):  # the words in the order ``below`` pops them
            x = _from_bytes(digest[start : start + 8], "big")
            if x < limit:
                return x % n, counter


def shuffle_at(key: bytes, counter: int, items: list) -> int:
    """Shuffle ``items`` in place with the stream of ``key`` from block ``counter``.

    One uniform number below len(items)! picks the order: an index into the table of all
    orders for up to 8 items, else the mixed-radix digits of Fisher-Yates swaps. The number
    comes from the top 64 bits of a block for up to 20 items, the whole 256-bit block for
    up to 57 (a block at or above the largest multiple of len(items)! is rejected and the
    next one drawn, so every permutation is exactly equally likely). Longer lists draw one
    64-bit word per swap. Returns the counter after the blocks used (a state stores it).
    """
    m = len(items)
    if m < 2:
        return counter
    if m > 57:
        r = SeededRandom(key, counter)
        for i in range(m - 1, 0, -1):
            j = r.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return r.counter
    x, counter = _draw_order(key, counter, m)
    if m <= _TABLE_MAX:
        table = _PERMUTATIONS.get(m) or _permutations(m)
        items[:] = map(items.__getitem__, table[x])
        return counter
    # Fisher-Yates from the end, swap i with j = the next digit of x in radix i + 1; two
    # swaps per division: x = q * (i + 1) * i + r gives the digits r % (i + 1), r // (i + 1).
    # (``%`` and ``//`` are cheaper than a call of ``divmod``; i + 1 and i - 1 come ready.)
    for i, i_1, k, radix in _SWAP_PAIRS[m]:
        r = x % radix
        x //= radix
        j = r % i_1
        items[i], items[j] = items[j], items[i]
        j = r // i_1
        items[k], items[j] = items[j], items[k]
    if m & 1 == 0:  # the last swap, i = 1
        j = x & 1
        items[1], items[j] = items[j], items[1]
    return counter


#: m -> (rejection bound, shift, m!) of the number drawn for m items (2 <= m <= 57): the
#: top 64 bits of a block (shift 192) up to 20 items, the whole 256 bits above
_DRAWS = {
    m: (_LIMITS64[m], 192, _FACTORIALS[m])
    if m <= 20
    else (_BIG - _BIG % _FACTORIALS[m], 0, _FACTORIALS[m])
    for m in range(2, 58)
}

#: m -> the Fisher-Yates steps of m items two at a time: (i, i + 1, i - 1, (i + 1) * i) for
#: i = m - 1, m - 3, ... down to 2 (m even leaves the step i = 1)
_SWAP_PAIRS = {
    m: tuple((i, i + 1, i - 1, (i + 1) * i) for i in range(m - 1, 1, -2)) for m in range(9, 58)
}


_TABLE_MAX = 8
_PERMUTATIONS: dict = {}


def _permutations(m):
    """All orders of ``m`` items (m <= 8), built once: index -> permutation is a bijection."""
    from itertools import permutations

    table = _PERMUTATIONS[m] = tuple(permutations(range(m)))
    return table
