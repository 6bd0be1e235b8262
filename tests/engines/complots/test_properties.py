"""Property tests: seeded random games through the public contract, 2 to 8 players.

Every game must end with one winner within ``MAX_DECISIONS``; at every step coins sum to 54
and cards are conserved; every listed action applies; a sample of unlisted actions raise
``IllegalAction`` and change nothing; ``load(dump(s))`` round-trips through JSON; replaying
a game's actions from its seed gives the same dump; and a player's view and legal actions do
not change when two *other* players' face-down cards are swapped.

The default run plays ~1,000 games in all: half here (base game), half over random Complots 2
sets and the extensions (test_properties_extended.py). ``COMPLOTS_PROPERTY_GAMES=10000``
plays 10,000 (the CI long run).
"""

import json
import math

import pytest

from .helpers import ENGINE
from .randomplay import (
    PLAYER_NAMES,
    new_rng,
    play_random_game,
    property_games,
    random_seed,
    replay,
)

PLAYER_COUNTS = list(range(2, 9))
GAMES = property_games() // 2

# Hand statuses in the engine's dump (games/engines/complots/state.py): a face-down live card.
ALIVE = 0


def games_per_count():
    return math.ceil(GAMES / len(PLAYER_COUNTS))


def no_card_revealed(data):
    return all(status == ALIVE for hand in data["hands"] for _, status in hand)


def swapped(data, first, second):
    """A copy of the dump where the cards at ``first`` and ``second`` trade places.

    A position is ("hand", seat, index) or ("court", index).
    """
    out = dict(data)
    out["hands"] = [[list(card) for card in hand] for hand in data["hands"]]
    out["court"] = list(data["court"])

    def get(pos):
        if pos[0] == "hand":
            return out["hands"][pos[1]][pos[2]][0]
        return out["court"][pos[1]]

    def put(pos, card):
        if pos[0] == "hand":
            out["hands"][pos[1]][pos[2]][0] = card
        else:
            out["court"][pos[1]] = card

    a, b = get(first), get(second)
    put(first, b)
    put(second, a)
    return out


def check_swaps_are_invisible(state, players, rng, where):
    """For every player p: swap hidden cards p cannot see, p's view and actions stay equal."""
    data = ENGINE.dump(state)
    if not no_card_revealed(data):
        return 0
    checked = 0
    for seat, viewer in enumerate(players):
        private = ENGINE.view(state, viewer).get("private") or {}
        if private.get("shown"):
            continue  # an Inquisiteur looking at a card: that card is known to them
        others = [s for s in range(len(players)) if s != seat]
        swaps = []
        if len(others) >= 2:
            q, r = rng.sample(others, 2)
            swaps.append(
                (
                    ("hand", q, rng.randrange(len(data["hands"][q]))),
                    ("hand", r, rng.randrange(len(data["hands"][r]))),
                )
            )
        if data["court"]:
            q = rng.choice(others)
            swaps.append(
                (
                    ("hand", q, rng.randrange(len(data["hands"][q]))),
                    ("court", rng.randrange(len(data["court"]))),
                )
            )
        view = ENGINE.view(state, viewer)
        legal = ENGINE.legal_actions(state, viewer)
        for first, second in swaps:
            other = ENGINE.load(swapped(data, first, second))
            assert ENGINE.view(other, viewer) == view, (
                f"{where}: {viewer}'s view changed when {first} and {second} were swapped"
            )
            assert ENGINE.legal_actions(other, viewer) == legal, (
                f"{where}: {viewer}'s legal actions changed when {first} and {second} swapped"
            )
            assert ENGINE.view(other, None) == ENGINE.view(state, None), (
                f"{where}: the spectator view changed when {first} and {second} were swapped"
            )
            checked += 1
    return checked


@pytest.mark.parametrize("count", PLAYER_COUNTS)
def test_random_base_games_keep_every_invariant(count):
    players = PLAYER_NAMES[:count]
    rng = new_rng("base", count, GAMES)
    swaps = 0
    lengths = []

    def on_state(state, step, where):
        nonlocal swaps
        if step % 3 == 0:
            swaps += check_swaps_are_invisible(state, players, rng, where)

    for index in range(games_per_count()):
        seed = random_seed(rng)
        game = play_random_game(
            players,
            {},
            seed,
            rng,
            illegal_every=17,
            hidden_every=11,
            reload_every=13,
            on_state=on_state,
            describe_log=index % 10 == 0,
        )
        lengths.append(len(game.actions))
        if index % 4 == 0:
            assert ENGINE.dump(replay(game)) == ENGINE.dump(game.state), (
                f"replay of seed {seed!r} with {count} players differs"
            )
        final = ENGINE.dump(game.state)
        assert json.loads(json.dumps(final)) == final
    assert swaps > 0, "the hidden-information check never ran"
    assert min(lengths) > 0


def test_same_seed_same_deal_and_different_seeds_differ():
    players = PLAYER_NAMES[:4]
    first = ENGINE.dump(ENGINE.new_game(players, seed=b"same"))
    again = ENGINE.dump(ENGINE.new_game(players, seed=b"same"))
    assert first == again
    deals = {json.dumps(ENGINE.dump(ENGINE.new_game(players, seed=s))["hands"]) for s in range(20)}
    assert len(deals) > 15, "different seeds should deal differently"


def test_load_of_a_dump_keeps_playing_the_same_game():
    rng = new_rng("reload")
    players = PLAYER_NAMES[:5]
    game = play_random_game(players, {}, b"reload", rng)
    state = ENGINE.new_game(players, seed=b"reload")
    for player, action in game.actions:
        state = ENGINE.load(json.loads(json.dumps(ENGINE.dump(state))))
        state = ENGINE.apply(state, player, action)
    assert ENGINE.dump(state) == ENGINE.dump(game.state)
