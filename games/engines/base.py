"""The engine contract, the ``IllegalAction`` error and the seeded cryptographic RNG.

An engine is plain data and pure functions: a state goes in, a new state comes out, the old
one is never touched. See /work/shared/design/ENGINES.md for the binding contract; the
``Engine`` class below documents it method by method.
"""

import hashlib
import hmac
import os


class IllegalAction(ValueError):
    """An action that is not legal now: malformed, unknown, wrong player or wrong moment.

    The message is meant for a player to read.
    """


class Engine:
    """The surface every game engine implements (all methods are pure)."""

    name = ""

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

    def dump(self, state):
        """A JSON-serializable dict that ``load`` turns back into an equal state."""
        raise NotImplementedError

    def load(self, data):
        """The state that ``dump`` produced ``data`` from."""
        raise NotImplementedError


def seed_to_key(seed) -> bytes:
    """Turn a game seed (bytes, int, str or None) into a 32-byte key.

    ``None`` draws a fresh key from the operating system (never the clock).
    """
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


class SeededRandom:
    """A deterministic random stream: HMAC-SHA256(key, counter) in counter mode.

    Each block gives four 64-bit words. The position in the stream (``counter``) is plain
    data, so a game state can carry it and replay it. Never uses Python's ``random``.
    """

    __slots__ = ("key", "counter", "_words")

    def __init__(self, key: bytes, counter: int = 0):
        self.key = key
        self.counter = counter
        self._words = []

    def _refill(self):
        block = hmac.new(self.key, self.counter.to_bytes(8, "big"), hashlib.sha256).digest()
        self.counter += 1
        self._words = [int.from_bytes(block[i : i + 8], "big") for i in (24, 16, 8, 0)]

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

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

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
