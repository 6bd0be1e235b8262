"""``new_game``: players, options and the ``setup`` that rigs a position.

Options: only ``setup`` (a dict, or None). Its keys, all optional:

- ``money`` {player: ducats}: a whole number of thousands, 0 or more (others: 32,000);
- ``first_player``: who starts (and so who ends each round);
- ``round``: 1 to 5, the round the game starts in (default 1);
- ``castles`` {host: {slot: [owner, advisor]}}: slots as ints or strings ("1000");
- ``waiting`` {host: [[owner, advisor], ...]}: advisors at a castle's door;
- ``island`` [[owner, advisor], ...]: the exiled.

Every advisor not placed by the setup is in its owner's hand. A position breaking the rules
(an advisor twice, one in its owner's own castle or at its own door, two of a type in a
castle) raises ``IllegalAction``.
"""

from games.engines.base import IllegalAction
from games.engines.intrigue.advisors import (
    ADVISORS,
    KIND_OF,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RECEPTION,
    ROUNDS,
    SLOT_INDEX,
    SLOTS,
    STARTING_MONEY,
    THOUSAND,
)
from games.engines.intrigue.flow import advance, start_turn
from games.engines.intrigue.state import State

_OPTION_KEYS = {"setup"}
_SETUP_KEYS = {"money", "first_player", "round", "castles", "waiting", "island"}


def _fail(message):
    raise IllegalAction(message)


def _check_seed(seed):
    # Intrigue draws nothing at random: the seed is accepted (the contract) and unused.
    if seed is None or isinstance(seed, (bytes, bytearray, str)):
        return
    if type(seed) is not int:
        _fail("A seed must be bytes or an int")


def _players(players):
    if not isinstance(players, (list, tuple)):
        _fail("Players must be a list of strings")
    players = tuple(players)
    if not all(isinstance(p, str) and p for p in players):
        _fail("Players must be non-empty strings")
    if len(set(players)) != len(players):
        _fail("A player cannot sit twice")
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        _fail(f"Intrigue is played by {MIN_PLAYERS} to {MAX_PLAYERS} players")
    return players


def new_game(players, options=None, seed=None):
    players = _players(players)
    _check_seed(seed)
    if options is None:
        options = {}
    if not isinstance(options, dict):
        _fail("Options must be a dict")
    unknown = set(options) - _OPTION_KEYS
    if unknown:
        _fail(f"Unknown option(s): {', '.join(sorted(map(str, unknown)))}")
    setup = options.get("setup")
    if setup is None:
        setup = {}
    if not isinstance(setup, dict):
        _fail("'setup' must be a dict")
    unknown = set(setup) - _SETUP_KEYS
    if unknown:
        _fail(f"Unknown setup key(s): {', '.join(sorted(map(str, unknown)))}")

    n = len(players)
    seat = {p: i for i, p in enumerate(players)}

    def seat_of(value, what):
        if not isinstance(value, str) or value not in seat:
            _fail(f"{what}: {value!r} is not a player of this game")
        return seat[value]

    s = State.__new__(State)
    s.players = players
    s.seat = seat
    s.money = [STARTING_MONEY] * n
    money = setup.get("money") or {}
    if not isinstance(money, dict):
        _fail("'money' must map players to ducats")
    for player, amount in money.items():
        i = seat_of(player, "money")
        if type(amount) is not int or amount < 0 or amount % THOUSAND:
            _fail("Money is a whole number of thousands of ducats, 0 or more")
        s.money[i] = amount

    first = setup.get("first_player", players[0])
    s.first = seat_of(first, "first_player")
    s.round = setup.get("round", 1)
    if type(s.round) is not int or not 1 <= s.round <= ROUNDS:
        _fail(f"'round' must be 1 to {ROUNDS}")

    used = set()

    def token(pair, what):
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            _fail(f"{what}: an advisor is [owner, advisor]")
        owner = seat_of(pair[0], what)
        name = pair[1]
        if not isinstance(name, str) or name not in ADVISORS:
            _fail(f"{what}: {name!r} is not an advisor")
        if (owner, name) in used:
            _fail(f"{what}: {pair[0]}'s {name} is placed twice")
        used.add((owner, name))
        return (owner, name)

    s.castles = [[None] * len(SLOTS) for _ in range(n)]
    castles = setup.get("castles") or {}
    if not isinstance(castles, dict):
        _fail("'castles' must map hosts to {slot: [owner, advisor]}")
    for host_id, slots in castles.items():
        host = seat_of(host_id, "castles")
        if not isinstance(slots, dict):
            _fail("castles: each castle maps slots to [owner, advisor]")
        kinds = set()
        for key, pair in slots.items():
            slot = _slot_key(key)
            if s.castles[host][slot] is not None:
                _fail("castles: a slot is given twice")
            if pair is None:
                continue
            t = token(pair, "castles")
            if t[0] == host:
                _fail("castles: an advisor never sits in its owner's castle")
            if KIND_OF[t[1]] in kinds:
                _fail("castles: two advisors of the same type in one castle")
            kinds.add(KIND_OF[t[1]])
            s.castles[host][slot] = t

    s.waiting = [[] for _ in range(n)]
    waiting = setup.get("waiting") or {}
    if not isinstance(waiting, dict):
        _fail("'waiting' must map hosts to [[owner, advisor], ...]")
    for host_id, pairs in waiting.items():
        host = seat_of(host_id, "waiting")
        if not isinstance(pairs, list):
            _fail("waiting: each host has a list of [owner, advisor]")
        for pair in pairs:
            t = token(pair, "waiting")
            if t[0] == host:
                _fail("waiting: an advisor never waits at its owner's castle")
            s.waiting[host].append(t)

    island = setup.get("island") or []
    if not isinstance(island, list):
        _fail("'island' must be a list of [owner, advisor]")
    s.island = [token(pair, "island") for pair in island]

    s.hands = [[a for a in ADVISORS if (i, a) not in used] for i in range(n)]
    s.stage = None
    s.sends_left = 0
    s.resigned = (False,) * n
    s.phase = RECEPTION
    s.log = [
        {
            "event": "start",
            "players": list(players),
            "first_player": players[s.first],
            "round": s.round,
        }
    ]
    start_turn(s, s.first)
    advance(s)
    return s


def _slot_key(key):
    """A slot of the setup: an int or its string (JSON keys are strings)."""
    if isinstance(key, str) and key.isdigit():
        key = int(key)
    if type(key) is not int or key not in SLOT_INDEX:
        _fail("castles: slots are 1000, 3000, 6000 or 10000")
    return SLOT_INDEX[key]
