"""Property tests: seeded random games through the public contract, 1 to 4 players.

Every game ends (won or lost) within ``MAX_DECISIONS``; at every step the cards are
conserved across hands, Tavern, discard, Castle, table and enemy. One game in ten is played
with every check at every step: every listed action applies, ``default_action`` is listed,
garbage and near misses raise ``IllegalAction`` and change nothing, views hide the other
hands, trading hidden cards changes no player's view or legal actions, and
``load(dump(s))`` round-trips through JSON. Replaying a game's actions from its seed gives
the same state.

The default run plays 1,000 games, a quarter per player count (a few seconds);
``REGICIDE_PROPERTY_GAMES=20000`` plays 20,000.
"""

import math

import pytest

from .helpers import ENGINE
from .randomplay import PLAYER_NAMES, new_rng, play_random_game, property_games, replay

GAMES = property_games()
HEAVY_EVERY = 10


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_random_games_keep_every_invariant(count):
    players = PLAYER_NAMES[:count]
    rng = new_rng("properties", count, GAMES)
    swaps = 0
    results = set()
    for index in range(math.ceil(GAMES / 4)):
        seed = rng.getrandbits(64)
        heavy = index % HEAVY_EVERY == 0
        game = play_random_game(players, seed, rng, heavy=heavy, describe_log=heavy)
        swaps += game.swaps
        results.add(bool(ENGINE.outcome(game.state)["winners"]))
        if index % 7 == 0:
            assert ENGINE.dump(replay(game)) == ENGINE.dump(game.state), f"replay of {seed}"
    assert swaps > 0, "the hidden-information check never ran"
    assert False in results


def test_default_play_wins_games_too():
    """Timeouts only (``default_action`` all along) still end every game."""
    for count in (1, 2, 3, 4):
        for seed in range(25):
            state = ENGINE.new_game(PLAYER_NAMES[:count], seed=seed)
            for _ in range(2000):
                waiting = ENGINE.waiting_for(state)
                if not waiting:
                    break
                action = ENGINE.default_action(state, waiting[0])
                assert action in ENGINE.legal_actions(state, waiting[0])
                state = ENGINE.apply(state, waiting[0], action)
            assert ENGINE.outcome(state) is not None
