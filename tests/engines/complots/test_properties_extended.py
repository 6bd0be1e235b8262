"""Property tests over Complots 2 character sets, with and without each extension.

Same invariants as test_properties.py (one winner, 54 coins, cards conserved, illegal actions
refused without change, JSON round trip, replay, swaps of hidden cards invisible), over a
random character set per game (one per clan: half the games ask the engine for
``characters: "random"``, half draw the set in the test) at 2 to 8 players, crossed with
Saint-Barthélemy and Tyrannie. Also: a card lost face down to the Sorcière is never visible
to anyone but its owner (checked in every view on sampled steps, see ``check_hidden``).
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
from .test_properties import check_swaps_are_invisible

CLANS = {
    "perceptrices": ["duchesse", "illusionniste", "ursuline"],
    "assassins": ["assassin", "bourreau", "maitre_chanteur"],
    "intouchables": ["comtesse", "sorciere", "croque_mort"],
    "voleurs": ["capitaine", "justicier", "pape"],
    "negociateurs": ["ambassadeur", "inquisiteur", "espion"],
}
EXTENSIONS = {
    "plain": {},
    "saint_barthelemy": {"saint_barthelemy": True},
    "tyrannie": {"tyrannie": True},
    "both": {"saint_barthelemy": True, "tyrannie": True},
}
PLAYER_COUNTS = list(range(2, 9))
GAMES = property_games() - property_games() // 2
CONFIGS = [(count, ext) for count in PLAYER_COUNTS for ext in EXTENSIONS]


def games_per_config():
    return math.ceil(GAMES / len(CONFIGS))


@pytest.mark.parametrize("count, extension", CONFIGS)
def test_random_complots2_games_keep_every_invariant(count, extension):
    players = PLAYER_NAMES[:count]
    rng = new_rng("extended", count, extension, GAMES)
    swaps = 0
    seen_characters = set()

    def on_state(state, step, where):
        nonlocal swaps
        if step % 3 == 0:
            swaps += check_swaps_are_invisible(state, players, rng, where)

    for index in range(games_per_config()):
        if index % 2 == 0:
            characters = "random"
        else:
            characters = [rng.choice(members) for members in CLANS.values()]
            rng.shuffle(characters)
        options = {"characters": characters, **EXTENSIONS[extension]}
        seed = random_seed(rng)
        game = play_random_game(
            players,
            options,
            seed,
            rng,
            illegal_every=19,
            hidden_every=5,
            reload_every=13,
            on_state=on_state,
            describe_log=index % 10 == 0,
        )
        in_play = ENGINE.view(game.state, None)["characters"]
        assert len(in_play) == 5
        assert sorted(
            next(clan for clan, members in CLANS.items() if c in members) for c in in_play
        ) == sorted(CLANS), f"not one character per clan: {in_play}"
        if characters != "random":
            assert sorted(in_play) == sorted(characters)
        seen_characters.update(in_play)
        if index % 4 == 0:
            assert ENGINE.dump(replay(game)) == ENGINE.dump(game.state), (
                f"replay of seed {seed!r} with {options} differs"
            )
        final = ENGINE.dump(game.state)
        assert json.loads(json.dumps(final)) == final
    assert swaps > 0, "the hidden-information check never ran"
    if games_per_config() >= 20:
        assert len(seen_characters) >= 10, f"random sets look stuck: {sorted(seen_characters)}"


def test_random_character_set_comes_from_the_seed():
    players = PLAYER_NAMES[:4]
    sets = set()
    for seed in range(30):
        a = ENGINE.view(ENGINE.new_game(players, {"characters": "random"}, seed=seed), None)
        b = ENGINE.view(ENGINE.new_game(players, {"characters": "random"}, seed=seed), None)
        assert a["characters"] == b["characters"]
        sets.add(tuple(sorted(a["characters"])))
    assert len(sets) > 10
