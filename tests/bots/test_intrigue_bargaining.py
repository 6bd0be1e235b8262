"""The Intrigue bot bargains as a person would: its offers grow with what the slot is worth
to it and never exceed it, as the host it accepts the best offer worth more than what
refusing gains and refuses the rest, and it answers a revised offer (a rival's, as a
petitioner; a petitioner's new one, as the host)."""

import pytest

from games.bots import get_bot
from games.bots.intrigue import HONOUR_COST, Table
from games.engines import get_engine

ENGINE = get_engine("intrigue")
BOT = get_bot("intrigue", "standard")


def stage_one(round_=2, money=None, waiting=(("p1", "chimiste-1"),)):
    """p2 hosts stage 1; the advisors of ``waiting`` are at its door."""
    setup = {
        "round": round_,
        "first_player": "p2",
        "waiting": {"p2": [list(w) for w in waiting]},
    }
    if money:
        setup["money"] = money
    return ENGINE.new_game(["p1", "p2", "p3"], options={"setup": setup})


def choose(state, player):
    legal = ENGINE.legal_actions(state, player)
    action = BOT.choose(ENGINE.view(state, player), legal, 0, player=player)
    assert any(action is a for a in legal)
    return action


def worth(state, player):
    value, _ = BOT.stake(Table(ENGINE.view(state, player), player))
    return value


def refuse_offer(state, player):
    return ENGINE.apply(state, "p2", {"type": "refuse", "from": player})


@pytest.mark.parametrize("money", [32000, 8000, 2000])
def test_offers_grow_with_the_worth_and_never_exceed_it(money):
    amounts = []
    for round_ in (5, 4, 3, 2):  # earlier: more incomes left, the slot is worth more
        state = stage_one(round_, money={"p1": money})
        value = worth(state, "p1")
        offers = []
        for _ in range(6):  # refused again and again: it raises, up to the worth
            action = choose(state, "p1")
            if action["type"] != "offer":
                break
            assert action["amount"] * 1000 <= min(value, money)
            assert not offers or action["amount"] > offers[-1]
            offers.append(action["amount"])
            state = refuse_offer(ENGINE.apply(state, "p1", action), "p1")
        assert offers, "something worth bribing for gets an offer"
        amounts.append(offers[0])
    assert amounts == sorted(amounts)
    if money == 32000:
        assert amounts[0] < amounts[-1]


def test_nothing_is_offered_for_what_is_worth_nothing():
    state = stage_one(5, money={"p1": 0})
    assert choose(state, "p1")["type"] == "done"


def test_it_tops_a_rival_offer_while_under_its_worth_and_stops_above():
    state = stage_one(4, waiting=(("p1", "chimiste-1"), ("p3", "medecin-1")))
    first = choose(state, "p1")
    assert first["type"] == "offer"
    state = ENGINE.apply(state, "p1", first)
    assert choose(state, "p1")["type"] == "done"  # its offer is the best: it stands
    value = worth(state, "p1")
    rival = first["amount"] + 2
    state = ENGINE.apply(state, "p3", {"type": "offer", "amount": rival})
    answer = choose(state, "p1")
    assert answer["type"] == "offer" and answer["amount"] == rival + 1
    assert answer["amount"] * 1000 <= value
    # a rival past what the slot is worth to it: it does not follow beyond the worth
    state = ENGINE.apply(state, "p1", answer)
    assert int(value) // 1000 + 5 <= 32  # p3 can afford to go past it
    state = ENGINE.apply(state, "p3", {"type": "offer", "amount": int(value) // 1000 + 5})
    last = choose(state, "p1")
    assert last["type"] == "done" or last["amount"] * 1000 <= value


def host_cost(state, offer):
    view = ENGINE.view(state, "p2")
    return BOT.honour_cost(Table(view, "p2"), offer)


def test_the_host_accepts_the_best_offer_worth_more_than_refusing_and_refuses_the_rest():
    state = stage_one(waiting=(("p1", "chimiste-1"), ("p3", "medecin-1")))
    state = ENGINE.apply(state, "p1", {"type": "offer", "amount": 2, "slot": 10000})
    state = ENGINE.apply(state, "p3", {"type": "offer", "amount": 20, "slot": 10000})
    offers = {o["from"]: o for o in ENGINE.view(state, "p2")["offers"]}
    assert 2000 < host_cost(state, offers["p1"]) < 20000
    assert host_cost(state, offers["p3"]) < 20000
    assert choose(state, "p2") == {"type": "accept", "from": "p3"}
    state = ENGINE.apply(state, "p2", {"type": "accept", "from": "p3"})
    # the slot is sold: the other offer is refused
    assert choose(state, "p2") == {"type": "refuse", "from": "p1"}


def test_an_offer_below_what_honouring_it_costs_is_refused():
    state = stage_one()
    state = ENGINE.apply(state, "p1", {"type": "offer", "amount": 1, "slot": 10000})
    offer = ENGINE.view(state, "p2")["offers"][0]
    assert host_cost(state, offer) > 1000
    assert choose(state, "p2") == {"type": "refuse", "from": "p1"}
    assert HONOUR_COST > 0


def test_the_host_answers_a_revised_offer():
    state = stage_one()
    state = ENGINE.apply(state, "p1", {"type": "offer", "amount": 1, "slot": 10000})
    # revised before the host answered: the new amount is what it weighs
    state = ENGINE.apply(state, "p1", {"type": "offer", "amount": 25, "slot": 10000})
    assert choose(state, "p2") == {"type": "accept", "from": "p1"}


def test_the_bot_petitioner_answers_a_refusal_with_a_better_offer_the_host_then_takes():
    state = stage_one()
    seen = []
    for _ in range(6):
        action = choose(state, "p1")
        if action["type"] != "offer":
            break
        seen.append(action["amount"])
        state = ENGINE.apply(state, "p1", action)
        answer = choose(state, "p2")
        state = ENGINE.apply(state, "p2", answer)
        if answer["type"] == "accept":
            break
    assert seen == sorted(seen) and len(set(seen)) == len(seen)
    assert seen[-1] * 1000 <= worth(stage_one(), "p1")
