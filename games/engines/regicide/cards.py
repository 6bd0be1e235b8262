"""The cards: names, values, suits, the canonical order, card masks and covering discards.

A card is a string: rank then suit (``"AS"``, ``"7H"``, ``"10C"``, ``"JD"``, ``"QS"``,
``"KH"``), or a Jester ``"X1"`` / ``"X2"``. Values: Ace 1 (an animal companion), 2-10 their
number, Jack 10, Queen 15, King 20, Jester 0. Enemies (the Castle): Jack 20 health / 10
attack, Queen 30 / 15, King 40 / 20.

The canonical order is plain string order (``"10C" < "2H" < "AS" < "KD" < "X1"``): a play
or a discard has exactly one spelling. Views show hands in the human order (``HUMAN``:
rank, then suit ``H D C S``, Jesters last).

Inside the engine a card is a bit: ``BIT[card] == 1 << i`` where ``i`` is the card's place
in the canonical order (``NAMES``). A hand is the sum of its bits (a mask), so taking a card
out or adding one is one integer operation, and walking a mask's bits from the lowest up
gives its cards in the canonical order. The Tavern, the discard pile and the table hold
tuples of bits.
"""

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

#: the Tavern's cards before the Jesters: 2-10 of every suit and the four Aces
TAVERN_BASE = tuple(r + s for r in ("A", *NUMBER_RANKS) for s in SUITS)

#: players -> (Jesters in the Tavern, maximum hand size)
TABLE = {1: (0, 8), 2: (0, 7), 3: (1, 6), 4: (2, 5)}

# --- bits and masks ----------------------------------------------------------------------------

#: the canonical order: index -> card
NAMES = tuple(sorted(ALL_CARDS))
#: card -> its bit
BIT = {c: 1 << i for i, c in enumerate(NAMES)}
#: bit -> card
NAME = {b: c for c, b in BIT.items()}
#: bit -> value
BIT_VALUE = {b: VALUE[c] for c, b in BIT.items()}
# The suit bits: a play's suits (``suits`` of a play action) are an or of them, one per
# suit power: Hearts heal from the discard pile, Diamonds draw, Clubs double the damage,
# Spades shield against the enemy's attack.
HEARTS, DIAMONDS, CLUBS, SPADES = 1, 2, 4, 8
#: suit letter -> its suit bit
SUIT_BIT = {"H": HEARTS, "D": DIAMONDS, "C": CLUBS, "S": SPADES}
JESTER_SUITS = 16  # the "suits" of a Jester play: a bit of its own, no suit power
#: bit -> the suit bit of the card (0 for a Jester)
BIT_SUIT = {b: SUIT_BIT.get(SUIT[c], 0) for c, b in BIT.items()}
JESTER_MASK = BIT["X1"] | BIT["X2"]
ACE_MASK = sum(BIT["A" + s] for s in SUITS)
#: bit -> the sort key of the covering discards: most valuable first, ties canonical
COVER_KEY = {BIT[c]: i for i, c in enumerate(sorted(NAMES, key=lambda c: (-VALUE[c], c)))}

# A mask read nine bits at a time: the value, bits and names of each piece, from tables
# (``mask >> 9 * k & 511``, 511 = nine bits set, is piece k; the last piece is what is left).
_PIECES = 6


def piece_tables(make):
    """For each of the six 9-bit pieces of a mask: piece value -> ``make(bits of the piece,
    in the canonical order)``; ``bits_of`` is made of such tables."""
    return tuple(
        tuple(make([1 << (9 * k + j) for j in range(9) if x >> j & 1]) for x in range(512))
        for k in range(_PIECES)
    )


_V0, _V1, _V2, _V3, _V4, _V5 = piece_tables(lambda bits: sum(BIT_VALUE.get(b, 0) for b in bits))
_B0, _B1, _B2, _B3, _B4, _B5 = piece_tables(lambda bits: tuple(b for b in bits if b in NAME))


def hand_value(mask):
    """The total a hand (a mask) can discard to cover damage."""
    return (
        _V0[mask & 511]
        + _V1[mask >> 9 & 511]
        + _V2[mask >> 18 & 511]
        + _V3[mask >> 27 & 511]
        + _V4[mask >> 36 & 511]
        + _V5[mask >> 45]
    )


def bits_of(mask):
    """The bits of ``mask`` as a tuple, in the canonical order."""
    return (
        _B0[mask & 511]
        + _B1[mask >> 9 & 511]
        + _B2[mask >> 18 & 511]
        + _B3[mask >> 27 & 511]
        + _B4[mask >> 36 & 511]
        + _B5[mask >> 45]
    )


def names_of(mask):
    """The cards of ``mask`` as a list, in the canonical order."""
    return list(map(NAME.__getitem__, bits_of(mask)))


def human_sorted(cards):
    """``cards`` as a list in the human order."""
    return sorted(cards, key=HUMAN.__getitem__)


# --- plays -------------------------------------------------------------------------------------


def is_play_shape(cards):
    """Whether the canonical tuple of distinct cards ``cards`` is a legal play's shape: one
    card; an Ace with one other card that is not a Jester; or 2-4 cards of one rank 2-5
    worth 10 or less in all."""
    k = len(cards)
    if k == 1:
        return True
    if k > 4:
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


#: (values, need) -> ``cover_picks(values, need)`` (bounded: cleared when large)
_PICKS: dict = {}


def cover_picks(values, need):
    """The minimal covers of ``need`` from cards of these ``values`` (decreasing: a tuple
    or bytes), in the order of a depth-first walk by decreasing value, each as a tuple of
    indices counted from the end of ``values`` (0: the last card).

    The walk lists the covers that take the first card (it alone when it is worth
    ``need``, else it with each cover of what is left to cover from the cards after it),
    then the covers of the cards after it. Counted from the end, the covers of the cards
    after it are those of the shorter list of values: cached, they are shared by every
    list ending the same way, and a list seen for the first time usually costs only the
    covers that take its first card. The last value added is the smallest, so a set that
    reaches ``need`` with it and not without it is minimal.
    """
    key = (values, need)
    picks = _PICKS.get(key)
    if picks is not None:
        return picks
    if not values or sum(values) < need:
        picks = ()
    else:
        first = values[0]
        end = len(values) - 1
        after = values[1:]
        if first >= need:
            picks = ((end,), *cover_picks(after, need))
        else:
            picks = (
                *[(end, *rest) for rest in cover_picks(after, need - first)],
                *cover_picks(after, need),
            )
    if len(_PICKS) > 100_000:
        _PICKS.clear()
    _PICKS[key] = picks
    return picks
