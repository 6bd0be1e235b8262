"""The bot contract: a legal action, the same one for the same arguments, from the view alone.

Random seeded games over every Complots option (2-8 players, base / engine-random / drawn
character sets, Saint-Barthélemy, Tyrannie) are played by a random mix of levels; at every
decision the playing bot's choice must be legal (see ``botplay``), and at every
``EVERY``-th decision each level is asked too and must return one of the engine's legal
actions, twice the same, and the same again from a JSON copy of its arguments.
``BOT_GAMES=N`` plays N times more games (N = 100 gives 2,400 games).
"""

import copy
import json

import pytest

from games.bots import get_bot

from .botplay import ENGINE, LEVELS, play_bot_game, random_setup, scale, stream

GAMES = 24
EVERY = 4


def _check_every_level(state, player, view, legal, action, step):
    if step % EVERY:
        return
    frozen = json.dumps(view, sort_keys=True)
    plain_view = json.loads(frozen)
    plain_legal = copy.deepcopy(legal)
    for level in LEVELS:
        bot = get_bot("complots", level)
        seed = f"contract/{step}"
        first = bot.choose(view, legal, seed)
        assert any(first is a for a in legal), f"{level}: {first} not in legal"
        assert first["type"] != "resign"
        assert bot.choose(view, legal, seed) is first, f"{level} is not deterministic"
        again = bot.choose(plain_view, plain_legal, seed)
        assert again == first, f"{level}: a JSON copy of the view gives another choice"
    assert json.dumps(view, sort_keys=True) == frozen, "a bot changed the view"


@pytest.mark.parametrize("chunk", range(3))
def test_every_level_is_legal_and_deterministic_in_random_games(chunk):
    for g in range(chunk, GAMES * scale(), 3):
        rng = stream("contract", g)
        levels, options = random_setup(rng)
        play_bot_game(levels, options, g, on_decision=_check_every_level)


@pytest.mark.parametrize("seed", [0, 1, b"\x00\x01", "a str", 2**70])
def test_seed_types(seed):
    state = ENGINE.new_game(["alice", "bob", "carol"], seed=3)
    view = ENGINE.view(state, "alice")
    legal = ENGINE.legal_actions(state, "alice")
    for level in LEVELS:
        bot = get_bot("complots", level)
        assert bot.choose(view, legal, seed) is bot.choose(view, legal, seed)


def test_different_seeds_vary_the_novice():
    state = ENGINE.new_game(["alice", "bob", "carol"], seed=3)
    view = ENGINE.view(state, "alice")
    legal = ENGINE.legal_actions(state, "alice")
    bot = get_bot("complots", "novice")
    choices = {json.dumps(bot.choose(view, legal, s), sort_keys=True) for s in range(60)}
    assert len(choices) > 2


def test_no_legal_action_is_an_error():
    state = ENGINE.new_game(["alice", "bob", "carol"], seed=3)
    with pytest.raises(ValueError, match="legal action"):
        get_bot("complots", "honest").choose(ENGINE.view(state, "bob"), [], 1)


def test_only_resign_gives_resign():
    state = ENGINE.new_game(["alice", "bob", "carol"], seed=3)
    legal = ENGINE.legal_actions(state, "bob")  # not waited for: [resign]
    assert legal == [{"type": "resign"}]
    assert get_bot("complots", "bluffer").choose(ENGINE.view(state, "bob"), legal, 1) is legal[0]


def _blind(view):
    """The view with every face-down card hidden, the seat's own included."""
    out = copy.deepcopy(view)
    for p in out["players"]:
        for card in p["cards"]:
            if not card["revealed"]:
                card["character"] = None
    out["private"] = {}
    return out


def test_a_view_with_every_hidden_card_unknown_still_gives_a_legal_action():
    def check(state, player, view, legal, action, step):
        if step % EVERY:
            return
        blind = _blind(view)
        for level in LEVELS:
            bot = get_bot("complots", level)
            for who in (player, None):
                choice = bot.choose(blind, legal, step, player=who)
                assert any(choice is a for a in legal)

    for g in range(8):
        levels, options = random_setup(stream("blind", g))
        play_bot_game(levels, options, 1000 + g, on_decision=check)


def _hands(alice, bob, carol):
    return {"alice": alice, "bob": bob, "carol": carol}


@pytest.mark.parametrize("level", LEVELS)
def test_states_the_seat_cannot_tell_apart_give_the_same_choice(level):
    """Same hand for alice, different hidden cards elsewhere: the same view, the same choice."""
    bot = get_bot("complots", level)
    court_a = ["comtesse", "comtesse", "ambassadeur", "assassin", "duchesse"]
    court_b = ["capitaine", "ambassadeur", "assassin", "comtesse", "duchesse"]
    one = ENGINE.new_game(
        ["alice", "bob", "carol"],
        options={
            "setup": {
                "hands": _hands(
                    ["duchesse", "capitaine"],
                    ["assassin", "capitaine"],
                    ["ambassadeur", "comtesse"],
                ),
                "court": court_a,
            }
        },
        seed=1,
    )
    two = ENGINE.new_game(
        ["alice", "bob", "carol"],
        options={
            "setup": {
                "hands": _hands(
                    ["duchesse", "capitaine"], ["comtesse", "ambassadeur"], ["assassin", "comtesse"]
                ),
                "court": court_b,
            }
        },
        seed=2,
    )
    states = [one, two]
    compared = 0
    for step in range(30):
        views = [ENGINE.view(s, "alice") for s in states]
        if views[0] != views[1]:
            break  # alice drew from the Court: the two games are no longer alike to her
        legal = [ENGINE.legal_actions(s, "alice") for s in states]
        if not ENGINE.waiting_for(states[0]):
            break
        if "alice" in ENGINE.waiting_for(states[0]):
            choices = [bot.choose(v, la, step) for v, la in zip(views, legal, strict=True)]
            assert choices[0] == choices[1]
            compared += 1
            states = [ENGINE.apply(s, "alice", choices[0]) for s in states]
        else:
            # the others play the same public actions in both games: Revenu, or pass
            p = ENGINE.waiting_for(states[0])[0]
            options = ENGINE.legal_actions(states[0], p)
            act = next((a for a in options if a["type"] in ("income", "pass")), None)
            if act is None or any(act not in ENGINE.legal_actions(s, p) for s in states):
                break
            states = [ENGINE.apply(s, p, act) for s in states]
    assert compared >= 3
