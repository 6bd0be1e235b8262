"""Whole games between bots as a property test of the engine under realistic play.

Four-player tables of the four levels (base game, and a random Complots 2 set with both
extensions): every game ends with one winner, the last alive, within the decision limit; the
coins sum to 54 after every action with nobody negative (``botplay``); lives match the cards;
and the same seed replays the same game, action for action (bots are deterministic).
``BOT_GAMES=N`` plays N times more games.
"""

import pytest

from .botplay import ENGINE, LEVELS, play_bot_game, scale

GAMES = 12
OPTIONS = {
    "base": None,
    "extended": {"characters": "random", "saint_barthelemy": True, "tyrannie": True},
}


def _table(g):
    lineup = list(LEVELS)[:4]
    shift = g % 4
    lineup = lineup[shift:] + lineup[:shift]
    return dict(zip(["alice", "bob", "carol", "dave"], lineup, strict=True))


@pytest.mark.parametrize("variant", sorted(OPTIONS))
def test_bot_games_end_with_one_winner_and_54_coins(variant):
    for g in range(GAMES * scale()):
        trail = []

        def record(state, player, view, legal, action, step, trail=trail):
            trail.append((player, dict(action)))
            for p in view["players"]:
                lost = sum(1 for c in p["cards"] if c["lost"])
                assert p["lives"] == len(p["cards"]) - lost
                assert p["alive"] == (p["lives"] > 0)

        levels = _table(g)
        final, _ = play_bot_game(levels, OPTIONS[variant], f"games-{variant}-{g}", record)
        if g % 4 == 0:
            again = []
            play_bot_game(
                levels,
                OPTIONS[variant],
                f"games-{variant}-{g}",
                lambda s, p, v, la, a, step, again=again: again.append((p, dict(a))),
            )
            assert again == trail, "the same seed played another game"
        assert ENGINE.outcome(final)["winners"]
