"""Ruling 33: a player's money is seen by that player alone, until the final scores.

Nothing in a view (spectator included), in the log or in another player's legal actions
depends on anyone else's money.
"""

import json

from .helpers import ENGINE, THREE, accept, deal, offer, play, public


def rich_and_poor(**money):
    return deal(round=2, waiting={"alice": [["bob", "medecin-1"]]}, money=money or None)


def test_each_player_sees_only_their_own_money_and_a_spectator_none():
    state = deal(money={"alice": 5000, "bob": 0, "carol": 77000})
    for viewer, own in (("alice", 5000), ("bob", 0), ("carol", 77000)):
        players = ENGINE.view(state, viewer)["players"]
        assert {p["id"]: p["money"] for p in players} == {
            p: (own if p == viewer else None) for p in THREE
        }
    assert all(p["money"] is None for p in public(state)["players"])


def test_views_do_not_change_with_the_money_of_others():
    for viewer in [None, "alice", "carol"]:
        views = []
        for bobs in (0, 1000, 32000, 150000):
            state = rich_and_poor(bob=bobs)
            state = play(state, "bob", offer(0, slot=10000))
            views.append(
                (
                    json.dumps(ENGINE.view(state, viewer), sort_keys=True),
                    ENGINE.legal_actions(state, viewer) if viewer else [],
                    ENGINE.waiting_for(state),
                )
            )
        assert all(v == views[0] for v in views), f"{viewer} can tell bob's money"


def test_the_log_never_carries_money_totals_before_the_end():
    state = rich_and_poor(bob=12345000)
    text = json.dumps(ENGINE.view(state, None))
    assert "12345" not in text


def test_the_bank_paying_for_a_broke_petitioner_shows_once_the_offer_is_accepted():
    state = rich_and_poor(bob=0)
    state = play(state, "bob", offer(0))
    before = ENGINE.view(state, "carol")
    assert before["offers"][0]["paid"] is None and before["offers"][0]["bank"] is False
    state = play(state, "alice", accept("bob"))
    assert ENGINE.view(state, "carol")["offers"][0]["bank"] is True


def test_every_money_is_revealed_at_the_end():
    state = deal(round=5, money={"alice": 1000, "bob": 2000})
    assert ENGINE.outcome(state) is not None
    for viewer in [None, *THREE]:
        players = ENGINE.view(state, viewer)["players"]
        assert {p["id"]: p["money"] for p in players} == {
            "alice": 1000,
            "bob": 2000,
            "carol": 32000,
        }
    assert ENGINE.view(state, None)["outcome"]["winners"] == ["carol"]
