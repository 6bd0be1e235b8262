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


def _two_player_deal(order):
    third = [BASE_CHARACTERS[i] for i in order]
    return ((third.pop(), ALIVE),), ((third.pop(), ALIVE),), tuple(third)


#: order index (``order_index`` of five items) -> (first hand, second hand, Court) of the
#: base two-player deal: the third pile shuffled, the seats each take its top card in turn
_TWO_PLAYER_DEALS = tuple(map(_two_player_deal, permutations(range(len(BASE_CHARACTERS)))))


def _quick_new_game(players, seed):
    """``new_game`` without options: the same deal as the general path, fewer checks."""
    try:
        key = seed_to_key(seed)
    except ValueError as exc:
        _fail(str(exc))
    characters = BASE_CHARACTERS
    n = len(players)
    g = Game(players, characters, False, False, key, players[0])
    coins = [2] * n
    if n == 2:
        # what SeededRandom(key, 0).shuffle of the five characters, then two pops, deals
        index, ctr = order_index(key, 0, 5)
        first_hand, second_hand, court = _TWO_PLAYER_DEALS[index]
        hands = [first_hand, second_hand]
        piles = (characters, characters)
        lives = [1, 1]
        coins[0] = 1
    else:
        deck = [c for c in characters for _ in _COPIES[g.copies]]
        ctr = shuffle_at(key, 0, deck)
        pop = deck.pop
        hands = [((pop(), ALIVE), (pop(), ALIVE)) for _ in range(n)]
        court = tuple(deck)
        piles = None
        lives = [2] * n
    s = State.__new__(State)
    s.game = g
    s.cache = None
    s.own = True
    s.ctr = ctr
    s.coins = coins
    s.hands = hands
    s.lives = lives
    s.court = court
    s.treasury = TREASURY_TOTAL - sum(coins)
    s.hospice = 0
    s.religion = None
    s.cur = n - 1
    s.turn = 0
    s.stack = [{KIND: CHOOSE, WAITING: (0, 1)}] if n == 2 else []
    s.log = (
        {
            "event": "start",
            "players": list(players),
            "first_player": players[0],
            "characters": list(characters),
        },
        None,
    )
    s.piles = piles
    s.plague = -1
    s.beggar = -1
    s.winner = -1
    return s


def new_game(players, options=None, seed=None):
    players = _check_players(players)
    if options is None:
        return _quick_new_game(players, seed)
    if not isinstance(options, dict):
        _fail("Options must be a dict")
    unknown = set(options) - _OPTION_KEYS
    if unknown:
        _fail(f"Unknown option(s): {', '.join(sorted(map(str, unknown)))}")
    try:
        key = seed_to_key(seed)
    except ValueError as exc:
        _fail(str(exc))
    rng = SeededRandom(key, 0)
    chosen = options.get("characters")
    if chosen is None:
        characters = BASE_CHARACTERS
    elif chosen == "random":
        characters = tuple(rng.choice(CLAN_MEMBERS[clan]) for clan in CLANS)
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
        setup = {}
    if not isinstance(setup, dict):
        _fail("setup must be a dict")
    unknown = set(setup) - _SETUP_KEYS
    if unknown:
        _fail(f"Unknown setup key(s): {', '.join(sorted(map(str, unknown)))}")
    n = len(players)
    first = setup.get("first_player", players[0])
    if first not in players:
        _fail(f"first_player {first!r} is not a player of this game")
    g = Game(players, characters, sb, tyr, key, first)
    first_seat = g.seat[first]

    hands_setup = setup.get("hands") or {} if setup else {}
    if not isinstance(hands_setup, dict):
        _fail("setup hands must map players to lists of characters")
    for p, cards in hands_setup.items():
        if p not in g.seat:
            _fail(f"setup hands: {p!r} is not a player of this game")
        _check_slugs(cards, characters, f"setup hands of {p}")
        limit = 2
        if len(cards) > limit or (n > 2 and len(cards) != 2) or not cards:
            _fail(f"setup hands of {p} must hold two cards (one or two with two players)")
    court_setup = _check_slugs(setup.get("court", []), characters, "setup court")

    hands = [None] * n
    piles = None
    choosing = ()
    if n == 2:
        third = list(characters)
        piles_list = [list(characters), list(characters)]
        for p, cards in hands_setup.items():
            seat = g.seat[p]
            _take(third, cards[:1], f"setup hands of {p} (first card, from the third pile)")
            if len(cards) == 2:
                _take(piles_list[seat], cards[1:], f"setup hands of {p} (own pile)")
        _take(third, court_setup, "setup court")
        rng.shuffle(third)
        for seat in range(n):
            p = players[seat]
            if p in hands_setup:
                hands[seat] = list(hands_setup[p])
            else:
                hands[seat] = [third.pop()]
        court = court_setup + third
        if len(court) != 3:
            _fail("With two players the Court holds exactly three cards")
        piles = tuple(tuple(pile) for pile in piles_list)
        choosing = tuple(i for i in range(n) if len(hands[i]) == 1)
    else:
        deck = [c for c in characters for _ in _COPIES[g.copies]]
        for p, cards in hands_setup.items():
            _take(deck, cards, f"setup hands of {p}")
        _take(deck, court_setup, "setup court")
        rng.shuffle(deck)
        for seat in range(n):
            p = players[seat]
            if p in hands_setup:
                hands[seat] = list(hands_setup[p])
            else:
                hands[seat] = [deck.pop(), deck.pop()]
        court = court_setup + deck

    coins = [2] * n
    if n == 2:
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

    religion = None
    if sb:
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
    elif setup.get("religions"):
        _fail("religions need the saint_barthelemy option")

    s = State.__new__(State)
    s.game = g
    s.cache = None
    s.own = True
    s.ctr = rng.finish()
    s.coins = coins
    s.hands = [tuple([(c, ALIVE) for c in hand]) for hand in hands]
    s.lives = [len(hand) for hand in hands]
    s.court = tuple(court)
    s.treasury = TREASURY_TOTAL - sum(coins)
    s.hospice = 0
    s.religion = religion
    s.cur = (first_seat - 1) % n
    s.turn = 0
    s.stack = []
    s.log = None
    s.piles = piles
    s.plague = -1
    s.beggar = -1
    s.winner = -1
    s.add_log(
        {
            "event": "start",
            "players": list(players),
            "first_player": first,
            "characters": list(characters),
        }
    )
    if choosing:
        s.stack.append({KIND: CHOOSE, WAITING: choosing})
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
