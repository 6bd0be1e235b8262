"""A new game: the Castle, the Tavern, the deal, and the rigged positions of ``setup``."""

from itertools import permutations

from games.engines.base import IllegalAction, below_at, seed_to_key, shuffle_at
from games.engines.regicide.cards import (
    ALL_CARDS,
    BIT,
    CARDS,
    ENEMY,
    FACE_RANKS,
    JESTERS,
    SUITS,
    TABLE,
    TAVERN_BASE,
)
from games.engines.regicide.entries import enemy_entry, start_entry
from games.engines.regicide.rules import start_turn
from games.engines.regicide.state import PLAY, Game, State

SETUP_KEYS = frozenset(("hands", "tavern", "castle", "discard", "first_player", "jesters_left"))


def _check_players(players):
    if isinstance(players, (str, bytes)) or not isinstance(players, (list, tuple)):
        raise IllegalAction("Players must be a list of names")
    players = list(players)
    if not 1 <= len(players) <= 4:
        raise IllegalAction("Regicide is played by 1 to 4 players")
    if not all(isinstance(p, str) and p for p in players):
        raise IllegalAction("Every player must be a non-empty string")
    if len(set(players)) != len(players):
        raise IllegalAction("Players must be distinct")
    return players


def _card_list(value, what, deck):
    if not isinstance(value, (list, tuple)):
        raise IllegalAction(f"setup {what} must be a list of cards")
    for c in value:
        if not isinstance(c, str) or c not in CARDS:
            raise IllegalAction(f"setup {what}: {c!r} is not a card")
        if c not in deck:
            raise IllegalAction(f"setup {what}: {c} is not in this game")
    return list(value)


def new_game(players, options=None, seed=None):
    if not (
        type(players) is list
        and 1 <= len(players) <= 4
        and all(type(p) is str and p for p in players)
        and len(set(players)) == len(players)
    ):
        players = _check_players(players)
    g = Game(players, seed_to_key(seed))
    if options is None or options == {}:
        return _new_plain_game(g)
    hands, castle, tavern, discard, first, jesters_left = _read_setup(g, options)
    placed = set(castle).union(tavern, discard, *hands.values())
    key = g.key
    # the Castle: Jacks on Queens on Kings, each group shuffled (the cards not placed)
    if placed:
        ctr = 0
        below = []
        for rank in FACE_RANKS:
            group = [rank + s for s in SUITS if rank + s not in placed]
            ctr = shuffle_at(key, ctr, group)
            below.extend(group)
        castle = (*castle, *below)
        if not castle:
            raise IllegalAction("setup: the Castle needs at least one enemy")
        rest = [BIT[c] for c in TAVERN_CARDS[g.jesters] if c not in placed]
    else:
        enemy, below, ctr = _castle(key)
        castle = (enemy, *below)
        rest = list(TAVERN_BITS[g.jesters])
    # the Tavern: the number cards, the Aces and the Jesters of the player count
    ctr = shuffle_at(key, ctr, rest)
    dealt = []
    pos = 0
    size = g.max_hand
    for seat in range(g.n):
        if hands and seat in hands:
            dealt.append(sum(BIT[c] for c in hands[seat]))
        else:
            dealt.append(sum(rest[pos : pos + size]))
            pos += size
    s = State.__new__(State)
    s.game = g
    s.hands = tuple(dealt)
    s.tavern = (*map(BIT.__getitem__, tavern), *rest[pos:])
    s.discard = tuple(map(BIT.__getitem__, discard))
    s.enemy = castle[0]
    s.castle = tuple(castle[1:])
    s.damage = s.shield = s.blocked = 0
    s.jester = False
    s.table = ()
    s.cur = first
    s.phase = PLAY
    s.cover = 0
    s.yielded = 0
    s.jesters_left = jesters_left
    s.ctr = ctr
    s.result = None
    start = (start_entry, g.players, g.players[first], g.solo)
    s.log = ((enemy_entry, s.enemy, len(s.castle)), (start, None))
    start_turn(s, first)
    return s


def _new_plain_game(g):
    """``new_game`` without ``setup``: what the code above does with nothing placed."""
    key = g.key
    enemy, castle, ctr = _castle(key)
    tavern = list(TAVERN_BITS[g.jesters])
    ctr = shuffle_at(key, ctr, tavern)
    dealt = _DEALT[g.n]
    s = State.__new__(State)
    s.game = g
    s.hands = tuple(map(sum, map(tavern.__getitem__, _DEALS[g.n])))
    s.tavern = tuple(tavern[dealt:])
    s.discard = ()
    s.enemy = enemy
    s.castle = castle
    s.damage = s.shield = s.blocked = 0
    s.jester = False
    s.table = ()
    s.cur = 0
    s.phase = PLAY  # every hand holds cards: start_turn has nothing to check
    s.cover = 0
    s.yielded = 0
    s.jesters_left = 2 if g.solo else 0
    s.ctr = ctr
    s.result = None
    players = g.players
    s.log = ((enemy_entry, enemy, len(castle)), ((start_entry, players, players[0], g.solo), None))
    return s


TAVERN_CARDS = {count: (*TAVERN_BASE, *JESTERS[:count]) for count in (0, 1, 2)}
TAVERN_BITS = {count: tuple(map(BIT.__getitem__, cards)) for count, cards in TAVERN_CARDS.items()}
#: players -> the slices of the shuffled Tavern dealt to each seat, and the cards dealt
_DEALS = {n: tuple(slice(i * TABLE[n][1], (i + 1) * TABLE[n][1]) for i in range(n)) for n in TABLE}
_DEALT = {n: n * TABLE[n][1] for n in TABLE}
#: the four orders of each group of the Castle (Jacks, Queens, Kings), as _ORDERS4 lists them
_GROUP_ORDERS = tuple(
    tuple(tuple(map(group.__getitem__, order)) for order in permutations(range(4)))
    for group in (tuple(rank + s for s in SUITS) for rank in FACE_RANKS)
)


def _castle(key):
    """The full Castle from block 0: one uniform number below 24**3 orders the Jacks, the
    Queens and the Kings (one SHA-256 block instead of three). Returns (its top card, the
    cards below it, counter)."""
    x, counter = below_at(key, 0, 24 * 24 * 24)
    jacks, queens, kings = _GROUP_ORDERS
    x, j = divmod(x, 24)
    x, q = divmod(x, 24)
    top, *below = jacks[j]
    return top, (*below, *queens[q], *kings[x]), counter


def _read_setup(g, options):
    """Check ``options`` and read ``options["setup"]``: (hands {seat: cards}, castle, tavern,
    discard, first seat, jesters_left). Raises ``IllegalAction`` on anything wrong."""
    if not isinstance(options, dict):
        raise IllegalAction("Options must be a dict")
    unknown = set(options) - {"setup"}
    if unknown:
        raise IllegalAction(f"Unknown Regicide options: {', '.join(sorted(map(str, unknown)))}")
    setup = options.get("setup")
    if setup is None:
        setup = {}
    if not isinstance(setup, dict):
        raise IllegalAction("setup must be a dict")
    unknown = set(setup) - SETUP_KEYS
    if unknown:
        raise IllegalAction(f"Unknown setup keys: {', '.join(sorted(map(str, unknown)))}")
    deck = set(ALL_CARDS[:52]) | set(JESTERS[: g.jesters])
    placed = set()

    def take(cards):
        for c in cards:
            if c in placed:
                raise IllegalAction(f"setup: {c} is placed twice")
            placed.add(c)
        return cards

    hands = {}
    raw_hands = setup.get("hands", {})
    if not isinstance(raw_hands, dict):
        raise IllegalAction("setup hands must map players to cards")
    for p, cards in raw_hands.items():
        if p not in g.seat:
            raise IllegalAction(f"setup hands: {p!r} is not a player")
        cards = take(_card_list(cards, "hands", deck))
        if len(cards) > g.max_hand:
            raise IllegalAction(f"setup hands: {p} holds more than {g.max_hand} cards")
        hands[g.seat[p]] = cards
    castle = setup.get("castle")
    if castle is None:
        castle = []
    else:
        castle = take(_card_list(castle, "castle", deck))
        if any(c not in ENEMY for c in castle):
            raise IllegalAction("setup castle: only Jacks, Queens and Kings")
    tavern = take(_card_list(setup.get("tavern", []), "tavern", deck))
    discard = take(_card_list(setup.get("discard", []), "discard", deck))
    first = setup.get("first_player", g.players[0])
    if not isinstance(first, str) or first not in g.seat:
        raise IllegalAction(f"setup first_player: {first!r} is not a player")
    jesters_left = setup.get("jesters_left", 2 if g.solo else 0)
    if g.solo:
        if type(jesters_left) is not int or not 0 <= jesters_left <= 2:
            raise IllegalAction("setup jesters_left must be 0, 1 or 2")
    elif jesters_left != 0:
        raise IllegalAction("setup jesters_left is for a solo game")
    return hands, castle, tavern, discard, g.seat[first], jesters_left
