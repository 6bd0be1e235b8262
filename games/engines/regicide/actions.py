"""The shared, read-only action dicts that ``legal_actions`` hands out, built once.

Every legal play of any hand exists once (about 300 of them, made at import), and every
covering discard once it has been listed. Each is an ``Action``: a plain JSON dict for the
outside world that also carries what ``apply`` needs (its kind, the mask and canonical bits
of its cards, their value and suits), so an action handed out by the engine is checked with
a few integer operations and applied without parsing. Equal plain dicts are accepted too
(``legal.check`` parses them and finds the shared action).
"""

from itertools import combinations, repeat
from operator import call, itemgetter

from games.engines.regicide.cards import (
    ACE_MASK,
    BIT,
    BIT_SUIT,
    BIT_VALUE,
    COVER_KEY,
    JESTER_MASK,
    JESTER_SUITS,
    NAME,
    NAMES,
    RANK,
    bits_of,
    cover_picks,
    piece_tables,
)

PLAY_KIND, DISCARD_KIND, YIELD_KIND, FLIP_KIND, CHOOSE_KIND = 0, 1, 2, 3, 4


def _read_only(self, *args, **kwargs):
    raise TypeError("Legal actions are shared and read-only: copy one with dict(action)")


class Action(dict):
    """A legal action as handed out by the engine: a plain JSON dict that refuses changes.

    ``legal_actions`` returns shared instances (no copy per call); ``dict(action)`` gives a
    mutable copy (its ``cards`` list stays read-only: ``list(cards)`` copies it). The slots
    are the engine's own reading of it (not part of the dict).
    """

    __slots__ = ("kind", "mask", "bits", "names", "value", "suits")
    __setitem__ = __delitem__ = _read_only
    update = pop = popitem = clear = setdefault = __ior__ = _read_only

    def copy(self):
        return dict(self)

    def __reduce__(self):
        return (dict, (dict(self),))


class ReadOnlyList(list):
    """The ``cards`` list of a shared legal action: refuses changes."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def copy(self):
        return list(self)

    def __reduce__(self):
        return (list, (list(self),))

    def __deepcopy__(self, memo):
        return list(self)


def _make(kind, data, mask=0, bits=(), names=None, value=0, suits=0):
    action = Action(data)
    action.kind = kind
    action.mask = mask
    action.bits = bits
    action.names = names
    action.value = value
    action.suits = suits
    return action


YIELD = _make(YIELD_KIND, {"type": "yield"})
FLIP = _make(FLIP_KIND, {"type": "flip_jester"})

# --- plays -------------------------------------------------------------------------------------

#: mask of a legal play -> its shared action
PLAYS: dict = {}


def _play(mask):
    bits = bits_of(mask)
    names = ReadOnlyList(map(NAME.__getitem__, bits))
    suits = 0
    for b in bits:
        suits |= BIT_SUIT[b]
    if mask & JESTER_MASK:
        suits = JESTER_SUITS
    value = sum(map(BIT_VALUE.__getitem__, bits))
    action = _make(PLAY_KIND, {"type": "play", "cards": names}, mask, bits, names, value, suits)
    PLAYS[mask] = action
    return action


#: bit -> the action playing that card alone
SINGLE = {b: _play(b) for b in NAME}
#: the single plays of a mask, piece by piece (see ``cards.piece_tables``)
_S0, _S1, _S2, _S3, _S4, _S5 = piece_tables(lambda bits: tuple(map(SINGLE.__getitem__, bits)))


def _ace_pairs(ace):
    """The partners an Ace is listed with (each pair once: another Ace only when it comes
    later in the canonical order; never a Jester), as their mask and the piece tables of
    the pairs, partners in the canonical order."""
    partners = sum(
        b for b in NAME if b != ace and not b & JESTER_MASK and not (b & ACE_MASK and b < ace)
    )
    pair = {b: _play(ace | b) for b in bits_of(partners)}
    return partners, piece_tables(lambda bits: tuple(pair[b] for b in bits if b in pair))


#: Ace bit -> (mask of its partners, piece tables of its pairs)
ACE_PAIRS = {a: _ace_pairs(a) for a in bits_of(ACE_MASK)}
_ACE_SHIFT = (ACE_MASK & -ACE_MASK).bit_length() - 1
assert ACE_MASK >> _ACE_SHIFT == 15  # the four Aces are four bits in a row
#: (hand >> _ACE_SHIFT) & 15 -> the bits of the Aces of that hand, in the canonical order
_ACES_IN = tuple(bits_of(x << _ACE_SHIFT) for x in range(16))


def _combos_of(group):
    """Same-rank sets worth 10 or less from the bits ``group`` (one rank 2-5, canonical)."""
    top = min(len(group), 10 // BIT_VALUE[group[0]])
    out = []
    for size in range(2, top + 1):
        for combo in combinations(group, size):
            out.append(PLAYS.get(sum(combo)) or _play(sum(combo)))
    return out


_LOW_RANKS = tuple(sum(BIT[r + s] for s in "CDHS") for r in ("2", "3", "4", "5"))
LOW_MASK = sum(_LOW_RANKS)
_LOW_SHIFT = (LOW_MASK & -LOW_MASK).bit_length() - 1
assert LOW_MASK >> _LOW_SHIFT == 0xFFFF  # the 2s to 5s are 16 bits in a row
#: (hand & LOW_MASK) >> _LOW_SHIFT -> the combos of that hand, ranks 2 to 5 in order (filled
#: as hands come: at most 65,536 entries)
_LOW_COMBOS: dict = {}


def _low_combos(low):
    out = []
    for rank in _LOW_RANKS:
        group = bits_of(low << _LOW_SHIFT & rank)
        if len(group) > 1:
            out.extend(_combos_of(group))
    combos = _LOW_COMBOS[low] = tuple(out)
    return combos


for _rank in _LOW_RANKS:  # every combo exists from the start
    _low_combos(_rank >> _LOW_SHIFT)
assert all(RANK[NAME[b]] in "2345" for b in bits_of(LOW_MASK))


def play_actions(hand):
    """Every legal play of ``hand`` (a mask), singles first in the canonical order, then the
    animal companions (Ace by Ace, partners in hand order), then the combos."""
    out = [
        *_S0[hand & 511],
        *_S1[hand >> 9 & 511],
        *_S2[hand >> 18 & 511],
        *_S3[hand >> 27 & 511],
        *_S4[hand >> 36 & 511],
        *_S5[hand >> 45],
    ]
    if hand & ACE_MASK:
        for a in _ACES_IN[hand >> _ACE_SHIFT & 15]:
            partners, (p0, p1, p2, p3, p4, p5) = ACE_PAIRS[a]
            p = hand & partners
            if p:
                out += (
                    *p0[p & 511],
                    *p1[p >> 9 & 511],
                    *p2[p >> 18 & 511],
                    *p3[p >> 27 & 511],
                    *p4[p >> 36 & 511],
                    *p5[p >> 45],
                )
    low = (hand & LOW_MASK) >> _LOW_SHIFT
    if low & (low - 1):  # two low cards at least
        combos = _LOW_COMBOS.get(low)
        if combos is None:
            combos = _low_combos(low)
        out += combos
    return out


# --- covering discards -------------------------------------------------------------------------


class _Discards(dict):
    """mask of a covering discard -> its shared action, made on first use (bounded)."""

    __slots__ = ()

    def __missing__(self, mask):
        if len(self) > 100_000:
            self.clear()
        bits = bits_of(mask)
        listed = ReadOnlyList(NAME[b] for b in sorted(bits, key=COVER_KEY.__getitem__))
        names = ReadOnlyList(map(NAME.__getitem__, bits))
        value = sum(map(BIT_VALUE.__getitem__, bits))
        data = {"type": "discard", "cards": listed}
        action = self[mask] = _make(DISCARD_KIND, data, mask, bits, names, value)
        return action


DISCARDS = _Discards()


class _Covers(dict):
    """The cards of a covering discard as ``cover_actions`` picks them (a card's index in the
    canonical order, or a tuple of them, most valuable first) -> its shared action
    (bounded)."""

    __slots__ = ()

    def __missing__(self, key):
        if len(self) > 100_000:
            self.clear()
        mask = 1 << key if type(key) is int else sum(1 << i for i in key)
        action = self[key] = DISCARDS[mask]
        return action


_COVERS = _Covers()
_cover = _COVERS.__getitem__


def discard_action(mask):
    """The shared action discarding the cards of ``mask``: its ``cards`` run from the most
    valuable card down (ties in the canonical order)."""
    return DISCARDS[mask]


#: card index (its place in the canonical order) -> its value, a ``bytes.translate`` table
_INDEX_VALUE = bytes(BIT_VALUE.get(1 << i, 0) for i in range(256))

#: need -> (the indices of the cards worth ``need`` or more, {values: cover getters})
_COVER_TABLES: dict = {}


def _cover_table(need):
    if len(_COVER_TABLES) > 64:  # a loaded state may ask for any need
        _COVER_TABLES.clear()
    alone = bytes(i for i in range(len(NAMES)) if _INDEX_VALUE[i] >= need)
    table = _COVER_TABLES[need] = (alone, {})
    return table


class _Getters(dict):
    """A cover as indices counted from the end of the hand's sorted cards -> the getter of
    its cards from that sequence; a few hundred of them."""

    __slots__ = ()

    def __missing__(self, pick):
        getter = self[pick] = itemgetter(*[-1 - end for end in pick])
        return getter


_GETTERS = _Getters()


def _by_cover_key(shift, width):
    """Piece table: the cards of ``mask >> shift`` (``width`` bits) in the cover order, as
    the bytes of their indices."""
    return tuple(
        bytes(b.bit_length() - 1 for b in sorted(bits_of(x << shift), key=COVER_KEY.__getitem__))
        for x in range(1 << width)
    )


# A hand in the cover order, rank groups by decreasing value: Kings and Queens, 10s, Jacks,
# 9s to 7s, 6s to 4s, 3s and 2s, Aces (the canonical order keeps each rank's four cards in a
# row: see the assertion).
_KQ = _by_cover_key(44, 8)
_TENS = _by_cover_key(0, 4)
_JACKS = _by_cover_key(40, 4)
_987 = _by_cover_key(24, 12)
_654 = _by_cover_key(12, 12)
_32 = _by_cover_key(4, 8)
_ACES = _by_cover_key(36, 4)
assert [RANK[c] for c in NAMES[:52:4]] == ["10", *"23456789", "A", "J", "K", "Q"]
_join = b"".join


def cover_actions(hand, need):
    """The minimal covering discards of ``need`` > 0 from ``hand`` (a mask): no card of
    them can be removed and still cover. In the order of a walk by decreasing value.

    With the cards sorted by decreasing value (the bytes of their indices), those worth
    ``need`` or more come first and cover alone; the covers of the others depend only on
    their values, whatever comes before them, so they are cached by those values (bytes
    too: one ``translate`` drops the first cards and reads the values of the others), as
    getters of the cards counted from the end."""
    cards = _join(
        (
            _KQ[hand >> 44 & 255],
            _TENS[hand & 15],
            _JACKS[hand >> 40 & 15],
            _987[hand >> 24 & 4095],
            _654[hand >> 12 & 4095],
            _32[hand >> 4 & 255],
            _ACES[hand >> 36 & 15],
        )
    )
    alone, known = _COVER_TABLES.get(need) or _cover_table(need)
    values = cards.translate(_INDEX_VALUE, alone)
    getters = known.get(values)
    if getters is None:
        if len(known) > 50_000:
            known.clear()
        getters = known[values] = tuple(map(_GETTERS.__getitem__, cover_picks(values, need)))
    return [
        *map(_cover, cards[: len(cards) - len(values)]),  # the cards that cover alone
        *map(_cover, map(call, getters, repeat(cards))),
    ]


def choose_actions(players):
    return [_make(CHOOSE_KIND, {"type": "choose_next", "player": p}) for p in players]


#: seat -> the internal action "the next player is that seat" (``legal.check`` returns it)
CHOOSE = tuple(_make(CHOOSE_KIND, {"type": "choose_next"}, value=i) for i in range(4))
assert len(NAMES) == 54
