"""Bad input of any shape raises IllegalAction and changes nothing (docs/engines.md: "raises
`IllegalAction` and nothing else").

The property tests sample near-misses and scalar garbage at random steps; this file throws
lists and dicts where strings or numbers belong (unhashable values included) at every step
of a few random games of every kind, and at a rigged position in every moment it reaches.
"""

import pytest

from .helpers import ENGINE, deal, playable, refused
from .randomplay import GARBAGE, GARBAGE_NESTED, PLAYER_NAMES, check_illegal, new_rng, random_seed

OPTION_SETS = {
    "base": {},
    "complots2": {"characters": "random"},
    "everything": {"characters": "random", "saint_barthelemy": True, "tyrannie": True},
}


@pytest.mark.parametrize("garbage", GARBAGE + GARBAGE_NESTED, ids=repr)
def test_garbage_on_the_first_turn_is_refused(garbage):
    state = deal(["alice", "bob", "carol"], saint_barthelemy=True, tyrannie=True)
    for actor in ("alice", "bob", "mallory"):
        assert refused(state, actor, garbage), f"{actor} {garbage!r} was accepted"


@pytest.mark.parametrize("count", [2, 3, 5, 8])
@pytest.mark.parametrize("kind", list(OPTION_SETS))
def test_nested_garbage_is_refused_at_every_step(kind, count):
    rng = new_rng("bad-input", kind, count)
    players = PLAYER_NAMES[:count]
    for _ in range(2):
        state = ENGINE.new_game(players, options=dict(OPTION_SETS[kind]), seed=random_seed(rng))
        for step in range(400):
            check_illegal(state, players, rng, f"{kind} {count}p step {step}", nested=True)
            waiting = ENGINE.waiting_for(state)
            if not waiting:
                break
            player = rng.choice(waiting)
            state = ENGINE.apply(state, player, rng.choice(playable(state, player)))


def test_refused_reports_a_readable_message():
    state = deal(["alice", "bob", "carol"])
    with pytest.raises(ValueError) as caught:
        ENGINE.apply(state, "bob", {"type": "income"})
    assert str(caught.value).strip(), "IllegalAction needs a message a player can read"
