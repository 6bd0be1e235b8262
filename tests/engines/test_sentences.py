"""The engines' sentences (`games.engines.sentences`) rendered with a toy catalogue: no
Django here, the mechanism alone (the site's catalogue: tests/table/test_log_sentences.py)."""

import pytest

from games.engines.base import N_
from games.engines.sentences import Amount, Name, Nn_, Sentence, joined

FRENCH = {
    "%(player)s's action fails.": "L’action de %(player)s échoue.",
    "%(player)s says %(what)s.": "%(player)s dit que %(what)s.",
    "the %(card)s": "le %(card)s",
    "the Queen of %(suit)s": "la Reine de %(suit)s",
    "Hearts": "Cœur",
    "%(enemy)s attacks %(player)s.": "%(enemy)s attaque %(player)s.",
    "%(player)s defeats %(enemy)s.": "%(player)s vainc %(enemy)s.",
    "the Assassin": "l’Assassin",
    "%(player)s reveals %(character)s.": "%(player)s révèle %(character)s.",
    "%(player)s discards %(cards)s.": "%(player)s se défausse de %(cards)s.",
    "%(amount)s ducats": "%(amount)s ducats",
    "%(items)s and %(last)s": "%(items)s et %(last)s",
    "Broken %(player)s.": "Cassé %(joueur)s.",
    "You kept %(cards)s.": "Vous gardez %(cards)s.",
}
PLURALS = {("%(count)s coin", "%(count)s coins"): ("%(count)s Or", "%(count)s Or")}


def french(sentence):
    def ngettext(singular, plural, n):
        return PLURALS[singular, plural][0 if n <= 1 else 1]

    def amount(n):
        return f"{int(n):,}".replace(",", "\u202f")

    return sentence.render(lambda template: FRENCH.get(template, template), ngettext, amount)


def fails(name):
    return Sentence(N_("%(player)s's action fails."), player=name)


def test_a_sentence_is_its_english_text_and_keeps_its_template():
    sentence = fails(Name("Alice"))
    assert sentence == "Alice's action fails." and isinstance(sentence, str)
    assert sentence.template == "%(player)s's action fails."
    assert sentence.params == {"player": "Alice"}
    assert sentence.render() == "Alice's action fails."


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("Alice", "L’action d’Alice échoue."),
        ("Bob", "L’action de Bob échoue."),
        ("Hugo", "L’action d’Hugo échoue."),
        ("Ève", "L’action d’Ève échoue."),
        ("ugo", "L’action d’ugo échoue."),
    ],
)
def test_french_elides_de_before_a_name_with_a_vowel(name, expected):
    assert french(fails(Name(name))) == expected


def test_elision_of_que_and_le_and_only_for_names_and_words():
    said = Sentence(N_("%(player)s says %(what)s."), player=Name("Bob"), what=Name("Alice"))
    assert french(said) == "Bob dit qu’Alice."
    assert french(Sentence(N_("the %(card)s"), card=Sentence(N_("the Assassin")))) == (
        "le l’Assassin"  # a word that starts with its own article is not elided
    )
    assert french(Sentence(N_("the %(card)s"), card=Name("Ace"))) == "l’Ace"
    discards = Sentence(N_("%(player)s discards %(cards)s."), player=Name("Bob"), cards="A♣ 8♦")
    assert french(discards) == "Bob se défausse de A♣ 8♦."  # a label, not a word
    assert french(fails("Alice")) == "L’action de Alice échoue."  # a plain string


def test_a_nested_word_is_translated_and_capitalized_when_it_opens_the_sentence():
    queen = Sentence(N_("the Queen of %(suit)s"), suit=Sentence(N_("Hearts")))
    attack = Sentence(N_("%(enemy)s attacks %(player)s."), enemy=queen, player=Name("alice"))
    assert attack == "The Queen of Hearts attacks alice."
    assert french(attack) == "La Reine de Cœur attaque alice."
    defeat = Sentence(N_("%(player)s defeats %(enemy)s."), player=Name("alice"), enemy=queen)
    assert defeat == "alice defeats the Queen of Hearts."
    assert french(defeat) == "alice vainc la Reine de Cœur."
    revealed = Sentence(
        N_("%(player)s reveals %(character)s."),
        player=Name("Bob"),
        character=Sentence(N_("the Assassin")),
    )
    assert french(revealed) == "Bob révèle l’Assassin."


@pytest.mark.parametrize(
    ("count", "english", "in_french"),
    [(0, "0 coins", "0 Or"), (1, "1 coin", "1 Or"), (2, "2 coins", "2 Or")],
)
def test_plurals_follow_each_language(count, english, in_french):
    coins = Sentence(Nn_("%(count)s coin", "%(count)s coins"), count=count)
    assert coins == english
    assert french(coins) == in_french


def test_a_plural_without_a_number_takes_the_plural_form():
    assert Sentence(Nn_("%(count)s coin", "%(count)s coins"), count=None) == "None coins"


def test_amounts_take_the_language_separator():
    ducats = Sentence(N_("%(amount)s ducats"), amount=Amount(10000))
    assert ducats == "10,000 ducats"
    assert french(ducats) == "10\u202f000 ducats"


def test_joined_words_are_each_translated():
    cards = Sentence(
        N_("%(items)s and %(last)s"),
        items=joined([Sentence(N_("the Assassin")), Sentence(N_("Hearts"))]),
        last=Name("x"),
    )
    kept = Sentence(N_("You kept %(cards)s."), cards=cards)
    assert kept == "You kept the Assassin, Hearts and x."
    assert french(kept) == "Vous gardez l’Assassin, Cœur et x."
    assert cards == "The Assassin, Hearts and x"  # alone, the list opens a sentence
    assert joined([]) == ""


def test_a_translation_that_does_not_fit_falls_back_to_english():
    assert french(Sentence(N_("Broken %(player)s."), player=Name("Bob"))) == "Broken Bob."
    assert french(Sentence(N_("Not in the catalogue: %(x)s."), x=1)) == "Not in the catalogue: 1."
