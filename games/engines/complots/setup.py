"""Starting a game: players, options, the deal (from the seed) and ``options["setup"]``."""

from itertools import permutations

from games.engines.base import IllegalAction, SeededRandom, order_index, seed_to_key, shuffle_at
from games.engines.complots import flow
from games.engines.complots.characters import (
    BASE_CHARACTERS,
    CLAN_MEMBERS,
    CLANS,
    RELIGIONS,
    TREASURY_TOTAL,
    validate_characters,
)
from games.engines.complots.frames import (
    CHOOSE,
    KIND,
    WAITING,
)
from games.engines.complots.state import ALIVE, Game, State

_COPIES = {3: (0, 1, 2), 4: (0, 1, 2, 3)}
_OPTION_KEYS = {"characters", "saint_barthelemy", "tyrannie", "setup"}
_SETUP_KEYS = {"hands", "court", "coins", "first_player", "religions"}
_NO_OPTIONS: dict = {}  # never changed


def _fail(message):
    raise IllegalAction(message)


_VALID_PLAYERS: set = set()


def _check_players(players):
    if type(players) is list or type(players) is tuple:
        try:
            players = tuple(players)
            if players in _VALID_PLAYERS:  # checked before (a hashable tuple of str)
                return players
        except TypeError:  # unhashable names: the checks below refuse them
            pass
    players = _check_players_fully(players)
    if len(_VALID_PLAYERS) > 4096:
        _VALID_PLAYERS.clear()
    _VALID_PLAYERS.add(players)
    return players


def _check_players_fully(players):
    if not isinstance(players, (list, tuple)):
        _fail("Players must be a list of names")
    if not 2 <= len(players) <= 8:
        _fail("Complots is played by 2 to 8 players")
    if not all(isinstance(p, str) and p for p in players):
        _fail("Every player must be a non-empty string")
    if len(set(players)) != len(players):
        _fail("Players must be distinct")
    return tuple(players)


def _check_slugs(cards, allowed, what):
    if not isinstance(cards, (list, tuple)) or not all(isinstance(c, str) for c in cards):
        _fail(f"{what} must be a list of character slugs")
    for c in cards:
        if c not in allowed:
            _fail(f"{what}: {c!r} is not one of the characters in play")
    return list(cards)


def _take(pool, cards, what):
    for c in cards:
        if c not in pool:
            _fail(f"{what}: not enough {c} cards left in the game")
        pool.remove(c)


def _read_options(options, seed):
    """The checked options: ``(characters, sb, tyr, setup, key, ctr)``; ``ctr`` is the
    position in the seeded stream after drawing the characters."""
    if options is None:
        options = _NO_OPTIONS
    elif not isinstance(options, dict):
        _fail("Options must be a dict")
    elif options.keys() - _OPTION_KEYS:
        unknown = options.keys() - _OPTION_KEYS
        _fail(f"Unknown option(s): {', '.join(sorted(map(str, unknown)))}")
    try:
        key = seed_to_key(seed)
    except ValueError as exc:
        _fail(str(exc))
    ctr = 0
    chosen = options.get("characters")
    if chosen is None:
        characters = BASE_CHARACTERS
    elif chosen == "random":
        rng = SeededRandom(key, ctr)
        characters = tuple(rng.choice(CLAN_MEMBERS[clan]) for clan in CLANS)
        ctr = rng.finish()
    else:
        try:
            characters = validate_characters(chosen)
        except ValueError as exc:
            _fail(str(exc))
    sb = options.get("saint_barthelemy", False)
    tyr = options.get("tyrannie", False)
    if not isinstance(sb, bool) or not isinstance(tyr, bool):
        _fail("saint_barthelemy and tyrannie must be true or false")
    setup = options.get("setup")
    if setup is None:
        setup = _NO_OPTIONS
    elif not isinstance(setup, dict):
        _fail("setup must be a dict")
    elif setup.keys() - _SETUP_KEYS:
        unknown = setup.keys() - _SETUP_KEYS
        _fail(f"Unknown setup key(s): {', '.join(sorted(map(str, unknown)))}")
    return characters, sb, tyr, setup, key, ctr


def _read_setup_hands(g, setup):
    """``setup["hands"]`` checked: {player: [slug, ...]}."""
    hands_setup = setup.get("hands") or {}
    if not isinstance(hands_setup, dict):
        _fail("setup hands must map players to lists of characters")
    for p, cards in hands_setup.items():
        if p not in g.seat:
            _fail(f"setup hands: {p!r} is not a player of this game")
        _check_slugs(cards, g.characters, f"setup hands of {p}")
        if len(cards) > 2 or (g.n > 2 and len(cards) != 2) or not cards:
            _fail(f"setup hands of {p} must hold two cards (one or two with two players)")
    return hands_setup


def _hand(cards):
    """A hand placed by the setup (None: none placed)."""
    return tuple([(c, ALIVE) for c in cards]) if cards else None


#: characters -> order index (``order_index`` of five cards) -> (first hand, second hand,
#: Court) of a two-player deal with nothing set up: what the shuffle below deals, ready-made
_TWO_PLAYER_DEALS: dict = {}


def _two_player_deals(characters):
    deals = _TWO_PLAYER_DEALS.get(characters)
    if deals is None:
        deals = _TWO_PLAYER_DEALS[characters] = tuple(
            (
                ((characters[o[4]], ALIVE),),
                ((characters[o[3]], ALIVE),),
                tuple(map(characters.__getitem__, o[:3])),
            )
            for o in permutations(range(5))
        )
    return deals


def _deal_two_players(g, hands_setup, court_setup, ctr):
    """Two players: each gets the top card of a shuffled third pile of the five characters
    (the other three are the Court) and will ``choose`` one from their own pile."""
    characters = g.characters
    if not hands_setup and not court_setup:  # the usual deal: the same, from a table
        index, ctr = order_index(g.key, ctr, 5)
        first, second, court = _two_player_deals(characters)[index]
        return [first, second], court, (characters, characters), ctr
    third = list(characters)
    piles = [list(characters), list(characters)]
    for p, cards in hands_setup.items():
        _take(third, cards[:1], f"setup hands of {p} (first card, from the third pile)")
        if len(cards) == 2:
            _take(piles[g.seat[p]], cards[1:], f"setup hands of {p} (own pile)")
    _take(third, court_setup, "setup court")
    ctr = shuffle_at(g.key, ctr, third)
    hands = [_hand(hands_setup.get(p)) or ((third.pop(), ALIVE),) for p in g.players]
    court = court_setup + third
    if len(court) != 3:
        _fail("With two players the Court holds exactly three cards")
    return hands, court, (tuple(piles[0]), tuple(piles[1])), ctr


def _deal(g, hands_setup, court_setup, ctr):
    """Three players or more: two cards each from the shuffled deck, the rest is the Court."""
    deck = [c for c in g.characters for _ in _COPIES[g.copies]]
    for p, cards in hands_setup.items():
        _take(deck, cards, f"setup hands of {p}")
    _take(deck, court_setup, "setup court")
    ctr = shuffle_at(g.key, ctr, deck)
    pop = deck.pop
    hands = [_hand(hands_setup.get(p)) or ((pop(), ALIVE), (pop(), ALIVE)) for p in g.players]
    return hands, court_setup + deck, None, ctr


def _read_coins(g, setup, first_seat):
    """2 Or each (the first player of a two-player game: 1), then ``setup["coins"]``."""
    coins = [2] * g.n
    if g.n == 2:
        coins[first_seat] = 1
    coins_setup = setup.get("coins") or {}
    if not isinstance(coins_setup, dict):
        _fail("setup coins must map players to amounts")
    for p, amount in coins_setup.items():
        if p not in g.seat:
            _fail(f"setup coins: {p!r} is not a player of this game")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            _fail(f"setup coins of {p} must be a non-negative integer")
        coins[g.seat[p]] = amount
    if sum(coins) > TREASURY_TOTAL:
        _fail(f"The players cannot hold more than {TREASURY_TOTAL} Or in all")
    return coins


def _read_religions(g, setup, first_seat):
    """Saint-Barthélemy: alternating from the first player (catholique), then
    ``setup["religions"]``; None without the extension."""
    if not g.sb:
        if setup.get("religions"):
            _fail("religions need the saint_barthelemy option")
        return None
    n = g.n
    religion = [RELIGIONS[(seat - first_seat) % n % 2] for seat in range(n)]
    rel_setup = setup.get("religions") or {}
    if not isinstance(rel_setup, dict):
        _fail("setup religions must map players to catholique or protestant")
    for p, r in rel_setup.items():
        if p not in g.seat:
            _fail(f"setup religions: {p!r} is not a player of this game")
        if r not in RELIGIONS:
            _fail("A religion is 'catholique' or 'protestant'")
        religion[g.seat[p]] = r
    return religion


def new_game(players, options=None, seed=None):
    """A new game (see "Options" in the package docstring); raises ``IllegalAction``."""
    players = _check_players(players)
    characters, sb, tyr, setup, key, ctr = _read_options(options, seed)
    first = setup.get("first_player", players[0])
    if first not in players:
        _fail(f"first_player {first!r} is not a player of this game")
    g = Game(players, characters, sb, tyr, key, first)
    first_seat = g.seat[first]
    n = g.n
    # the deal, after the cards the setup places (a test's or a moderator's)
    if setup:
        hands_setup = _read_setup_hands(g, setup)
        court_setup = _check_slugs(setup.get("court", []), characters, "setup court")
    else:
        hands_setup, court_setup = _NO_OPTIONS, []
    deal = _deal_two_players if n == 2 else _deal
    hands, court, piles, ctr = deal(g, hands_setup, court_setup, ctr)
    coins = _read_coins(g, setup, first_seat)
    religion = _read_religions(g, setup, first_seat)

    s = State.__new__(State)
    s.game = g
    s.cache = None
    s.own = True
    s.ctr = ctr
    s.coins = coins
    s.hands = hands
    s.lives = lives = [len(hand) for hand in hands]
    s.court = tuple(court)
    s.treasury = TREASURY_TOTAL - sum(coins)
    s.hospice = 0
    s.religion = religion
    s.cur = (first_seat - 1) % n
    s.turn = 0
    # two players: a ``choose`` decision for whoever holds one card (both, unless set up)
    choosing = tuple([i for i in (0, 1) if lives[i] == 1]) if n == 2 else ()
    s.stack = [{KIND: CHOOSE, WAITING: choosing}] if choosing else []
    s.log = (
        {
            "event": "start",
            "players": list(players),
            "first_player": first,
            "characters": list(characters),
        },
        None,
    )
    s.piles = piles
    s.plague = -1
    s.beggar = -1
    s.winner = -1
    return s


def choose(s, f, seat, action):
    """Two-player setup: ``seat`` takes a card from their own pile (the ``choose`` decision).

    Returns False while the other player has not chosen (nothing to run)."""
    s.mine()
    s.hands[seat] = s.hands[seat] + ((action["character"], ALIVE),)
    s.lives[seat] += 1
    waiting = f[WAITING]
    stack = s.stack
    if len(waiting) == 2:  # the other player has not chosen yet: nothing to run
        stack[-1] = s.game.t.choose_frames[waiting[0] if waiting[1] == seat else waiting[1]]
        return False
    stack.pop()
    if stack or s.winner >= 0:
        return True
    # every hand is complete and everyone alive: the first turn starts (``run`` would do
    # just this and stop at the turn frame)
    flow.start_turn(s, flow.next_alive(s, s.cur))
    return not stack  # a turn skipped (never at the start, but ``run`` would go on)
