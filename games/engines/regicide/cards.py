"""The cards: names, values, suits, the canonical order, legal plays and covering discards.

A card is a string: rank then suit (``"AS"``, ``"7H"``, ``"10C"``, ``"JD"``, ``"QS"``,
``"KH"``), or a Jester ``"X1"`` / ``"X2"``. Values: Ace 1 (an animal companion), 2-10 their
number, Jack 10, Queen 15, King 20, Jester 0. Enemies (the Castle): Jack 20 health / 10
attack, Queen 30 / 15, King 40 / 20.

Hands, plays and discards are tuples in the canonical order, which is plain string order
(``"10C" < "2H" < "AS" < "KD" < "X1"``): a play or a discard has exactly one spelling inside
the engine and sorting needs no key. Views show hands in the human order (``HUMAN``: rank,
then suit ``H D C S``, Jesters last).
"""

from itertools import combinations

SUITS = ("H", "D", "C", "S")
NUMBER_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")
FACE_RANKS = ("J", "Q", "K")
RANKS = ("A", *NUMBER_RANKS, *FACE_RANKS)
JESTERS = ("X1", "X2")

ALL_CARDS = tuple(r + s for r in RANKS for s in SUITS) + JESTERS
#: card -> its place in the human order (rank, then suit, Jesters last)
HUMAN = {c: i for i, c in enumerate(ALL_CARDS)}
#: every card name
CARDS = frozenset(ALL_CARDS)
#: card -> attack value (also its value when discarded to cover damage)
VALUE = {}
#: card -> suit letter, or None for a Jester
SUIT = {}
#: card -> rank string ("A", "2", ..., "K"), "X" for a Jester
RANK = {}
for _r in RANKS:
    for _s in SUITS:
        _c = _r + _s
        RANK[_c] = _r
        SUIT[_c] = _s
        VALUE[_c] = {"A": 1, "J": 10, "Q": 15, "K": 20}.get(_r) or int(_r)
for _j in JESTERS:
    RANK[_j] = "X"
    SUIT[_j] = None
    VALUE[_j] = 0

#: enemy card -> (health, attack)
ENEMY = {}
for _s in SUITS:
    ENEMY["J" + _s] = (20, 10)
    ENEMY["Q" + _s] = (30, 15)
    ENEMY["K" + _s] = (40, 20)

FACE_CARDS = frozenset(ENEMY)
#: the Tavern's cards before the Jesters: 2-10 of every suit and the four Aces
TAVERN_BASE = tuple(r + s for r in ("A", *NUMBER_RANKS) for s in SUITS)

#: players -> (Jesters in the Tavern, maximum hand size)
TABLE = {1: (0, 8), 2: (0, 7), 3: (1, 6), 4: (2, 5)}


def sort_cards(cards):
    """``cards`` as a tuple in the canonical order."""
    return tuple(sorted(cards))


def human_sorted(cards):
    """``cards`` as a list in the human order."""
    return sorted(cards, key=HUMAN.__getitem__)


def hand_value(hand):
    """The total a hand can discard to cover damage."""
    v = VALUE
    total = 0
    for c in hand:
        total += v[c]
    return total


# --- plays -------------------------------------------------------------------------------------


def legal_plays(hand):
    """Every legal step-1 play from ``hand`` (a canonical tuple), as canonical tuples.

    Single cards (a Jester only alone), an animal companion (Ace) with one other card that
    is not a Jester (another Ace included), and sets of 2, 3 or 4 cards of the same rank
    2-10 whose total is at most 10. Singles come first, in hand order.
    """
    plays = [(c,) for c in hand]
    if len(hand) > 1:
        plays.extend(extra_plays(hand))
    return plays


def extra_plays(hand):
    """The plays of ``legal_plays`` with two cards or more."""
    aces = None
    low = None
    for c in hand:
        r = c[0]
        if r == "A":
            if aces is None:
                aces = [c]
            else:
                aces.append(c)
        elif r in "2345":
            if low is None:
                low = [c]
            else:
                low.append(c)
    if aces is None and (low is None or len(low) < 2):
        return ()
    out = []
    if aces is not None:
        for a in aces:
            for c in hand:
                # each pair once: another Ace only when it comes later; never a Jester
                if c[0] == "X" or c == a or (c[0] == "A" and c < a):
                    continue
                out.append((a, c) if a < c else (c, a))
    if low is not None and len(low) > 1:
        combos = _COMBOS.get(tuple(low))
        if combos is None:
            combos = _COMBOS[tuple(low)] = _combos(low)
        out.extend(combos)
    return out


_COMBOS: dict = {}


def _combos(low):
    """Same-rank sets worth 10 or less from the cards ``low`` (ranks 2-5, canonical order:
    the cards of a rank are next to each other)."""
    out = []
    i, n = 0, len(low)
    while i < n:
        r = low[i][0]
        j = i + 1
        while j < n and low[j][0] == r:
            j += 1
        group = low[i:j]
        top = min(len(group), 10 // VALUE[low[i]])
        for size in range(2, top + 1):
            out.extend(combinations(group, size))
        i = j
    return tuple(out)


#: canonical play -> (attack value, suits as a string of "HDCS" letters, is a Jester)
_PLAY_INFO: dict = {}


def play_info(cards):
    """``(attack, suits, jester)`` of a legal play: its total value, the letters of the
    suits it holds, and whether it is a Jester."""
    info = _PLAY_INFO.get(cards)
    if info is None:
        attack = sum(VALUE[c] for c in cards)
        suits = "".join(sorted({c[-1] for c in cards if c[0] != "X"}))
        info = _PLAY_INFO[cards] = (attack, suits, cards[0][0] == "X")
    return info


def is_legal_play(cards, hand):
    """Whether the canonical tuple ``cards`` is one of ``legal_plays(hand)`` (no listing)."""
    k = len(cards)
    if k == 0 or k > 4:
        return False
    for c in cards:
        if c not in hand:
            return False
    if k == 1:
        return True
    if len(set(cards)) != k:
        return False
    rank = RANK
    if k == 2 and (rank[cards[0]] == "A" or rank[cards[1]] == "A"):
        return rank[cards[0]] != "X" and rank[cards[1]] != "X"
    r = rank[cards[0]]
    if r not in ("2", "3", "4", "5"):
        return False
    for c in cards:
        if rank[c] != r:
            return False
    return VALUE[cards[0]] * k <= 10


# --- covering discards -------------------------------------------------------------------------


def minimal_covers(hand, need):
    """The covering discards from ``hand`` worth at least ``need`` > 0 from which no card can
    be removed (every card is needed), as tuples from the most valuable card down (ties in
    canonical order): one spelling per set, without a sort per set."""
    value = VALUE
    cards = sorted((c for c in hand if value[c]), key=_by_value)
    values = tuple([value[c] for c in cards])
    key = (values, need)
    picks = _COVERS.get(key)
    if picks is None:
        if len(_COVERS) > 50_000:
            _COVERS.clear()
        picks = _COVERS[key] = _minimal_picks(values, need)
    get = cards.__getitem__
    return [tuple(map(get, pick)) for pick in picks]


def _by_value(card):
    return (-VALUE[card], card)


_COVERS: dict = {}


def _minimal_picks(values, need):
    """The minimal covers of ``need`` as tuples of indices into ``values`` (decreasing).

    A depth-first walk by decreasing value: the last value added is the smallest, so a set
    that reaches ``need`` with it and not without it is minimal.
    """
    k = len(values)
    left = [0] * (k + 1)  # left[i]: the sum of values[i:]
    for i in range(k - 1, -1, -1):
        left[i] = left[i + 1] + values[i]
    out = []
    if left[0] < need:
        return ()
    chosen = []

    def walk(start, total):
        for i in range(start, k):
            if total + left[i] < need:
                return
            v = values[i]
            chosen.append(i)
            if total + v >= need:
                out.append(tuple(chosen))
            else:
                walk(i + 1, total + v)
            chosen.pop()

    walk(0, 0)
    return tuple(out)


def cheapest_cover(hand, need):
    """The covering discard of least total value, then fewest cards (then canonical order),
    spelled as ``minimal_covers`` lists it; None when the hand cannot cover ``need``. The
    cheapest cover is always a minimal one."""
    best = None
    best_key = None
    for cards in minimal_covers(hand, need):
        key = (hand_value(cards), len(cards), sorted(cards))
        if best_key is None or key < best_key:
            best, best_key = cards, key
    return best


def is_cover(cards, hand, need):
    """Whether the canonical tuple ``cards`` is a set of cards of ``hand`` worth at least
    ``need`` (minimal or not)."""
    if not cards or len(set(cards)) != len(cards):
        return False
    for c in cards:
        if c not in hand:
            return False
    return hand_value(cards) >= need
