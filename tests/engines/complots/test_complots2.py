"""Complots 2: Naiade Exemples 2 and 5, every new power, block and announcement (rulings 13-21).

alice, bob, carol (and dave...) sit in that order; alice starts. Courts are rigged top first;
the cards a setup does not place go, shuffled, under the rigged top (engine docstring).
"""

import json

from .helpers import (
    ENGINE,
    alive,
    announce,
    blackmail,
    block,
    cards,
    challenge,
    coins,
    court_size,
    current,
    deal,
    everyone_passes,
    exchange,
    force_discard,
    foreign_aid,
    give,
    give_back,
    hand,
    income,
    is_legal,
    lives,
    log,
    lose,
    lose_life,
    moment,
    pass_,
    pending,
    play,
    playable,
    power,
    private,
    refused,
    revealed,
    show,
    split,
    spy_again,
    spy_stop,
    total_coins,
    treasury,
    waiting,
)

ABC = ["alice", "bob", "carol"]
ABCD = ["alice", "bob", "carol", "dave"]


# --- Naiade, Exemple 2 and Exemple 5: the Bourreau ------------------------------------------

BOURREAU_SET = ["duchesse", "bourreau", "sorciere", "capitaine", "ambassadeur"]
BOURREAU_HANDS = {
    "alice": ["bourreau", "duchesse"],
    "bob": ["capitaine", "ambassadeur"],
    "carol": ["duchesse", "capitaine"],
}


def test_naiade_exemple_2_bourreau_unblocked():
    state = deal(ABC, characters=BOURREAU_SET, hands=BOURREAU_HANDS, coins={"alice": 3})
    # Joueur 1 annonce le Bourreau et choisit d'assassiner Joueur 2.
    state = play(state, "alice", power("bourreau", target="bob"))
    state = everyone_passes(state)
    # Joueur 1 paye 3 Or à Joueur 2 (ruling 19: paid to the target once the claim stands).
    assert coins(state, "alice") == 0 and coins(state, "bob") == 5
    # Joueur 2 décide de ne pas contrer...
    assert waiting(state) == ["bob"]
    state = play(state, "bob", pass_())
    # ... et perd donc une vie: il retourne une carte de son choix.
    state = lose_life(state, "bob", "ambassadeur")
    assert lives(state, "bob") == 1
    assert revealed(state, "bob") == ["ambassadeur"]
    assert coins(state, "alice") == 0 and coins(state, "bob") == 5
    assert total_coins(state) == 54
    assert current(state) == "bob"


def test_naiade_exemple_5_bourreau_and_a_caught_sorciere_bluff():
    state = deal(ABC, characters=BOURREAU_SET, hands=BOURREAU_HANDS, coins={"alice": 3})
    # Joueur 1 annonce le Bourreau et choisit d'assassiner Joueur 2. Personne ne doute.
    state = play(state, "alice", power("bourreau", target="bob"))
    state = everyone_passes(state)
    # Joueur 2 contre en annonçant la Sorcière.
    state = play(state, "bob", block("sorciere"))
    # Joueur 1 met en doute Joueur 2.
    state = play(state, "alice", challenge())
    # Joueur 2 avoue ne pas avoir la Sorcière: il perd une vie.
    state = lose_life(state, "bob", "capitaine")
    # Le Bourreau n'ayant pas été contré, il fait perdre sa seconde vie à Joueur 2.
    state = lose_life(state, "bob", "ambassadeur")
    assert not alive(state, "bob")
    assert revealed(state, "bob") == ["ambassadeur", "capitaine"]
    # Il lui a payé 3 Or; éliminé, Joueur 2 rend son Or au Trésor.
    assert coins(state, "alice") == 0
    assert coins(state, "bob") == 0
    assert treasury(state) == 54 - 2
    assert current(state) == "carol"


def test_ruling_19_bourreau_blocked_by_an_intouchable_still_pays_the_target():
    state = deal(ABC, characters=BOURREAU_SET, hands=BOURREAU_HANDS, coins={"alice": 4})
    state = play(state, "alice", power("bourreau", target="carol"))
    state = everyone_passes(state)
    assert is_legal(state, "carol", block("sorciere"))
    assert not is_legal(state, "carol", block("comtesse")), "the Comtesse is not in play"
    state = play(state, "carol", block("sorciere"))
    state = everyone_passes(state)
    assert lives(state, "carol") == 2
    assert coins(state, "alice") == 1 and coins(state, "carol") == 5
    assert current(state) == "bob"


def test_ruling_19_bourreau_needs_three_or():
    state = deal(ABC, characters=BOURREAU_SET, hands=BOURREAU_HANDS, coins={"alice": 2})
    assert refused(state, "alice", power("bourreau", target="bob"))


def test_ruling_19_caught_bourreau_bluff_pays_nothing():
    hands = {
        **BOURREAU_HANDS,
        "alice": ["duchesse", "capitaine"],
        "carol": ["bourreau", "duchesse"],
    }
    state = deal(ABC, characters=BOURREAU_SET, hands=hands, coins={"alice": 3})
    state = play(state, "alice", power("bourreau", target="bob"))
    state = play(state, "bob", challenge())
    state = lose_life(state, "alice", "capitaine")
    assert coins(state, "alice") == 3 and coins(state, "bob") == 2
    assert lives(state, "bob") == 2


# --- Ruling 13: Illusionniste -----------------------------------------------------------------

ILLUSION_SET = ["illusionniste", "assassin", "comtesse", "capitaine", "ambassadeur"]


def test_ruling_13_illusionniste_takes_four_and_pays_each_standing_announcer():
    hands = {
        "alice": ["illusionniste", "comtesse"],
        "bob": ["illusionniste", "assassin"],
        "carol": ["capitaine", "assassin"],
        "dave": ["ambassadeur", "comtesse"],
    }
    state = deal(ABCD, characters=ILLUSION_SET, hands=hands)
    state = play(state, "alice", power("illusionniste"))
    state = everyone_passes(state)  # the claim window
    assert moment(state) == "announce" and pending(state)["announce"] == "illusionniste"
    assert waiting(state) == ["bob", "carol", "dave"]
    state = play(state, "bob", announce("illusionniste"))
    state = play(state, "carol", announce("illusionniste"))  # a bluff
    state = play(state, "dave", pass_())
    # Bob's announcement first (seat order): nobody doubts it.
    state = everyone_passes(state)
    # Carol's: alice doubts it; carol has no Illusionniste.
    state = play(state, "alice", challenge())
    state = lose_life(state, "carol", "capitaine")
    assert coins(state, "alice") == 2 + 4 - 1
    assert coins(state, "bob") == 3
    assert coins(state, "carol") == 2
    assert coins(state, "dave") == 2
    assert total_coins(state) == 54
    assert current(state) == "bob"


def test_ruling_13_illusionniste_cannot_be_blocked_and_without_announcers_keeps_four():
    hands = {"alice": ["illusionniste", "comtesse"], "bob": ["capitaine", "assassin"]}
    state = deal(ABC, characters=ILLUSION_SET, hands=hands)
    state = play(state, "alice", power("illusionniste"))
    state = everyone_passes(state)
    state = everyone_passes(state)  # nobody announces
    assert coins(state, "alice") == 6
    assert current(state) == "bob"


def test_ruling_13_four_announcers_the_player_keeps_one_and_chooses_three():
    players = ["alice", "bob", "carol", "dave", "erin", "frank"]
    hands = {"alice": ["illusionniste", "comtesse"], "bob": ["illusionniste", "assassin"]}
    state = deal(players, characters=ILLUSION_SET, hands=hands)
    state = play(state, "alice", power("illusionniste"))
    state = everyone_passes(state)
    for player in ["bob", "carol", "dave", "erin"]:
        state = play(state, player, announce("illusionniste"))
    state = play(state, "frank", pass_())
    for _ in range(4):  # each announcement's own challenge window: nobody doubts
        state = everyone_passes(state)
    assert moment(state) == "give"
    assert waiting(state) == ["alice"]
    assert refused(state, "alice", give("bob", "carol"))
    assert refused(state, "alice", give("bob", "carol", "frank"))
    state = play(state, "alice", give("bob", "dave", "erin"))
    assert coins(state, "alice") == 2 + 1
    assert [coins(state, p) for p in ["bob", "carol", "dave", "erin", "frank"]] == [3, 2, 3, 3, 2]
    assert total_coins(state) == 54


def test_illusionniste_blocks_foreign_aid():
    state = deal(ABC, characters=ILLUSION_SET, hands={"bob": ["illusionniste", "comtesse"]})
    state = play(state, "alice", foreign_aid())
    assert is_legal(state, "carol", block("illusionniste"))
    assert not is_legal(state, "carol", block("duchesse")), "the Duchesse is not in play"
    state = play(state, "bob", block("illusionniste"))
    state = everyone_passes(state)
    assert coins(state, "alice") == 2


# --- Ruling 14: Ursuline ----------------------------------------------------------------------

URSULINE_SET = ["ursuline", "maitre_chanteur", "croque_mort", "justicier", "inquisiteur"]


def test_ruling_14_ursuline_takes_three_and_gives_one_to_an_opponent():
    state = deal(ABC, characters=URSULINE_SET, hands={"alice": ["ursuline", "justicier"]})
    state = play(state, "alice", power("ursuline"))
    state = everyone_passes(state)
    assert moment(state) == "give" and waiting(state) == ["alice"]
    assert refused(state, "alice", give("alice"))
    assert refused(state, "alice", give("bob", "carol"))
    state = play(state, "alice", give("carol"))
    assert coins(state, "alice") == 2 + 3 - 1
    assert coins(state, "carol") == 3 and coins(state, "bob") == 2
    assert current(state) == "bob"


def test_ursuline_blocks_foreign_aid():
    state = deal(ABC, characters=URSULINE_SET, hands={"carol": ["ursuline", "justicier"]})
    state = play(state, "alice", foreign_aid())
    state = play(state, "carol", block("ursuline"))
    state = everyone_passes(state)
    assert coins(state, "alice") == 2


# --- Ruling 15: Croque-Mort -------------------------------------------------------------------

CROQUE_SET = ["duchesse", "assassin", "croque_mort", "capitaine", "ambassadeur"]


def test_ruling_15_croque_mort_announcers_share_the_eliminated_players_or():
    hands = {
        "alice": ["croque_mort", "duchesse"],
        "bob": ["capitaine", "ambassadeur"],
        "carol": ["croque_mort", "assassin"],
        "dave": ["duchesse", "capitaine"],
    }
    coins_ = {"alice": 7, "bob": 7, "carol": 2, "dave": 5}
    state = deal(ABCD, characters=CROQUE_SET, hands=hands, coins=coins_)
    state = play(state, "alice", income())
    state = play(state, "bob", income())
    state = play(state, "carol", income())
    state = play(state, "dave", income())  # dave: 6
    state = play(state, "alice", {"type": "coup", "target": "dave"})
    state = lose_life(state, "dave", "duchesse")
    state = play(state, "bob", {"type": "coup", "target": "dave"})
    # Dave is out: the other living players may announce the Croque-Mort.
    assert not alive(state, "dave")
    assert moment(state) == "announce" and pending(state)["announce"] == "croque_mort"
    assert waiting(state) == ["alice", "bob", "carol"]
    state = play(state, "alice", announce("croque_mort"))
    state = play(state, "bob", pass_())
    state = play(state, "carol", announce("croque_mort"))
    state = everyone_passes(state)  # alice's announcement stands
    state = everyone_passes(state)  # carol's too
    # 6 Or shared equally between two: 3 each, nothing left over.
    assert coins(state, "alice") == 1 + 3
    assert coins(state, "carol") == 3 + 3
    assert coins(state, "dave") == 0
    assert total_coins(state) == 54
    assert current(state) == "carol"


def test_ruling_15_croque_mort_remainder_goes_to_the_tresor():
    hands = {
        "alice": ["croque_mort", "duchesse"],
        "carol": ["croque_mort", "assassin"],
        "dave": ["duchesse", "capitaine"],
    }
    coins_ = {"alice": 7, "bob": 7, "carol": 2, "dave": 5}
    state = deal(ABCD, characters=CROQUE_SET, hands=hands, coins=coins_)
    state = play(state, "alice", {"type": "coup", "target": "dave"})
    state = lose_life(state, "dave", "duchesse")
    state = play(state, "bob", {"type": "coup", "target": "dave"})
    state = play(state, "alice", announce("croque_mort"))
    state = play(state, "bob", pass_())
    state = play(state, "carol", announce("croque_mort"))
    state = everyone_passes(state)
    state = everyone_passes(state)
    # 5 Or for two announcers: 2 each, 1 back to the Trésor.
    assert [coins(state, p) for p in ABCD] == [2, 0, 4, 0]
    assert treasury(state) == 54 - 6
    assert total_coins(state) == 54


def test_croque_mort_blocks_the_assassin():
    hands = {"alice": ["assassin", "duchesse"], "bob": ["croque_mort", "capitaine"]}
    state = deal(ABC, characters=CROQUE_SET, hands=hands, coins={"alice": 3})
    state = play(state, "alice", power("assassin", target="bob"))
    state = everyone_passes(state)
    state = play(state, "bob", block("croque_mort"))
    state = everyone_passes(state)
    assert lives(state, "bob") == 2 and coins(state, "alice") == 0


def test_ruling_15_no_croque_mort_everything_to_the_tresor():
    hands = {"carol": ["duchesse", "capitaine"]}
    state = deal(ABC, characters=CROQUE_SET, hands=hands, coins={"alice": 7, "bob": 7, "carol": 4})
    state = play(state, "alice", {"type": "coup", "target": "carol"})
    state = lose_life(state, "carol", "duchesse")
    state = play(state, "bob", {"type": "coup", "target": "carol"})
    assert not alive(state, "carol")
    assert waiting(state) == ["alice", "bob"], "the Croque-Mort window opens for the living"
    state = everyone_passes(state)
    assert [coins(state, p) for p in ABC] == [0, 0, 0]
    assert treasury(state) == 54
    assert current(state) == "alice"


# --- Ruling 16: Sorcière ----------------------------------------------------------------------

SORCIERE_SET = ["duchesse", "assassin", "sorciere", "capitaine", "ambassadeur"]


def test_ruling_16_sorciere_gains_five_and_the_lost_card_stays_hidden():
    hands = {"alice": ["duchesse", "assassin"], "bob": ["sorciere", "capitaine"]}
    state = deal(ABC, characters=SORCIERE_SET, hands=hands, coins={"alice": 7})
    state = play(state, "alice", {"type": "coup", "target": "bob"})
    state = play(state, "bob", lose("capitaine"))
    # Bob just lost a life: he alone may announce the Sorcière.
    assert moment(state) == "announce" and pending(state)["announce"] == "sorciere"
    assert waiting(state) == ["bob"]
    state = play(state, "bob", announce("sorciere"))
    assert waiting(state) == ["alice", "carol"]
    state = everyone_passes(state)
    assert coins(state, "bob") == 2 + 5
    assert lives(state, "bob") == 1
    assert revealed(state, "bob") == [], "the lost card stays face down"
    for viewer in (None, "alice", "carol"):
        for card in cards(state, viewer, "bob"):
            assert card["character"] is None
    lost = [c for c in cards(state, "bob", "bob") if c["lost"]]
    assert lost == [{"character": "capitaine", "revealed": False, "lost": True}]
    assert hand(state, "bob") == ["capitaine", "sorciere"]
    # The public log tells that bob lost a life, not which card.
    bob_losses = [e for e in log(state) if e["event"] == "lose" and e["player"] == "bob"]
    assert bob_losses == [{"event": "lose", "player": "bob", "character": None}]
    assert total_coins(state) == 54
    assert current(state) == "bob"


def test_ruling_16_a_caught_sorciere_bluff_costs_another_life():
    hands = {"alice": ["duchesse", "assassin"], "bob": ["duchesse", "capitaine"]}
    state = deal(ABC, characters=SORCIERE_SET, hands=hands, coins={"alice": 7})
    state = play(state, "alice", {"type": "coup", "target": "bob"})
    state = play(state, "bob", lose("capitaine"))
    state = play(state, "bob", announce("sorciere"))
    state = play(state, "carol", challenge())
    assert not alive(state, "bob")
    assert revealed(state, "bob") == ["capitaine", "duchesse"]
    assert coins(state, "bob") == 0
    assert total_coins(state) == 54


def test_sorciere_blocks_the_assassin():
    hands = {"alice": ["assassin", "duchesse"], "bob": ["sorciere", "capitaine"]}
    state = deal(ABC, characters=SORCIERE_SET, hands=hands, coins={"alice": 3})
    state = play(state, "alice", power("assassin", target="bob"))
    state = everyone_passes(state)
    state = play(state, "bob", block("sorciere"))
    state = everyone_passes(state)
    assert lives(state, "bob") == 2


# --- Ruling 17: Pape --------------------------------------------------------------------------

PAPE_SET = ["duchesse", "assassin", "comtesse", "pape", "ambassadeur"]


def test_ruling_17_pape_takes_one_from_each_opponent_except_announcers():
    hands = {"alice": ["pape", "duchesse"], "bob": ["pape", "comtesse"]}
    state = deal(ABCD, characters=PAPE_SET, hands=hands, coins={"dave": 0})
    state = play(state, "alice", power("pape"))
    state = everyone_passes(state)
    # No block window (only a Pape counters a Pape): the counter-announcements come next,
    # from the opponents the Pape would take from (dave has nothing).
    assert moment(state) == "announce" and pending(state)["announce"] == "pape"
    assert waiting(state) == ["bob", "carol"]
    assert not is_legal(state, "bob", block("pape"))
    state = play(state, "bob", announce("pape"))
    state = play(state, "carol", pass_())
    state = everyone_passes(state)  # bob's announcement stands
    assert coins(state, "alice") == 2 + 1
    assert coins(state, "bob") == 2 and coins(state, "carol") == 1 and coins(state, "dave") == 0
    assert total_coins(state) == 54


def test_ruling_17_a_caught_pape_announcer_pays_all_the_same():
    hands = {"alice": ["pape", "duchesse"], "bob": ["duchesse", "comtesse"]}
    state = deal(ABC, characters=PAPE_SET, hands=hands)
    state = play(state, "alice", power("pape"))
    state = everyone_passes(state)
    state = play(state, "bob", announce("pape"))
    state = play(state, "carol", pass_())
    state = play(state, "alice", challenge())
    state = lose_life(state, "bob", "comtesse")
    assert coins(state, "alice") == 4 and coins(state, "bob") == 1 and coins(state, "carol") == 1


# --- Ruling 18: Justicier ---------------------------------------------------------------------

JUSTICIER_SET = ["duchesse", "assassin", "comtesse", "justicier", "ambassadeur"]


def test_ruling_18_justicier_takes_three_from_the_richest_and_gives_two_to_the_poorest():
    hands = {"alice": ["justicier", "duchesse"]}
    coins_ = {"alice": 2, "bob": 6, "carol": 1, "dave": 3}
    state = deal(ABCD, characters=JUSTICIER_SET, hands=hands, coins=coins_)
    state = play(state, "alice", power("justicier"))
    state = everyone_passes(state)
    assert waiting(state) == ["bob"], "only the richest opponent may block"
    assert is_legal(state, "bob", block("justicier"))
    assert is_legal(state, "bob", block("ambassadeur"))
    assert not is_legal(state, "bob", block("capitaine")), "the Capitaine is not in play"
    state = play(state, "bob", pass_())
    assert [coins(state, p) for p in ABCD] == [3, 3, 3, 3]
    assert total_coins(state) == 54


def test_ruling_18_justicier_gives_to_themselves_when_poorest():
    hands = {"alice": ["justicier", "duchesse"]}
    coins_ = {"alice": 0, "bob": 6, "carol": 2, "dave": 3}
    state = deal(ABCD, characters=JUSTICIER_SET, hands=hands, coins=coins_)
    state = play(state, "alice", power("justicier"))
    state = everyone_passes(state)
    state = play(state, "bob", pass_())
    assert [coins(state, p) for p in ABCD] == [3, 3, 2, 3]


def test_ruling_18_justicier_splits_ties_as_the_player_likes():
    hands = {"alice": ["justicier", "duchesse"]}
    coins_ = {"alice": 2, "bob": 5, "carol": 1, "dave": 5}
    state = deal(ABCD, characters=JUSTICIER_SET, hands=hands, coins=coins_)
    state = play(state, "alice", power("justicier"))
    state = everyone_passes(state)
    assert waiting(state) == ["bob", "dave"]
    state = everyone_passes(state)
    assert moment(state) == "split" and pending(state)["step"] == "take"
    assert waiting(state) == ["alice"]
    assert refused(state, "alice", split(bob=2, dave=2))
    state = play(state, "alice", split(bob=3, dave=0))
    assert [coins(state, p) for p in ABCD] == [3, 2, 3, 5]


def test_ruling_18_justicier_blocked_by_the_target():
    hands = {"alice": ["justicier", "duchesse"], "bob": ["ambassadeur", "comtesse"]}
    coins_ = {"alice": 2, "bob": 6, "carol": 1}
    state = deal(ABC, characters=JUSTICIER_SET, hands=hands, coins=coins_)
    state = play(state, "alice", power("justicier"))
    state = everyone_passes(state)
    assert refused(state, "carol", block("ambassadeur"))
    state = play(state, "bob", block("ambassadeur"))
    state = everyone_passes(state)
    assert [coins(state, p) for p in ABC] == [2, 6, 1]


# --- Ruling 20: Maître-Chanteur ---------------------------------------------------------------

CHANTEUR_SET = ["duchesse", "maitre_chanteur", "comtesse", "capitaine", "ambassadeur"]
CHANTEUR_HANDS = {"alice": ["maitre_chanteur", "duchesse"], "bob": ["capitaine", "ambassadeur"]}


def _blackmail(coins_):
    state = deal(ABC, characters=CHANTEUR_SET, hands=CHANTEUR_HANDS, coins=coins_)
    state = play(state, "alice", power("maitre_chanteur", target="bob"))
    state = everyone_passes(state)
    state = play(state, "bob", pass_())
    assert moment(state) == "blackmail" and waiting(state) == ["bob"]
    return state


def test_ruling_20_maitre_chanteur_target_pays_three_to_keep_their_life():
    state = _blackmail({"alice": 3, "bob": 4})
    state = play(state, "bob", blackmail(True))
    assert coins(state, "alice") == 6 and coins(state, "bob") == 1
    assert lives(state, "bob") == 2


def test_ruling_20_maitre_chanteur_target_loses_a_life_and_receives_three():
    state = _blackmail({"alice": 3, "bob": 4})
    state = play(state, "bob", blackmail(False))
    state = lose_life(state, "bob", "ambassadeur")
    assert coins(state, "alice") == 0 and coins(state, "bob") == 7
    assert lives(state, "bob") == 1


def test_ruling_20_paying_needs_three_or():
    state = _blackmail({"alice": 3, "bob": 2})
    assert not is_legal(state, "bob", blackmail(True))
    assert refused(state, "bob", blackmail(True))


def test_maitre_chanteur_blocked_by_the_comtesse():
    hands = {**CHANTEUR_HANDS, "bob": ["comtesse", "ambassadeur"]}
    state = deal(ABC, characters=CHANTEUR_SET, hands=hands, coins={"alice": 3})
    state = play(state, "alice", power("maitre_chanteur", target="bob"))
    state = everyone_passes(state)
    state = play(state, "bob", block("comtesse"))
    state = everyone_passes(state)
    assert lives(state, "bob") == 2
    assert coins(state, "alice") == 0 and coins(state, "bob") == 5


# --- Ruling 21: Espion ------------------------------------------------------------------------

ESPION_SET = ["duchesse", "assassin", "comtesse", "capitaine", "espion"]


def test_ruling_21_espion_draws_one_swaps_and_may_pay_to_repeat():
    hands = {"alice": ["espion", "assassin"]}
    state = deal(ABC, characters=ESPION_SET, hands=hands, court=["duchesse", "comtesse"])
    size = court_size(state)
    state = play(state, "alice", power("espion"))
    state = everyone_passes(state)
    assert moment(state) == "exchange" and private(state, "alice")["drawn"] == ["duchesse"]
    state = play(state, "alice", exchange("duchesse", "assassin"))
    assert hand(state, "alice") == ["assassin", "duchesse"]
    assert moment(state) == "spy" and waiting(state) == ["alice"]
    state = play(state, "alice", spy_again())
    assert coins(state, "alice") == 1
    assert len(private(state, "alice")["drawn"]) == 1
    drawn = private(state, "alice")["drawn"][0]
    state = play(state, "alice", exchange("duchesse", "assassin"))
    assert hand(state, "alice") == ["assassin", "duchesse"]
    assert drawn in ENGINE.view(state, "alice")["characters"]
    state = play(state, "alice", spy_stop())
    assert court_size(state) == size
    assert current(state) == "bob"
    assert total_coins(state) == 54


def test_ruling_21_no_repeat_without_or():
    hands = {"alice": ["espion", "assassin"]}
    state = deal(ABC, characters=ESPION_SET, hands=hands, coins={"alice": 0})
    state = play(state, "alice", power("espion"))
    state = everyone_passes(state)
    state = play(state, "alice", exchange("espion", "assassin"))
    assert not is_legal(state, "alice", spy_again())


def test_espion_blocks_the_capitaine():
    hands = {"alice": ["capitaine", "assassin"], "bob": ["espion", "duchesse"]}
    state = deal(ABC, characters=ESPION_SET, hands=hands)
    state = play(state, "alice", power("capitaine", target="bob"))
    state = everyone_passes(state)
    state = play(state, "bob", block("espion"))
    state = everyone_passes(state)
    assert coins(state, "alice") == 2 and coins(state, "bob") == 2


# --- Ruling 11: Inquisiteur -------------------------------------------------------------------

INQUISITEUR_SET = ["duchesse", "assassin", "comtesse", "capitaine", "inquisiteur"]


def test_ruling_11_inquisiteur_exchange_draws_one():
    hands = {"alice": ["inquisiteur", "assassin"]}
    state = deal(ABC, characters=INQUISITEUR_SET, hands=hands, court=["comtesse"])
    state = play(state, "alice", power("inquisiteur", mode="exchange"))
    state = everyone_passes(state)
    assert private(state, "alice")["drawn"] == ["comtesse"]
    assert private(state, "bob").get("drawn") in (None, [])
    state = play(state, "alice", exchange("comtesse", "assassin"))
    assert hand(state, "alice") == ["assassin", "comtesse"]
    assert current(state) == "bob"


def test_ruling_11_inquisiteur_examine_target_chooses_and_inquisiteur_discards():
    hands = {"alice": ["inquisiteur", "assassin"], "bob": ["duchesse", "capitaine"]}
    state = deal(ABC, characters=INQUISITEUR_SET, hands=hands)
    size = court_size(state)
    state = play(state, "alice", power("inquisiteur", target="bob", mode="examine"))
    state = everyone_passes(state)
    assert moment(state) == "show" and waiting(state) == ["bob"]
    assert sorted(a["character"] for a in playable(state, "bob")) == [
        "capitaine",
        "duchesse",
    ]
    state = play(state, "bob", show("duchesse"))
    assert moment(state) == "examine" and waiting(state) == ["alice"]
    assert private(state, "alice")["shown"] == {"player": "bob", "character": "duchesse"}
    assert not private(state, "carol").get("shown")
    carol_log = ENGINE.view(state, "carol")["log"]
    assert all("duchesse" not in json.dumps(e) for e in carol_log if e["event"] != "start")
    state = play(state, "alice", force_discard())
    assert len(hand(state, "bob")) == 2 and "capitaine" in hand(state, "bob")
    assert court_size(state) == size
    assert lives(state, "bob") == 2
    assert current(state) == "bob"


def test_ruling_11_inquisiteur_examine_give_back():
    hands = {"alice": ["inquisiteur", "assassin"], "bob": ["duchesse", "capitaine"]}
    state = deal(ABC, characters=INQUISITEUR_SET, hands=hands)
    state = play(state, "alice", power("inquisiteur", target="bob", mode="examine"))
    state = everyone_passes(state)
    state = play(state, "bob", show("capitaine"))
    state = play(state, "alice", give_back())
    assert hand(state, "bob") == ["capitaine", "duchesse"]
    assert current(state) == "bob"


def test_ruling_15_a_doubted_croque_mort_bluff_gets_nothing():
    hands = {
        "alice": ["duchesse", "assassin"],
        "carol": ["croque_mort", "capitaine"],
        "dave": ["duchesse", "capitaine"],
    }
    coins_ = {"alice": 7, "bob": 7, "carol": 2, "dave": 4}
    state = deal(ABCD, characters=CROQUE_SET, hands=hands, coins=coins_)
    state = play(state, "alice", {"type": "coup", "target": "dave"})
    state = lose_life(state, "dave", "duchesse")
    state = play(state, "bob", {"type": "coup", "target": "dave"})
    state = play(state, "alice", announce("croque_mort"))  # a bluff
    state = play(state, "bob", pass_())
    state = play(state, "carol", announce("croque_mort"))
    state = play(state, "bob", challenge())  # doubts alice
    state = lose_life(state, "alice", "assassin")
    state = everyone_passes(state)  # carol's announcement stands
    assert [coins(state, p) for p in ABCD] == [0, 0, 2 + 4, 0]
    assert total_coins(state) == 54


def test_an_active_player_eliminated_in_a_croque_mort_window_takes_no_further_decision():
    # Ruling 9 and the contract: an eliminated player is never waited for. Alice's Ursuline
    # is doubted by carol, who loses her last card; in the Croque-Mort window that follows,
    # alice bluffs the Croque-Mort, is caught and loses her last card: her Ursuline action
    # ends there (no "give" to decide for a dead player) and bob plays next.
    characters = ["ursuline", "assassin", "croque_mort", "capitaine", "ambassadeur"]
    hands = {
        "alice": ["ursuline", "capitaine"],
        "bob": ["assassin", "croque_mort"],
        "carol": ["croque_mort", "capitaine"],
        "dave": ["croque_mort", "ambassadeur"],
    }
    state = deal(ABCD, characters=characters, hands=hands, coins={"bob": 7, "dave": 7})
    state = play(state, "alice", income())
    state = play(state, "bob", {"type": "coup", "target": "alice"})
    state = lose_life(state, "alice", "capitaine")
    state = play(state, "carol", income())
    state = play(state, "dave", {"type": "coup", "target": "carol"})
    state = lose_life(state, "carol", "capitaine")
    state = play(state, "alice", power("ursuline"))
    state = play(state, "carol", challenge())
    assert not alive(state, "carol")
    assert moment(state) == "announce" and pending(state)["announce"] == "croque_mort"
    state = play(state, "alice", announce("croque_mort"))  # no Croque-Mort left for her
    state = play(state, "bob", pass_())
    state = play(state, "dave", pass_())
    state = play(state, "bob", challenge())
    assert not alive(state, "alice")
    for _ in range(10):
        assert "alice" not in waiting(state), f"a dead player is waited for: {pending(state)}"
        if moment(state) == "turn":
            break
        state = everyone_passes(state)
    assert moment(state) == "turn" and current(state) == "bob"
    assert coins(state, "alice") == 0
    assert total_coins(state) == 54


def test_ruling_15_a_player_eliminated_inside_a_croque_mort_window_opens_their_own():
    # Carol is eliminated; in her Croque-Mort window alice bluffs, is caught by dave and
    # loses her last card. Alice is eliminated too: ruling 15 gives the living (bob and
    # dave) the chance to announce the Croque-Mort for alice's Or. Bob does and takes it.
    characters = ["ursuline", "assassin", "croque_mort", "capitaine", "ambassadeur"]
    hands = {
        "alice": ["ursuline", "capitaine"],
        "bob": ["assassin", "croque_mort"],
        "carol": ["croque_mort", "capitaine"],
        "dave": ["croque_mort", "ambassadeur"],
    }
    state = deal(ABCD, characters=characters, hands=hands, coins={"bob": 14, "dave": 7})
    state = play(state, "alice", income())
    state = play(state, "bob", {"type": "coup", "target": "alice"})
    state = lose_life(state, "alice", "capitaine")
    state = play(state, "carol", income())
    state = play(state, "dave", {"type": "coup", "target": "carol"})
    state = lose_life(state, "carol", "capitaine")
    state = play(state, "alice", income())
    state = play(state, "bob", {"type": "coup", "target": "carol"})
    assert not alive(state, "carol")
    assert [coins(state, p) for p in ABCD] == [4, 0, 3, 0]
    assert waiting(state) == ["alice", "bob", "dave"]
    state = play(state, "alice", announce("croque_mort"))
    state = play(state, "bob", pass_())
    state = play(state, "dave", pass_())
    state = play(state, "dave", challenge())
    assert not alive(state, "alice")
    assert moment(state) == "announce" and pending(state)["announce"] == "croque_mort"
    assert waiting(state) == ["bob", "dave"], "alice's elimination opens its own window"
    state = play(state, "bob", announce("croque_mort"))
    state = play(state, "dave", pass_())
    state = everyone_passes(state)
    assert coins(state, "bob") == 4, "bob inherits alice's 4 Or"
    assert coins(state, "dave") == 0
    assert total_coins(state) == 54


def test_ruling_18_justicier_splits_the_gift_between_tied_poorest():
    hands = {"alice": ["justicier", "duchesse"]}
    coins_ = {"alice": 2, "bob": 6, "carol": 1, "dave": 1}
    state = deal(ABCD, characters=JUSTICIER_SET, hands=hands, coins=coins_)
    state = play(state, "alice", power("justicier"))
    state = everyone_passes(state)
    state = play(state, "bob", pass_())
    assert moment(state) == "split" and pending(state)["step"] == "give"
    assert pending(state)["total"] == 2
    assert sorted(pending(state)["candidates"]) == ["carol", "dave"]
    state = play(state, "alice", split(carol=1, dave=1))
    assert [coins(state, p) for p in ABCD] == [3, 3, 2, 2]
    assert total_coins(state) == 54


def test_ruling_17_a_true_pape_announcement_doubted_costs_the_doubter_a_life():
    hands = {
        "alice": ["pape", "duchesse"],
        "bob": ["pape", "comtesse"],
        "carol": ["duchesse", "assassin"],
    }
    state = deal(ABC, characters=PAPE_SET, hands=hands)
    state = play(state, "alice", power("pape"))
    state = everyone_passes(state)
    state = play(state, "bob", announce("pape"))
    state = play(state, "carol", pass_())
    state = play(state, "carol", challenge())
    # Bob shows his Pape (shuffled into the Court, he draws another); carol loses a life.
    state = lose_life(state, "carol", "assassin")
    assert len(hand(state, "bob")) == 2 and lives(state, "bob") == 2
    assert coins(state, "bob") == 2, "a standing Pape announcer pays nothing"
    assert coins(state, "carol") == 1 and coins(state, "alice") == 3


def _bob_keeps_his_sorciere(court=None, coins_=None):
    hands = {"alice": ["duchesse", "assassin"], "bob": ["sorciere", "capitaine"]}
    state = deal(
        ABC, characters=SORCIERE_SET, hands=hands, court=court, coins=coins_ or {"alice": 7}
    )
    state = play(state, "alice", {"type": "coup", "target": "bob"})
    state = play(state, "bob", lose("capitaine"))
    state = play(state, "bob", announce("sorciere"))
    return everyone_passes(state)


def test_ruling_16_the_card_lost_to_the_sorciere_cannot_be_exchanged():
    state = _bob_keeps_his_sorciere(court=["duchesse", "assassin"])
    state = play(state, "bob", power("ambassadeur"))
    state = everyone_passes(state)
    keeps = [a["keep"] for a in playable(state, "bob") if a["type"] == "exchange"]
    assert sorted(k[0] for k in keeps) == ["assassin", "duchesse", "sorciere"]
    state = play(state, "bob", exchange("duchesse"))
    bob_cards = cards(state, "bob", "bob")
    assert {"character": "capitaine", "revealed": False, "lost": True} in bob_cards
    assert lives(state, "bob") == 1


def test_ruling_16_the_card_lost_to_the_sorciere_is_not_lost_twice():
    state = _bob_keeps_his_sorciere()
    state = play(state, "bob", income())
    state = play(state, "carol", income())
    assert coins(state, "alice") == 0
    state = play(state, "alice", income())
    state = play(state, "bob", power("duchesse"))
    state = play(state, "alice", challenge())  # bob has no Duchesse: he loses his last life
    assert not alive(state, "bob")
    assert revealed(state, "bob") == ["sorciere"], "the Sorcière's card stays face down"
    for viewer in (None, "alice", "carol"):
        hidden = [c for c in cards(state, viewer, "bob") if not c["revealed"]]
        assert hidden == [{"character": None, "revealed": False, "lost": True}]


def test_ruling_2_the_sorciere_takes_only_what_the_tresor_has():
    hands = {"alice": ["assassin", "duchesse"], "bob": ["sorciere", "capitaine"]}
    coins_ = {"alice": 3, "bob": 2, "carol": 49}
    state = deal(ABC, characters=SORCIERE_SET, hands=hands, coins=coins_)
    assert treasury(state) == 0
    state = play(state, "alice", power("assassin", target="bob"))
    state = everyone_passes(state)
    assert treasury(state) == 3, "the Assassin's 3 Or"
    state = play(state, "bob", pass_())
    state = play(state, "bob", lose("capitaine"))
    state = play(state, "bob", announce("sorciere"))
    state = everyone_passes(state)
    assert coins(state, "bob") == 2 + 3, "5 Or promised, 3 in the Trésor"
    assert treasury(state) == 0
    assert total_coins(state) == 54
