"""``{"type": "resign"}``: a player leaves the game at any moment (Abandon, timeout "out",
moderator kick). See "Resigning" in the games.engines.complots docstring."""

import pytest

from games.engines.complots import describe
from games.table.sentences import localize

from .helpers import (
    ENGINE,
    alive,
    announce,
    block,
    challenge,
    coins,
    coup,
    current,
    deal,
    events,
    everyone_passes,
    income,
    lives,
    log,
    moment,
    pass_,
    pending,
    play,
    playable,
    power,
    refused,
    resign,
    revealed,
    total_coins,
    treasury,
    view,
    waiting,
    winners,
)

ABC = ["alice", "bob", "carol"]
ABCD = ["alice", "bob", "carol", "dave"]
HANDS = {
    "alice": ["capitaine", "assassin"],
    "bob": ["comtesse", "duchesse"],
    "carol": ["ambassadeur", "duchesse"],
    "dave": ["assassin", "capitaine"],
}
HANDS3 = {p: HANDS[p] for p in ABC}
COURT = ["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"]


def test_resign_is_listed_last_for_every_living_player_and_never_after_the_end():
    state = deal(ABC, hands=HANDS3, court=COURT)
    for player in ABC:
        assert ENGINE.legal_actions(state, player)[-1] == resign()
    assert ENGINE.legal_actions(state, "bob") == [resign()]
    assert ENGINE.legal_actions(state, "mallory") == []
    assert ENGINE.default_action(state, "alice") != resign()
    state = play(state, "bob", resign())
    assert ENGINE.legal_actions(state, "bob") == []
    assert refused(state, "bob", resign())
    state = play(state, "carol", resign())
    assert winners(state) == ["alice"]
    assert ENGINE.legal_actions(state, "alice") == []
    assert refused(state, "alice", resign())


def test_resign_reveals_cards_returns_or_and_logs_in_two_languages():
    state = deal(ABC, hands=HANDS3, court=COURT, coins={"bob": 5})
    before = treasury(state)
    state = play(state, "bob", resign())
    assert not alive(state, "bob") and lives(state, "bob") == 0
    assert revealed(state, "bob") == ["comtesse", "duchesse"]
    assert coins(state, "bob") == 0 and treasury(state) == before + 5
    assert total_coins(state) == 54
    entry = next(e for e in log(state) if e["event"] == "resign")
    assert entry == {"event": "resign", "player": "bob"}
    names = {"bob": "Bob"}
    assert localize(describe(entry, names=names), "fr") == "Bob abandonne la partie."
    assert describe(entry, "en", names) == "Bob resigns."
    assert events(state)[-4:] == ["lose", "lose", "eliminated", "pay"]
    # alice's turn goes on; bob is skipped from now on
    assert waiting(state) == ["alice"]
    state = play(state, "alice", income())
    assert current(state) == "carol"


def test_two_players_the_other_wins():
    state = deal(
        ["alice", "bob"],
        hands={"alice": ["duchesse", "assassin"], "bob": ["capitaine", "comtesse"]},
    )
    state = play(state, "alice", resign())
    assert winners(state) == ["bob"]
    assert waiting(state) == []
    assert total_coins(state) == 54


def test_active_player_resigns_mid_claim_the_next_turn_begins():
    state = deal(ABC, hands=HANDS3, court=COURT)
    state = play(state, "alice", power("capitaine", target="bob"))
    assert moment(state) == "challenge"
    state = play(state, "bob", pass_())  # carol still may challenge
    state = play(state, "alice", resign())
    assert "steal" not in events(state) and "challenge" not in events(state)
    assert current(state) == "bob" and moment(state) == "turn"
    assert coins(state, "bob") == 2  # nothing was stolen
    assert total_coins(state) == 54


def test_target_of_an_assassin_resigns_during_the_block_window():
    state = deal(ABC, hands=HANDS3, court=COURT, coins={"alice": 3})
    state = play(state, "alice", power("assassin", target="bob"))
    state = everyone_passes(state)
    assert moment(state) == "block" and waiting(state) == ["bob"]
    state = play(state, "bob", resign())
    assert not alive(state, "bob")
    assert coins(state, "alice") == 0  # the 3 Or were paid on the claim
    assert current(state) == "carol" and moment(state) == "turn"
    assert revealed(state, "carol") == []


def test_blocker_resigns_while_their_block_is_open_to_challenge():
    state = deal(ABC, hands=HANDS3, court=COURT)
    state = play(state, "alice", power("capitaine", target="bob"))
    state = everyone_passes(state)
    state = play(state, "bob", block("capitaine"))
    assert moment(state) == "challenge" and pending(state)["claim"]["player"] == "bob"
    state = play(state, "bob", resign())
    assert current(state) == "carol" and moment(state) == "turn"
    assert coins(state, "alice") == 2  # bob had given his Or back to the Trésor: nothing to take
    assert total_coins(state) == 54


def test_challengers_victim_resigns_instead_of_choosing_a_card():
    state = deal(ABC, hands=HANDS3, court=COURT)
    state = play(state, "alice", power("capitaine", target="bob"))
    state = play(state, "carol", challenge())  # alice has the Capitaine: carol loses a life
    assert moment(state) == "lose" and waiting(state) == ["carol"]
    state = play(state, "carol", resign())
    assert not alive(state, "carol")
    assert revealed(state, "carol") == ["ambassadeur", "duchesse"]
    # the Capitaine goes on: bob may still block
    assert moment(state) == "block" and waiting(state) == ["bob"]
    state = play(state, "bob", pass_())
    assert coins(state, "alice") == 4 and coins(state, "bob") == 0
    assert current(state) == "bob"
    assert total_coins(state) == 54


def test_a_waiting_player_resigns_in_an_open_window_others_still_answer():
    state = deal(ABCD, hands=HANDS, court=COURT)
    state = play(state, "alice", power("capitaine", target="bob"))
    assert waiting(state) == ["bob", "carol", "dave"]
    state = play(state, "carol", resign())
    assert waiting(state) == ["bob", "dave"]
    state = everyone_passes(state)
    assert moment(state) == "block"


CROQUE_SET = ["duchesse", "assassin", "croque_mort", "capitaine", "ambassadeur"]


def test_croque_mort_collects_a_resigners_or():
    hands = {
        "alice": ["croque_mort", "duchesse"],
        "bob": ["capitaine", "ambassadeur"],
        "carol": ["assassin", "duchesse"],
    }
    state = deal(ABC, characters=CROQUE_SET, hands=hands, coins={"bob": 6})
    state = play(state, "bob", resign())
    assert moment(state) == "announce" and pending(state)["announce"] == "croque_mort"
    assert waiting(state) == ["alice", "carol"]
    state = play(state, "alice", announce("croque_mort"))
    state = play(state, "carol", pass_())
    state = everyone_passes(state)  # nobody doubts alice
    assert coins(state, "alice") == 2 + 6
    assert coins(state, "bob") == 0
    assert moment(state) == "turn" and current(state) == "alice"
    assert total_coins(state) == 54


def test_resigner_with_a_sorciere_window_open_reveals_the_card():
    chars = ["duchesse", "assassin", "sorciere", "capitaine", "ambassadeur"]
    hands = {
        "alice": ["assassin", "duchesse"],
        "bob": ["sorciere", "capitaine"],
        "carol": ["duchesse", "capitaine"],
    }
    state = deal(ABC, characters=chars, hands=hands, coins={"alice": 7})
    state = play(state, "alice", coup("bob"))
    state = play(state, "bob", {"type": "lose", "character": "capitaine"})
    assert moment(state) == "announce" and pending(state)["announce"] == "sorciere"
    state = play(state, "bob", resign())
    assert revealed(state, "bob") == ["capitaine", "sorciere"]
    assert current(state) == "carol"
    assert total_coins(state) == 54


def test_saint_barthelemy_hospice_stays_and_religions_are_judged_on_the_living():
    state = deal(ABC, hands=HANDS3, court=COURT, saint_barthelemy=True)
    state = play(state, "alice", {"type": "convert", "target": "alice"})
    hospice = view(state)["hospice"]
    assert hospice == 1
    state = play(state, "carol", resign())
    assert view(state)["hospice"] == hospice
    assert total_coins(state) == 54
    assert current(state) == "bob"


@pytest.mark.parametrize("holder", ["plague", "beggar"])
def test_tyrannie_cards_held_by_a_resigner_go_back_to_the_centre(holder):
    state = deal(ABC, hands=HANDS3, court=COURT, tyrannie=True, coins={"alice": 6})
    state = play(state, "alice", {"type": holder, "target": "bob"})
    if holder == "plague":
        assert moment(state) == "announce" and waiting(state) == ["bob"]
    state = play(state, "bob", resign())
    assert view(state)["tyrannie"][holder] is None
    assert current(state) == "carol"
    assert total_coins(state) == 54


def test_resign_is_never_drawn_by_playable_and_default_never_resigns():
    state = deal(ABC, hands=HANDS3, court=COURT)
    for player in ABC:
        assert resign() not in playable(state, player)
    for player in waiting(state):
        assert ENGINE.default_action(state, player) != resign()


# --- property: resignations at random moments keep every invariant ------------------------

RANDOM_CLANS = [
    ["duchesse", "illusionniste", "ursuline"],
    ["assassin", "bourreau", "maitre_chanteur"],
    ["comtesse", "sorciere", "croque_mort"],
    ["capitaine", "justicier", "pape"],
    ["ambassadeur", "inquisiteur", "espion"],
]


@pytest.mark.parametrize("count", [2, 3, 4, 6, 8])
def test_random_games_with_frequent_resignations_keep_every_invariant(count):
    from .randomplay import PLAYER_NAMES, new_rng, play_random_game, random_seed, replay

    players = PLAYER_NAMES[:count]
    rng = new_rng("resign", count)
    resigned_games = 0
    for index in range(24):
        options = {
            "characters": [rng.choice(clan) for clan in RANDOM_CLANS] if index % 3 else None,
            "saint_barthelemy": index % 4 == 1,
            "tyrannie": index % 4 >= 2,
        }
        if options["characters"] is None:
            del options["characters"]
        seed = random_seed(rng)
        game = play_random_game(
            players,
            options,
            seed,
            rng,
            illegal_every=7,
            hidden_every=5,
            reload_every=3,
            describe_log=True,
            resign_rate=0.04 if count > 2 else 0.06,  # two-player games are short
        )
        if any(action == resign() for _, action in game.actions):
            resigned_games += 1
        again = replay(game)
        assert ENGINE.dump(again) == ENGINE.dump(game.state)
        assert total_coins(game.state) == 54
    assert resigned_games >= 8, f"resignations must be exercised ({resigned_games} games)"


def test_examined_player_resigns_before_the_inquisiteur_decides():
    """Ruling 9: the Inquisiteur's decision on a player who is gone does nothing more."""
    hands = {
        "alice": ["inquisiteur", "duchesse"],
        "bob": ["comtesse", "duchesse"],
        "carol": ["capitaine", "duchesse"],
    }
    characters = ["duchesse", "assassin", "comtesse", "capitaine", "inquisiteur"]
    court = ["assassin", "comtesse", "capitaine", "inquisiteur", "assassin"]
    state = deal(ABC, hands=hands, court=court, characters=characters)
    state = play(state, "alice", power("inquisiteur", target="bob", mode="examine"))
    while moment(state) != "show":
        state = everyone_passes(state)
    state = play(state, "bob", {"type": "show", "character": "comtesse"})
    assert waiting(state) == ["alice"]
    state = play(state, "bob", resign())
    assert not alive(state, "bob") and lives(state, "bob") == 0
    assert sorted(revealed(state, "bob")) == ["comtesse", "duchesse"]
    assert current(state) == "carol" and moment(state) == "turn"
    assert "examine" not in events(state)
    assert total_coins(state) == 54
