"""Mise en place: the Castle, the Tavern with its Jesters, the hands, the enemies' strength,
and ``options["setup"]`` (rigged positions)."""

from collections import Counter

import pytest

from games.engines import IllegalAction

from .helpers import ENGINE, FACES, deal, enemy, hand_sizes, table_cards, view

PLAYERS = ["alice", "bob", "carol", "dave"]


def test_the_castle_is_jacks_on_queens_on_kings_each_group_shuffled():
    orders = set()
    for seed in range(40):
        state = ENGINE.new_game(PLAYERS[:2], seed=seed)
        data = ENGINE.dump(state)
        castle = [data["enemy"], *data["castle"]]
        assert [c[0] for c in castle] == list("JJJJQQQQKKKK")
        assert sorted(castle) == sorted(FACES)
        orders.add(tuple(castle))
    assert len(orders) > 30, "each group of the Castle is shuffled"


def test_the_first_enemy_is_the_revealed_top_jack():
    state = ENGINE.new_game(PLAYERS[:3], seed=1)
    assert enemy(state)["card"][0] == "J"
    assert view(state)["castle_size"] == 11


@pytest.mark.parametrize(
    "count,jesters,size",
    [(1, [], 8), (2, [], 7), (3, ["X1"], 6), (4, ["X1", "X2"], 5)],
)
def test_tavern_jesters_and_hand_sizes_by_player_count(count, jesters, size):
    state = ENGINE.new_game(PLAYERS[:count], seed=count)
    assert set(hand_sizes(state).values()) == {size}
    cards = table_cards(state)
    assert Counter(cards) == Counter(set(cards)), "every card once"
    assert sorted(c for c in cards if c[0] == "X") == jesters
    assert len(cards) == 52 + len(jesters)
    table = view(state)
    assert table["tavern_size"] == 40 + len(jesters) - count * size
    assert table["max_hand_size"] == size
    assert table["discard_size"] == 0


def test_the_solo_player_sets_two_jesters_aside():
    state = ENGINE.new_game(["alice"], seed=3)
    table = view(state, "alice")
    assert table["jesters_left"] == 2 and table["solo"] is True
    assert "X1" not in table_cards(state) and "X2" not in table_cards(state)
    assert view(ENGINE.new_game(PLAYERS[:2], seed=3))["jesters_left"] is None


@pytest.mark.parametrize(
    "card,health,attack", [("JS", 20, 10), ("QH", 30, 15), ("KD", 40, 20), ("KC", 40, 20)]
)
def test_enemies_health_and_attack(card, health, attack):
    state = deal(["alice", "bob"], castle=[card])
    foe = enemy(state)
    assert (foe["card"], foe["health"], foe["attack"], foe["damage"]) == (card, health, attack, 0)
    assert foe["suit"] == card[-1] and foe["immune"] is True


def test_the_first_player_in_seat_order_starts_unless_setup_says_otherwise():
    assert view(ENGINE.new_game(PLAYERS[:3], seed=1))["current_player"] == "alice"
    state = deal(PLAYERS[:3], first_player="carol")
    assert view(state)["waiting_for"] == ["carol"]


def test_setup_places_hands_tavern_castle_and_discard():
    state = deal(
        ["alice", "bob"],
        hands={"alice": ["7H", "KS"]},
        tavern=["2C", "3C"],
        castle=["QD", "JS"],
        discard=["10H"],
    )
    data = ENGINE.dump(state)
    assert sorted(data["hands"][0]) == ["7H", "KS"]
    assert len(data["hands"][1]) == 7
    assert data["tavern"][:2] == ["2C", "3C"]
    assert data["enemy"] == "QD" and data["castle"][0] == "JS"
    # the face cards not placed follow, Jacks then Queens then Kings
    assert [c[0] for c in data["castle"][1:]] == list("JJJQQQKKK")
    assert data["discard"] == ["10H"]
    assert Counter(table_cards(state)) == Counter(set(table_cards(state)))
    assert len(table_cards(state)) == 52


@pytest.mark.parametrize(
    "players,options",
    [
        (["alice", "bob"], {"setup": {"hands": {"alice": ["7H"], "bob": ["7H"]}}}),
        (["alice", "bob"], {"setup": {"hands": {"alice": ["X1"]}}}),  # no Jester at 2
        (["alice"], {"setup": {"tavern": ["X2"]}}),  # the solo Jesters are not cards
        (["alice", "bob"], {"setup": {"hands": {"alice": ["2H"] * 1 + list("A")}}}),
        (["alice", "bob"], {"setup": {"hands": {"mallory": ["2H"]}}}),
        (["alice", "bob"], {"setup": {"castle": ["7H"]}}),
        (["alice", "bob"], {"setup": {"castle": [], "discard": FACES}}),
        (["alice", "bob"], {"setup": {"first_player": "mallory"}}),
        (["alice", "bob"], {"setup": {"jesters_left": 1}}),
        (["alice"], {"setup": {"jesters_left": 3}}),
        (["alice", "bob"], {"setup": {"bogus": 1}}),
        (["alice", "bob"], {"house_rules": True}),
        (["alice", "bob"], {"setup": []}),
        (["alice", "bob"], "setup"),
        ([], None),
        (["a", "b", "c", "d", "e"], None),
        (["alice", "alice"], None),
        (["alice", 3], None),
        ("alice", None),
        ([["alice"]], None),
    ],
)
def test_impossible_setups_are_refused(players, options):
    with pytest.raises(IllegalAction):
        ENGINE.new_game(players, options=options, seed=1)


def test_a_hand_larger_than_the_maximum_is_refused():
    cards = ["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H"]
    with pytest.raises(IllegalAction):
        deal(["alice", "bob"], hands={"alice": cards})
    assert hand_sizes(deal(["alice"], hands={"alice": cards}))["alice"] == 8


def test_the_same_seed_deals_the_same_game():
    first = ENGINE.dump(ENGINE.new_game(PLAYERS, seed=b"same"))
    assert ENGINE.dump(ENGINE.new_game(PLAYERS, seed=b"same")) == first
    deals = {str(ENGINE.dump(ENGINE.new_game(PLAYERS, seed=s))["hands"]) for s in range(20)}
    assert len(deals) == 20
