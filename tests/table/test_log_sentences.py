"""The engines' log sentences in the reader's language: the engine gives an `N_`-marked
English template and its parameters, the table translates it with the site's catalogue
(`games.table.sentences.localize`, `presenters.base.sentence_for`)."""

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from games.engines import complots, intrigue, regicide
from games.engines.complots.characters import NAMES
from games.table.presenters.base import sentence_for
from games.table.sentences import localize

ROOT = Path(__file__).resolve().parents[2]
ENGINES = ROOT / "games" / "engines"
PEOPLE = {"p1": "Alice", "p2": "Bob", "p3": "Hugo"}


@pytest.mark.parametrize(
    ("describe", "entry", "english", "french"),
    [
        (
            complots.describe,
            {"event": "inherit", "player": "p2", "amount": 2, "from": "p1"},
            "Bob inherits 2 coins from Alice.",
            "Bob hérite de 2 Or d’Alice.",
        ),
        (
            complots.describe,
            {"event": "challenge", "player": "p1", "claimant": "p3", "character": "assassin"},
            "Alice challenges Hugo's claim of the Assassin.",
            "Alice met en doute Hugo, qui annonce l’Assassin.",
        ),
        (
            complots.describe,
            {"event": "kept", "player": "p1", "cards": ["pape", "espion", "duchesse"]},
            "You kept the Pape, the Espion and the Duchesse (only you know this).",
            "Vous gardez le Pape, l’Espion et la Duchesse (vous seul le savez).",
        ),
        (
            complots.describe,
            {"event": "income", "player": "p2", "amount": 1},
            "Bob takes Income (1 coin).",
            "Bob prend le Revenu (1 Or).",
        ),
        (
            intrigue.describe,
            {"event": "exile", "owner": "p2", "advisor": "ecrivain-2"},
            "Bob's Writer 2 is exiled to the island.",
            "L’Écrivain 2 de Bob est exilé sur l’île.",
        ),
        (
            intrigue.describe,
            {"event": "order", "player": "p1", "kind": "medecin"},
            "Alice settles the Physicians' conflict next.",
            "Alice règle maintenant le conflit des Médecins.",
        ),
        (
            intrigue.describe,
            {"event": "end", "winners": ["p1"], "money": {"p1": 12000, "p2": 500}},
            "The game is over (Alice 12,000 ducats, Bob 500 ducats). Winner(s): Alice.",
            "Fin de la partie (Alice 12\u202f000 ducats, Bob 500 ducats). Victoire\u00a0: Alice.",
        ),
        (
            regicide.describe,
            {"event": "attack", "player": "p1", "card": "KS", "amount": 10},
            "The King of Spades attacks Alice for 10.",
            "Le Roi de Pique attaque Alice\u00a0: 10 dégâts à encaisser.",
        ),
        (
            regicide.describe,
            {
                "event": "play",
                "player": "p2",
                "cards": ["5H"],
                "attack": 5,
                "damage": 5,
                "immune": "C",
            },
            "Bob plays 5♥ (attack 5): 5 damage, the enemy is immune to Clubs.",
            "Bob joue 5♥ (attaque 5)\u00a0: 5 dégâts, l’ennemi est immunisé au Trèfle.",
        ),
    ],
)
def test_an_entry_of_each_game_in_both_languages(describe, entry, english, french):
    sentence = describe(entry, names=PEOPLE)
    assert sentence == english
    assert localize(sentence, "en") == english
    assert localize(sentence, "fr") == french
    assert sentence_for(entry, lang="fr", names=PEOPLE, describe=describe) == french
    with translation.override("fr"):  # the reader's language is the one asked for
        assert sentence_for(entry, lang="en", names=PEOPLE, describe=describe) == english


@pytest.mark.parametrize("describe", [complots.describe, intrigue.describe, regicide.describe])
def test_an_unknown_event_falls_back_to_its_name(describe):
    for lang in ("en", "fr"):
        assert localize(describe({"event": "mystery"}), lang) == "mystery"
        assert sentence_for({"event": "mystery"}, lang=lang, names={}, describe=describe) == (
            "mystery"
        )


def test_a_plain_string_is_left_as_it_is():
    assert localize("Alice adds 2", "fr") == "Alice adds 2"


def test_the_characters_read_as_the_engine_names_them():
    for slug, (name_fr, name_en) in NAMES.items():
        word = complots.describe({"event": "lose", "player": "p1", "character": slug})
        assert word == f"p1 loses a life and reveals {name_en}."
        assert localize(word, "fr") == (
            f"p1 perd une vie et révèle {name_fr.replace(chr(39), '’')}."
        )


def _marked_templates(path):
    """Every string given to `N_(...)` or `Nn_(..., ...)` in the module at `path`."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("N_", "Nn_"):
            found.append(tuple(arg.value for arg in node.args))
    return found


@pytest.mark.parametrize("game", ["complots", "intrigue", "regicide"])
def test_every_log_template_is_in_the_french_catalogue(game):
    templates = _marked_templates(ENGINES / game / "log.py")
    assert len(templates) > 10
    with translation.override("fr"):
        for marked in templates:
            if len(marked) == 2:
                assert translation.ngettext(*marked, 2) != marked[1], marked
            else:
                catalog = translation.trans_real.translation("fr")._catalog
                assert marked[0] in catalog, marked


def test_no_engine_chooses_its_language_itself():
    ladders = re.compile(r"\bif fr\b|\bfr else\b|\blang ==|== \"fr\"|\bfr = ")
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in ENGINES.rglob("*.py")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ladders.search(line)
    ]
    assert offenders == []
