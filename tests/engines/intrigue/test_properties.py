"""Property tests: seeded random games through the public contract, 3 to 5 players.

Every game ends within ``MAX_DECISIONS``; at every step advisors are conserved and castles
keep the golden rules; every few steps: money adds up (starting money + incomes + bank
bribes, bribes moving between players), nobody sees another's money, a player's view and
legal actions do not change when the others' money does, listed actions apply and near
misses are refused with the state unchanged, ``load(dump(s))`` round-trips through JSON,
exactly the waited-for players have legal actions, and ``default_action`` is legal. After
each game: the stages came in the rules' order, the winners are the richest, and replaying
its actions gives the same state. ``INTRIGUE_PROPERTY_GAMES=2000`` lengthens the run.
"""

import math
from collections import Counter

import pytest

from .helpers import ENGINE
from .randomplay import (
    PLAYER_NAMES,
    check_hidden_money,
    describe_everything,
    new_rng,
    play_random_game,
    property_games,
    random_options,
    replay,
)

PLAYER_COUNTS = [3, 4, 5]
GAMES = property_games()


@pytest.mark.parametrize("count", PLAYER_COUNTS)
def test_random_games_keep_every_invariant(count):
    players = PLAYER_NAMES[:count]
    rng = new_rng("games", count, GAMES)
    hidden = 0
    events = Counter()

    def on_state(state, step, where):
        nonlocal hidden
        if step % 3 == 0:
            hidden += check_hidden_money(state, players, rng, where)

    for index in range(math.ceil(GAMES / len(PLAYER_COUNTS))):
        seed = rng.getrandbits(64)
        game = play_random_game(players, random_options(players, rng), seed, rng, on_state=on_state)
        if index % 3 == 0:
            assert ENGINE.dump(replay(game)) == ENGINE.dump(game.state), f"replay of {seed}"
        if index % 5 == 0:
            events.update(describe_everything(game.state))
        events.update(e["event"] for e in ENGINE.view(game.state, None)["log"])
    assert hidden > 0, "the hidden-money check never ran"
    # the random games reach every kind of moment ("order" needs two external conflicts at
    # one door: rarer, see the next test)
    for event in (
        "offer",
        "accept",
        "refuse",
        "lapse",
        "done",
        "place",
        "admit",
        "replace",
        "keep",
        "exile",
        "send",
        "income",
        "end",
    ):
        assert events[event] > 0, f"no {event!r} in {count}-player random games"


@pytest.mark.parametrize("count", PLAYER_COUNTS)
def test_random_play_from_two_external_conflicts_at_one_door(count):
    rng = new_rng("order", count)
    players = PLAYER_NAMES[:count]
    contested = [
        [players[1], "medecin-1"],
        [players[2], "medecin-2"],
        [players[1], "religieux-1"],
        [players[2], "religieux-1"],
    ]
    options = {"setup": {"round": 2, "waiting": {players[0]: contested}}}
    for _ in range(3):
        game = play_random_game(players, options, rng.getrandbits(32), rng)
        log = ENGINE.view(game.state, None)["log"]
        assert any(e["event"] == "order" for e in log)
        assert ENGINE.dump(replay(game)) == ENGINE.dump(game.state)


def test_the_bank_pays_for_broke_petitioners_in_random_games():
    rng = new_rng("bank")
    players = PLAYER_NAMES[:3]
    banked = 0
    for _ in range(6):
        options = {"setup": {"money": {p: 0 for p in players}}}
        game = play_random_game(players, options, rng.getrandbits(32), rng, deep_every=25)
        banked += sum(
            1 for e in ENGINE.view(game.state, None)["log"] if e["event"] == "accept" and e["bank"]
        )
    assert banked > 0


def test_same_actions_same_game_whatever_the_seed():
    # Intrigue draws nothing at random: the seed changes nothing
    players = PLAYER_NAMES[:4]
    assert ENGINE.dump(ENGINE.new_game(players, seed=1)) == ENGINE.dump(
        ENGINE.new_game(players, seed=b"other")
    )


@pytest.mark.parametrize("count", PLAYER_COUNTS)
def test_random_games_with_resignations_keep_every_invariant(count):
    """Players resign at random moments (waited for or not): every invariant still holds,
    nobody who left is ever waited for, and the game ends (at once with one player left)."""
    players = PLAYER_NAMES[:count]
    rng = new_rng("resign", count)
    events = Counter()
    for _ in range(4):
        game = play_random_game(
            players, random_options(players, rng), rng.getrandbits(32), rng, resign_rate=0.01
        )
        assert ENGINE.dump(replay(game)) == ENGINE.dump(game.state)
        events.update(describe_everything(game.state))
    assert events["resign"] > 0 and events["end"] == 4
