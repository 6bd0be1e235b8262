"""The Intrigue ``standard`` bot: always legal, deterministic, from the view alone (money
of the others is never in it), whole games at 3-5 players as a property test with the
money adding up, and its bribes, placements and sendings in rigged positions.

``BOT_GAMES=N`` plays N times more games.
"""

import copy
import json

import pytest

from games.bots import available_levels, get_bot
from games.engines import get_engine
from games.engines.base import SeededRandom, seed_to_key

from .botplay import scale

ENGINE = get_engine("intrigue")
BOT = get_bot("intrigue", "standard")
MAX_DECISIONS = 5000
GAMES = 3


def play(count, seed, on_decision=None, others=None):
    """A game of bots (``others``: a policy for every seat but p1, "default" or "bot")."""
    players = [f"p{i}" for i in range(1, count + 1)]
    state = ENGINE.new_game(players, seed=seed)
    order = SeededRandom(seed_to_key(f"order/{seed}"))
    for step in range(MAX_DECISIONS):
        waiting = ENGINE.waiting_for(state)
        if not waiting:
            break
        player = waiting[order.below(len(waiting))]
        view = ENGINE.view(state, player)
        if len(waiting) > 1 and BOT.patient(view, player):
            player = next(p for p in waiting if p != player)
            view = ENGINE.view(state, player)
        legal = ENGINE.legal_actions(state, player)
        if others == "default" and player != "p1":
            action = ENGINE.default_action(state, player)
        else:
            action = BOT.choose(view, legal, f"{seed}/{step}", player=player)
            assert any(action is a for a in legal), f"{seed} {step}: {action} not legal"
            if on_decision:
                on_decision(state, player, view, legal, action, step)
        state = ENGINE.apply(state, player, action)
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    return state


def test_registered():
    assert available_levels("intrigue") == ["standard"]


def _checks(state, player, view, legal, action, step):
    others = [p for p in view["players"] if p["id"] != player]
    assert all(p["money"] is None for p in others), "the view shows another player's money"
    if action["type"] == "offer":
        me = next(p for p in view["players"] if p["id"] == player)
        assert action["amount"] * 1000 <= me["money"]
    if step % 4:
        return
    frozen = json.dumps(view, sort_keys=True)
    assert BOT.choose(view, legal, "another seed", player=player) is action
    plain = json.loads(frozen)
    again = BOT.choose(plain, copy.deepcopy(legal), 1, player=player)
    assert again == action
    assert json.dumps(view, sort_keys=True) == frozen, "the bot changed the view"


@pytest.mark.parametrize("count", [3, 4, 5])
def test_whole_games_are_legal_and_the_money_adds_up(count):
    for g in range(GAMES * scale()):
        final = play(count, f"intrigue-{count}-{g}", _checks)
        outcome = ENGINE.outcome(final)
        assert outcome and outcome["winners"]
        incomes = bank = 0
        view = ENGINE.view(final, None)
        for entry in view["log"]:
            if entry["event"] == "income":
                incomes += entry["ducats"]
            elif entry["event"] == "accept" and entry["bank"]:
                bank += entry["ducats"]
        # bribes move money between players; only incomes and the bank's 1,000 add to it
        assert sum(outcome["money"].values()) == 32000 * count + incomes + bank


def test_the_bot_earns_more_than_the_default_moves():
    for g in range(4):
        money = ENGINE.outcome(play(4, f"versus-{g}", others="default"))["money"]
        assert money["p1"] > max(v for p, v in money.items() if p != "p1")


def _stage_one(money=32000):
    """p2 hosts; p1's chimiste waits at the door, alone (stage 1, every slot free)."""
    return ENGINE.new_game(
        ["p1", "p2", "p3"],
        options={
            "setup": {
                "round": 2,
                "first_player": "p2",
                "money": {"p1": money},
                "waiting": {"p2": [["p1", "chimiste-1"]]},
            }
        },
    )


def test_a_bribe_follows_the_slot_value_and_never_exceeds_the_money():
    rich = _stage_one()
    view = ENGINE.view(rich, "p1")
    assert view["stage"]["kind"] == "place" and "p1" in view["waiting_for"]
    offer = BOT.choose(view, ENGINE.legal_actions(rich, "p1"), 0, player="p1")
    assert offer["type"] == "offer" and offer["slot"] == 10000 and offer["amount"] > 0
    poor = _stage_one(money=2000)
    poor_offer = BOT.choose(
        ENGINE.view(poor, "p1"), ENGINE.legal_actions(poor, "p1"), 0, player="p1"
    )
    assert poor_offer["type"] == "offer" and poor_offer["amount"] == 2
    # later in the game the same slot earns fewer incomes: a smaller bribe
    late = ENGINE.new_game(
        ["p1", "p2", "p3"],
        options={
            "setup": {"round": 5, "first_player": "p2", "waiting": {"p2": [["p1", "chimiste-1"]]}}
        },
    )
    late_offer = BOT.choose(
        ENGINE.view(late, "p1"), ENGINE.legal_actions(late, "p1"), 0, player="p1"
    )
    assert late_offer["amount"] < offer["amount"]


def test_the_host_accepts_then_seats_the_payer_where_it_asked():
    state = _stage_one()
    state = ENGINE.apply(state, "p1", {"type": "offer", "amount": 12, "slot": 6000})
    state = ENGINE.apply(state, "p1", {"type": "done"})
    host_view = ENGINE.view(state, "p2")
    action = BOT.choose(host_view, ENGINE.legal_actions(state, "p2"), 0, player="p2")
    assert action == {"type": "accept", "from": "p1"}
    state = ENGINE.apply(state, "p2", action)
    action = BOT.choose(ENGINE.view(state, "p2"), ENGINE.legal_actions(state, "p2"), 0)
    assert action == {"type": "place", "owner": "p1", "advisor": "chimiste-1", "slot": 6000}


def test_an_unpaid_advisor_gets_the_lowest_slot_and_the_host_waits_for_offers():
    state = _stage_one()
    assert BOT.patient(ENGINE.view(state, "p2"), "p2")
    state = ENGINE.apply(state, "p1", {"type": "done"})
    view = ENGINE.view(state, "p2")
    assert not BOT.patient(view, "p2")
    action = BOT.choose(view, ENGINE.legal_actions(state, "p2"), 0, player="p2")
    assert action["type"] == "place" and action["slot"] == 1000


def test_sending_avoids_a_conflict():
    # p3 already seats a chimiste and p2 has one at the door: a medecin to an empty castle
    state = ENGINE.new_game(
        ["p1", "p2", "p3"],
        options={
            "setup": {
                "castles": {"p3": {"10000": ["p2", "chimiste-1"]}},
                "waiting": {"p2": [["p3", "chimiste-2"]]},
            }
        },
    )
    # p1 has nothing to receive: straight to sending
    view = ENGINE.view(state, "p1")
    assert view["phase"] == "send"
    action = BOT.choose(view, ENGINE.legal_actions(state, "p1"), 0, player="p1")
    assert action["type"] == "send"
    assert not (action["advisor"].startswith("chimiste") and action["to"] in ("p2", "p3"))
