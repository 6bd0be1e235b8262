"""What each level does: rigged positions, and counts over random games.

- Honest claims only characters it holds (actions, blocks, counter-announcements, and no
  Abus de confiance while holding the Duchesse), and blocks with the card it holds.
- Novice challenges rarely.
- Bluffer (and Honest) challenge a claim the count makes impossible; Bluffer does bluff,
  never a character whose every copy is face up, always announces the Comtesse against
  La Peste, and strikes the leader.
"""

import pytest

from games.bots import get_bot

from .botplay import ENGINE, play_bot_game, random_setup, scale, stream

PLAYERS = ["alice", "bob", "carol", "dave"]


def deal(hands, coins=None, first="alice", **options):
    setup = {"hands": hands, "first_player": first}
    if coins:
        setup["coins"] = coins
    return ENGINE.new_game(PLAYERS, options={**options, "setup": setup}, seed=5)


def choose(level, state, player, seed=0):
    return get_bot("complots", level).choose(
        ENGINE.view(state, player), ENGINE.legal_actions(state, player), seed
    )


def own_live_cards(view, player):
    me = next(p for p in view["players"] if p["id"] == player)
    return [c["character"] for c in me["cards"] if not c["lost"]]


# -- rigged positions --------------------------------------------------------------------


def _third_duchesse_claimed(alice_hand):
    """carol's Duchesse is revealed, alice holds the others; bob claims a Duchesse."""
    state = deal(
        {
            "alice": alice_hand,
            "bob": ["capitaine", "comtesse"],
            "carol": ["duchesse", "capitaine"],
            "dave": ["ambassadeur", "comtesse"],
        },
        coins={"alice": 7},
    )
    state = ENGINE.apply(state, "alice", {"type": "coup", "target": "carol"})
    state = ENGINE.apply(state, "carol", {"type": "lose", "character": "duchesse"})
    state = ENGINE.apply(state, "bob", {"type": "power", "character": "duchesse"})
    assert ENGINE.view(state, "alice")["pending"]["moment"] == "challenge"
    return state


@pytest.mark.parametrize("level", ["bluffer", "honest"])
@pytest.mark.parametrize("seed", range(8))
def test_an_impossible_claim_is_challenged(level, seed):
    state = _third_duchesse_claimed(["duchesse", "duchesse"])
    assert choose(level, state, "alice", seed) == {"type": "challenge"}


@pytest.mark.parametrize("seed", range(8))
def test_a_plausible_claim_is_not_challenged_by_the_honest(seed):
    state = _third_duchesse_claimed(["assassin", "ambassadeur"])
    assert choose("honest", state, "alice", seed) == {"type": "pass"}


@pytest.mark.parametrize("level", ["honest", "bluffer"])
@pytest.mark.parametrize("seed", range(6))
def test_a_held_comtesse_blocks_the_assassin(level, seed):
    state = deal(
        {
            "alice": ["assassin", "duchesse"],
            "bob": ["comtesse", "capitaine"],
            "carol": ["duchesse", "capitaine"],
            "dave": ["ambassadeur", "comtesse"],
        },
        coins={"alice": 3},
    )
    state = ENGINE.apply(
        state, "alice", {"type": "power", "character": "assassin", "target": "bob"}
    )
    for p in ("bob", "carol", "dave"):
        state = ENGINE.apply(state, p, {"type": "pass"})
    assert ENGINE.view(state, "bob")["pending"]["moment"] == "block"
    assert choose(level, state, "bob", seed) == {"type": "block", "character": "comtesse"}


@pytest.mark.parametrize("seed", range(6))
def test_the_honest_takes_the_duchesse_it_holds_and_never_the_one_it_lacks(seed):
    state = deal(
        {
            "alice": ["duchesse", "comtesse"],
            "bob": ["capitaine", "comtesse"],
            "carol": ["duchesse", "capitaine"],
            "dave": ["ambassadeur", "assassin"],
        }
    )
    assert choose("honest", state, "alice", seed) == {"type": "power", "character": "duchesse"}
    state = ENGINE.apply(state, "alice", {"type": "income"})
    action = choose("honest", state, "bob", seed)
    assert action.get("character") in (None, "capitaine")


@pytest.mark.parametrize("seed", range(6))
def test_the_bluffer_coups_the_leader(seed):
    state = deal(
        {
            "alice": ["comtesse", "comtesse"],
            "bob": ["capitaine", "ambassadeur"],
            "carol": ["duchesse", "capitaine"],
            "dave": ["ambassadeur", "assassin"],
        },
        coins={"alice": 10, "bob": 1, "carol": 9, "dave": 2},
    )
    assert choose("bluffer", state, "alice", seed) == {"type": "coup", "target": "carol"}


@pytest.mark.parametrize("seed", range(6))
def test_the_bluffer_always_announces_the_comtesse_against_la_peste(seed):
    state = deal(
        {
            "alice": ["duchesse", "capitaine"],
            "bob": ["capitaine", "ambassadeur"],
            "carol": ["duchesse", "capitaine"],
            "dave": ["ambassadeur", "assassin"],
        },
        coins={"dave": 5},
        first="dave",
        tyrannie=True,
    )
    state = ENGINE.apply(state, "dave", {"type": "plague", "target": "alice"})
    assert ENGINE.view(state, "alice")["pending"]["moment"] == "announce"
    assert choose("bluffer", state, "alice", seed) == {"type": "announce", "character": "comtesse"}
    assert choose("honest", state, "alice", seed) == {"type": "pass"}


# -- counts over random games -------------------------------------------------------------

GAMES = 20


def test_levels_in_random_games():
    counts = {
        "novice_windows": 0,
        "novice_challenges": 0,
        "bluffer_claims": 0,
        "bluffer_bluffs": 0,
        "honest_claims": 0,
    }
    levels_by_game = {}

    def on_decision(state, player, view, legal, action, step):
        level = levels_by_game["current"][player]
        moment = view["pending"]["moment"]
        kind = action["type"]
        character = action.get("character")
        live = own_live_cards(view, player)
        if level == "honest":
            if kind in ("power", "block", "announce"):
                assert character in live, f"honest claimed {character} holding {live}"
                counts["honest_claims"] += 1
            if kind == "abuse_of_trust":
                assert "duchesse" not in live
        elif level == "novice" and moment == "challenge":
            counts["novice_windows"] += 1
            counts["novice_challenges"] += kind == "challenge"
        elif level == "bluffer" and kind in ("power", "block", "announce"):
            counts["bluffer_claims"] += 1
            if character not in live:
                counts["bluffer_bluffs"] += 1
                visible = sum(
                    1
                    for p in view["players"]
                    for c in p["cards"]
                    if c["character"] == character and c["revealed"]
                )
                copies = 4 if len(view["players"]) >= 7 else 3
                in_play = character in view["characters"]
                against_plague = moment == "announce" and character == "comtesse"
                assert against_plague or (in_play and visible < copies), (
                    f"bluffer claimed {character}: {visible} of {copies} copies face up"
                )

    for g in range(GAMES * scale()):
        levels, options = random_setup(stream("levels", g))
        levels_by_game["current"] = levels
        play_bot_game(levels, options, f"levels-{g}", on_decision=on_decision)
    assert counts["honest_claims"] > 0
    assert counts["novice_windows"] > 50
    assert counts["novice_challenges"] / counts["novice_windows"] < 0.12
    assert counts["bluffer_claims"] > 0
    assert 0 < counts["bluffer_bluffs"] < counts["bluffer_claims"]
