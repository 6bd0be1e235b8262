"""The examples of the rulebooks, played move by move.

Joueur 1, 2 and 3 of the rules are alice, bob and carol, seated in that order; alice starts.
Sources: the Complots, Naiade edition rulebook (Exemples 1 to 5, the authority) and the
Complots, 2013 edition rulebook (Exemples 1 and 2 and the two "deux vies dans le
même tour" cases). The Bourreau / Sorcière versions (Naiade Exemples 2 and 5) use Complots 2
characters; the 2013 edition tells the same stories with the Assassin and the Comtesse.
"""

from games.engines.complots import describe
from games.table.sentences import localize

from .helpers import (
    alive,
    block,
    challenge,
    coins,
    court_size,
    current,
    deal,
    everyone_passes,
    hand,
    income,
    lives,
    log,
    lose_life,
    pass_,
    play,
    power,
    revealed,
    total_coins,
    treasury,
    waiting,
    winners,
)

PLAYERS = ["alice", "bob", "carol"]

# 3 players: 15 cards, three of each base character. 6 in hands, 9 in the Court.
HANDS = {
    "alice": ["capitaine", "assassin"],
    "bob": ["comtesse", "duchesse"],
    "carol": ["ambassadeur", "duchesse"],
}
COURT = [
    "capitaine",
    "capitaine",
    "assassin",
    "assassin",
    "comtesse",
    "comtesse",
    "ambassadeur",
    "ambassadeur",
    "duchesse",
]


def start(hands=HANDS, court=COURT, coins=None):
    return deal(PLAYERS, hands=hands, court=court, coins=coins)


# --- Naiade, Exemple 1 / 2013, Exemple 1 -------------------------------------------------------


def test_naiade_exemple_1_capitaine_challenged_by_its_target():
    state = start()
    # Joueur 1 annonce qu'il a le Capitaine et veut voler 2 Or à Joueur 2.
    state = play(state, "alice", power("capitaine", target="bob"))
    assert waiting(state) == ["bob", "carol"], "any opponent may challenge the Capitaine"
    # Joueur 2 décide de mettre en doute Joueur 1.
    state = play(state, "bob", challenge())
    # Joueur 1 ne mentait pas et montre sa carte Capitaine; Joueur 2 perd une vie.
    assert waiting(state) == ["bob"]
    state = lose_life(state, "bob", "comtesse")
    assert lives(state, "bob") == 1
    # Ruling 6: the target, who just lost a life, may still block. Bob lets it go.
    assert waiting(state) == ["bob"]
    state = play(state, "bob", pass_())
    # Joueur 1 vole 2 Or à Joueur 2.
    assert coins(state, "alice") == 4
    assert coins(state, "bob") == 0
    # Sa carte Capitaine ayant été dévoilée, il la mélange à la Cour et en pioche une nouvelle.
    assert revealed(state, "alice") == []
    assert len(hand(state, "alice")) == 2
    assert court_size(state) == 9
    assert "assassin" in hand(state, "alice")
    # Next turn: Joueur 2.
    assert current(state) == "bob"
    assert waiting(state) == ["bob"]
    assert total_coins(state) == 54


def test_naiade_exemple_1_second_card_lost_means_elimination():
    # "S'il s'agit de sa seconde carte, il est éliminé." Alice holds two Capitaines, so she
    # still has one after showing the first.
    hands = {
        "alice": ["capitaine", "capitaine"],
        "bob": ["comtesse", "duchesse"],
        "carol": ["ambassadeur", "duchesse"],
    }
    court = ["capitaine"] + ["assassin"] * 3 + ["comtesse"] * 2 + ["ambassadeur"] * 2 + ["duchesse"]
    state = start(hands=hands, court=court)
    state = play(state, "alice", power("capitaine", target="carol"))
    state = play(state, "carol", challenge())
    state = lose_life(state, "carol", "duchesse")
    state = play(state, "carol", pass_())  # carol does not block
    assert (coins(state, "alice"), coins(state, "carol")) == (4, 0)
    assert "capitaine" in hand(state, "alice")
    state = play(state, "bob", income())
    state = play(state, "carol", income())
    # Carol doubts the Capitaine again, with her last card.
    state = play(state, "alice", power("capitaine", target="carol"))
    state = play(state, "carol", challenge())
    # She loses her second card: eliminated, her Or goes back to the Trésor.
    state = lose_life(state, "carol", "ambassadeur")
    assert not alive(state, "carol")
    assert lives(state, "carol") == 0
    assert revealed(state, "carol") == ["ambassadeur", "duchesse"]
    assert coins(state, "carol") == 0
    # Ruling 9: the Capitaine takes nothing from an eliminated player.
    assert coins(state, "alice") == 4
    assert total_coins(state) == 54
    assert current(state) == "bob"
    assert waiting(state) == ["bob"]


# --- Naiade, Exemple 3 -------------------------------------------------------------------------


def test_naiade_exemple_3_failed_challenge_then_block_by_the_target():
    state = start()
    # Joueur 1 annonce qu'il a Le Capitaine et veut voler 2 Or à Joueur 2.
    state = play(state, "alice", power("capitaine", target="bob"))
    # Joueur 3 décide de mettre en doute Joueur 1.
    state = play(state, "carol", challenge())
    # Joueur 1 montre son Capitaine, le mélange à la Cour et en pioche un nouveau.
    # Joueur 3 a perdu le défi: il perd une vie (carte de son choix).
    assert waiting(state) == ["carol"]
    state = lose_life(state, "carol", "duchesse")
    assert lives(state, "carol") == 1
    assert len(hand(state, "alice")) == 2 and court_size(state) == 9
    # Joueur 2 décide alors de contrer Joueur 1 en annonçant L'Ambassadeur.
    assert waiting(state) == ["bob"], "only the target may block the Capitaine"
    state = play(state, "bob", block("ambassadeur"))
    # Joueur 1 ne veut prendre aucun risque et « se couche » (and carol lets it be).
    assert waiting(state) == ["alice", "carol"], "anyone may doubt the block"
    state = everyone_passes(state)
    # L'Action de Joueur 1 ayant été contrée, il ne vole pas de pièces à Joueur 2.
    assert coins(state, "alice") == 2
    assert coins(state, "bob") == 2
    assert revealed(state, "bob") == []
    assert current(state) == "bob"


# --- Naiade, Exemple 4 / 2013 "Mettre en doute L'Assassin peut être dangereux" ------------------


def test_naiade_exemple_4_doubting_the_assassin_costs_both_lives():
    state = start(coins={"alice": 3, "bob": 2, "carol": 2})
    # Joueur 1 annonce qu'il a L'Assassin et veut assassiner un des Personnages de Joueur 2.
    state = play(state, "alice", power("assassin", target="bob"))
    # Joueur 2 décide de mettre en doute Joueur 1.
    state = play(state, "bob", challenge())
    # Joueur 1 montre L'Assassin et fait perdre une vie aussitôt à Joueur 2.
    state = lose_life(state, "bob", "duchesse")
    assert lives(state, "bob") == 1
    # Bob may still block (ruling 6); he has no Comtesse left to claim and does not.
    assert waiting(state) == ["bob"]
    state = play(state, "bob", pass_())
    # Le pouvoir de L'Assassin fait perdre à Joueur 2 sa seconde vie: il est éliminé.
    state = lose_life(state, "bob", "comtesse")
    assert not alive(state, "bob")
    assert revealed(state, "bob") == ["comtesse", "duchesse"]
    assert coins(state, "alice") == 0, "the Assassin paid 3 Or"
    assert coins(state, "bob") == 0, "an eliminated player's Or returns to the Trésor"
    assert treasury(state) == 54 - 2
    assert winners(state) is None
    assert current(state) == "carol"


def test_2013_exemple_assassin_then_caught_comtesse_bluff_costs_both_lives():
    # Naiade Exemple 5 with the base characters (2013 edition, "Cas particulier").
    state = start(coins={"alice": 3, "bob": 2, "carol": 2})
    # Joueur 1 annonce qu'il a L'Assassin et veut assassiner un des personnages de Joueur 2.
    state = play(state, "alice", power("assassin", target="carol"))
    # Personne ne met en doute Joueur 1.
    state = everyone_passes(state)
    assert coins(state, "alice") == 0, "the claim survived its window: the 3 Or are paid"
    # Joueur 2 décide alors de contrer Joueur 1 en annonçant La Comtesse (carol has none).
    assert waiting(state) == ["carol"]
    state = play(state, "carol", block("comtesse"))
    # Joueur 1 décide de mettre en doute Joueur 2.
    state = play(state, "alice", challenge())
    # Joueur 2 avoue ne pas avoir La Comtesse: il perd une vie.
    state = lose_life(state, "carol", "ambassadeur")
    # L'Assassin n'ayant pas été contré, son pouvoir lui fait perdre sa seconde vie.
    state = lose_life(state, "carol", "duchesse")
    assert not alive(state, "carol")
    assert lives(state, "carol") == 0
    assert coins(state, "carol") == 0
    assert total_coins(state) == 54
    assert current(state) == "bob"


# --- 2013, Exemple 2 ----------------------------------------------------------------------------


def test_2013_exemple_2_true_ambassadeur_block_stands_and_the_doubter_is_out():
    hands = {
        "alice": ["capitaine", "assassin"],
        "bob": ["ambassadeur", "duchesse"],
        "carol": ["comtesse", "duchesse"],
    }
    court = [
        "capitaine",
        "capitaine",
        "assassin",
        "assassin",
        "comtesse",
        "comtesse",
        "ambassadeur",
        "ambassadeur",
        "duchesse",
    ]
    state = start(hands=hands, court=court)
    state = play(state, "alice", power("capitaine", target="bob"))
    state = play(state, "carol", challenge())
    state = lose_life(state, "carol", "duchesse")
    state = play(state, "bob", block("ambassadeur"))
    state = play(state, "carol", challenge())
    # Joueur2 montre son Ambassadeur (mélangé à la Cour, il en pioche un nouveau).
    # Joueur3 retourne sa dernière carte: il est éliminé.
    state = lose_life(state, "carol", "comtesse")
    assert not alive(state, "carol")
    assert revealed(state, "carol") == ["comtesse", "duchesse"]
    assert revealed(state, "bob") == []
    assert len(hand(state, "bob")) == 2
    assert court_size(state) == 9
    # Joueur2 ayant bien annoncé L'Ambassadeur, il contre le Capitaine: pas de vol.
    assert coins(state, "alice") == 2
    assert coins(state, "bob") == 2
    assert coins(state, "carol") == 0
    assert total_coins(state) == 54
    assert current(state) == "bob"
    assert winners(state) is None


# --- The public log of Exemple 1, in English and French ------------------------------------------

NAMES = {"alice": "Alice", "bob": "Bob", "carol": "Carol"}


def test_naiade_exemple_1_reads_like_the_rulebook_in_the_log():
    state = start()
    state = play(state, "alice", power("capitaine", target="bob"))
    state = play(state, "bob", challenge())
    state = lose_life(state, "bob", "comtesse")
    state = play(state, "bob", pass_())
    entries = log(state)
    assert [e["event"] for e in entries] == [
        "start",
        "turn",
        "claim",
        "challenge",
        "proof",
        "lose",
        "pass",
        "steal",
        "turn",
    ]
    english = [describe(e, "en", names=NAMES) for e in entries]
    french = [localize(describe(e, names=NAMES), "fr") for e in entries]
    assert english[2] == "Alice announces the Capitaine against Bob."
    assert french[2] == "Alice annonce le Capitaine contre Bob."
    assert "Bob" in english[3] and "Alice" in english[3] and "Capitaine" in english[3]
    assert "'s the " not in english[3], f"not English: {english[3]!r}"
    assert french[4] == "Alice montre le Capitaine\u00a0; la carte est mélangée à la Cour."
    assert english[5] == "Bob loses a life and reveals the Comtesse."
    assert french[5] == "Bob perd une vie et révèle la Comtesse."
    assert english[6] == "Bob does not block."
    assert french[6] == "Bob ne contre pas."
    assert french[7] == "Alice prend 2 Or à Bob."
    assert english[7] == "Alice takes 2 coins from Bob."
    for sentence in english + french:
        assert sentence.strip() and "alice" not in sentence and "{" not in sentence
