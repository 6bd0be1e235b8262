"""Log sentences in French and English, the setup's shapes, dump/load and the registry."""

import json

import pytest

from games.engines import available_engines, get_engine
from games.engines.intrigue import IntrigueEngine, describe
from games.table.sentences import localize

from .helpers import (
    ENGINE,
    THREE,
    accept,
    castle,
    deal,
    events,
    offer,
    place,
    play,
    public,
)


def test_the_engine_is_registered():
    assert "intrigue" in available_engines()
    assert isinstance(get_engine("intrigue"), IntrigueEngine)


def test_offers_and_acceptances_read_as_sentences_in_both_languages():
    state = deal(round=2, waiting={"alice": [["bob", "ecrivain-1"]]}, money={"bob": 0})
    state = play(state, "bob", offer(0, slot=10000))
    state = play(state, "alice", accept("bob"))
    state = play(state, "alice", place("bob", "ecrivain-1", 10000))
    offered, accepted, placed = (events(state, k)[0] for k in ("offer", "accept", "place"))
    names = {"alice": "Alice", "bob": "Bob"}
    assert describe(offered, "en", names) == "Bob offers 0 ducats for the 10,000 ducats slot."
    assert localize(describe(offered, names=names), "fr") == (
        "Bob propose 0 ducats pour l’emplacement à 10\u202f000 ducats."
    )
    assert (
        describe(accepted, "en", names) == "Alice accepts Bob's offer: the bank pays 1,000 ducats."
    )
    assert localize(describe(placed, names=names), "fr") == (
        "Alice place l’Écrivain 1 de Bob à l’emplacement à 10\u202f000 ducats."
    )


def test_every_event_of_a_game_has_a_sentence():
    state = deal()
    while ENGINE.waiting_for(state):
        player = ENGINE.waiting_for(state)[0]
        state = play(state, player, ENGINE.default_action(state, player))
    for entry in public(state)["log"]:
        for lang in ("en", "fr"):
            text = localize(describe(entry), lang)
            assert text.endswith(".") and entry["event"] not in text.split()[0], (entry, text)


def test_setup_slots_may_be_ints_or_strings():
    as_ints = deal(round=2, castles={"bob": {10000: ["alice", "medecin-1"]}})
    as_strings = deal(round=2, castles={"bob": {"10000": ["alice", "medecin-1"]}})
    assert ENGINE.dump(as_ints) == ENGINE.dump(as_strings)
    assert castle(as_ints, "bob")[10000] == ("alice", "medecin-1")


def test_the_setup_survives_json_and_a_rigged_game_round_trips():
    setup = {
        "money": {"alice": 0},
        "first_player": "carol",
        "round": 3,
        "castles": {"bob": {"1000": ["carol", "medecin-1"]}},
        "waiting": {"carol": [["alice", "medecin-2"], ["bob", "medecin-1"]]},
        "island": [["alice", "religieux-1"]],
    }
    options = json.loads(json.dumps({"setup": setup}))
    state = ENGINE.new_game(THREE, options=options)
    data = ENGINE.dump(state)
    assert json.loads(json.dumps(data)) == data
    again = ENGINE.load(json.loads(json.dumps(data)))
    assert ENGINE.dump(again) == data
    assert ENGINE.view(again, "alice") == ENGINE.view(state, "alice")
    view = public(state)
    assert view["round"] == 3 and view["current_player"] == "carol"
    assert view["island"] == [{"owner": "alice", "advisor": "religieux-1"}]
    assert "religieux-1" not in ENGINE.view(state, "alice")["hand"]


def test_apply_leaves_the_state_unchanged():
    state = deal(round=2, waiting={"alice": [["bob", "ecrivain-1"]]})
    before = ENGINE.dump(state)
    after = ENGINE.apply(state, "bob", offer(3))
    assert ENGINE.dump(state) == before
    assert ENGINE.dump(after) != before


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_describe_survives_odd_entries(lang):
    for entry in ({"event": "mystery"}, {"event": "offer"}, {"event": "replace"}, {}):
        assert isinstance(localize(describe(entry), lang), str)
