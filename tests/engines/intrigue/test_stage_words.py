"""A conflict is logged when it opens: still to settle, never "settled"."""

from games.engines.intrigue.log import describe
from games.table.sentences import localize

EXTERNAL = {"event": "stage", "player": "uma", "stage": "external", "type": "medecin"}
INTERNAL = {
    "event": "stage",
    "player": "ida",
    "stage": "internal",
    "type": "ecrivain",
    "slot": 10000,
    "seated": ["jon", "ecrivain-1"],
}


def test_an_opening_conflict_is_still_to_settle():
    assert describe(EXTERNAL) == "uma's castle: an external conflict (Physician) to settle."
    assert describe(INTERNAL) == (
        "ida's castle: an internal conflict (Writer), jon's Writer 1 at 10,000 ducats to settle."
    )
    assert "settles" not in describe(EXTERNAL)


def test_in_french_with_elision():
    french = localize(describe(EXTERNAL), "fr")
    assert french == "Château d’uma\u00a0: un conflit externe (Médecin) à régler."
