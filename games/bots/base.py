"""What every bot shares: the ``choose`` contract, the seeded randomness, the safe fallback.

A bot is a pure function of ``(view, legal_actions, seed)``: it returns one element of
``legal_actions`` (the very object, not a copy), the same one for the same arguments. It
never sees the state. Chance comes from ``seed`` (int, bytes or str) mixed with a short
fingerprint of the decision (whose seat, which turn, how long the log is), through
``games.engines.base.SeededRandom``: never Python's ``random``, never the clock.
"""

import hashlib

from games.engines.base import SeededRandom, seed_to_key

RESIGN = "resign"


def bot_random(seed, *context) -> SeededRandom:
    """A deterministic stream for one decision: ``seed`` mixed with ``context`` (strings)."""
    if seed is None:
        seed = b""
    key = seed_to_key(seed)
    if context:
        tail = "\x00".join(str(part) for part in context).encode()
        key = hashlib.sha256(b"games.bots\x00" + key + tail).digest()
    return SeededRandom(key)


def playable(legal_actions) -> list:
    """``legal_actions`` without ``resign`` (a bot never resigns while it has a choice)."""
    out = [a for a in legal_actions if a.get("type") != RESIGN]
    return out or list(legal_actions)


def weighted_choice(rng: SeededRandom, items, weights):
    """One of ``items`` drawn with the given non-negative weights (a zero total: uniform)."""
    scaled = [max(0, int(round(w * 1000))) for w in weights]
    total = sum(scaled)
    if total <= 0:
        return items[rng.below(len(items))]
    pick = rng.below(total)
    for item, weight in zip(items, scaled, strict=True):
        if pick < weight:
            return item
        pick -= weight
    return items[-1]


def uniform(rng: SeededRandom) -> float:
    """A float in [0, 1) from the stream."""
    return rng.below(1 << 30) / (1 << 30)


class Bot:
    """Base class: validates the call, drops ``resign``, and hands one decision to ``decide``.

    Subclasses implement ``decide(view, actions, rng, player)`` and return one element of
    ``actions`` (``legal_actions`` without ``resign``, never empty).
    """

    game = ""
    level = ""

    #: a searching bot takes a ``budget`` (playouts per decision) in ``decide``
    searches = False

    def choose(self, view, legal_actions, seed, player=None, budget=None):
        """One element of ``legal_actions`` for the seat that sees ``view``.

        ``player`` (optional) names the seat; by default it is read from the view.
        ``budget`` (optional, searching bots only): how many playouts a decision may use;
        a bot that does not search ignores it.
        """
        legal = list(legal_actions or ())
        if not legal:
            raise ValueError("A bot needs at least one legal action to choose from")
        if not isinstance(view, dict):
            raise ValueError("A bot needs the seat's view (a dict)")
        actions = playable(legal)
        if len(actions) == 1:
            return actions[0]
        player = player if player is not None else self.whoami(view, actions)
        log = view.get("log") or ()
        pending = view.get("pending") or {}
        rng = bot_random(
            seed, self.game, self.level, player, view.get("turn"), len(log), pending.get("moment")
        )
        if self.searches:
            action = self.decide(view, actions, rng, player, budget=budget)
        else:
            action = self.decide(view, actions, rng, player)
        if not any(action is a for a in actions):
            # a subclass may build an equal dict: hand back the engine's own object
            action = next((a for a in actions if a == action), actions[0])
        return action

    def whoami(self, view, actions):
        """The seat the view belongs to (``None`` if the view does not say)."""
        return None

    def decide(self, view, actions, rng, player):
        raise NotImplementedError

    def __repr__(self):
        return f"<{type(self).__name__} {self.game}/{self.level}>"
