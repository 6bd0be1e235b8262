"""The Regicide ``strong`` bot (a search over the cards its seat cannot see): always legal,
deterministic for a seed and a budget, from the view alone; the positions it samples are
ones the seat cannot tell from the real one. Small budgets keep this quick; its strength is
measured by ``bench/bot_scores.py``, not here."""

import copy
import json

import pytest

from games.bots import get_bot
from games.bots.regicide_search.sample import Knowledge
from games.engines import get_engine
from games.engines.base import SeededRandom, seed_to_key

ENGINE = get_engine("regicide")
BOT = get_bot("regicide", "strong")
BUDGET = 6
PUBLIC = (
    "enemy",
    "castle_size",
    "tavern_size",
    "discard_size",
    "players",
    "table",
    "current_player",
    "phase",
    "to_cover",
    "can_yield",
    "max_hand_size",
    "solo",
    "jesters_left",
)


def play(count, seed, on_decision=None, budget=BUDGET, limit=None):
    players = [f"p{i}" for i in range(1, count + 1)]
    state = ENGINE.new_game(players, seed=seed)
    trail = []
    step = 0
    while ENGINE.waiting_for(state) and (limit is None or step < limit):
        player = ENGINE.waiting_for(state)[0]
        legal = ENGINE.legal_actions(state, player)
        view = ENGINE.view(state, player)
        action = BOT.choose(view, legal, f"{seed}/{step}", player=player, budget=budget)
        assert any(action is a for a in legal), f"{seed} step {step}: {action} not legal"
        if on_decision:
            on_decision(state, player, view, legal, action, step)
        trail.append(dict(action))
        state = ENGINE.apply(state, player, action)
        step += 1
    return state, trail


def _same_again(state, player, view, legal, action, step):
    if step % 4:
        return
    frozen = json.dumps(view, sort_keys=True)
    again = BOT.choose(view, legal, f"{step}", player=player, budget=BUDGET)
    assert BOT.choose(view, legal, f"{step}", player=player, budget=BUDGET) is again
    plain = BOT.choose(
        json.loads(frozen), copy.deepcopy([dict(a) for a in legal]), f"{step}", budget=BUDGET
    )
    assert plain == again, "a JSON copy of the view (Celery's) gives another choice"
    assert json.dumps(view, sort_keys=True) == frozen, "the bot changed the view"


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_whole_games_are_legal_deterministic_and_end(count):
    final, trail = play(count, f"strong-{count}", _same_again)
    assert ENGINE.outcome(final) is not None
    assert play(count, f"strong-{count}")[1] == trail


def _sample_matches(state, player, view, legal, action, step):
    knowledge = Knowledge(view, player)
    rng = SeededRandom(seed_to_key(f"sample/{step}"))
    for _ in range(3):
        sample = ENGINE.load(knowledge.sample(rng))
        seen = ENGINE.view(sample, player)
        for key in PUBLIC:
            assert seen[key] == view[key], f"step {step}: {key} differs in a sample"
        assert ENGINE.legal_actions(sample, player) == legal
        # every card of the game exactly once
        dumped = ENGINE.dump(sample)
        cards = [c for hand in dumped["hands"] for c in hand]
        cards += dumped["tavern"] + dumped["discard"] + dumped["castle"] + [dumped["enemy"]]
        cards += [c for _, played in dumped["table"] for c in played]
        real = ENGINE.dump(state)
        truth = [c for hand in real["hands"] for c in hand]
        truth += real["tavern"] + real["discard"] + real["castle"] + [real["enemy"]]
        truth += [c for _, played in real["table"] for c in played]
        assert sorted(cards) == sorted(truth)


@pytest.mark.parametrize("count", [1, 3])
def test_sampled_positions_cannot_be_told_from_the_real_one(count):
    play(count, f"sample-{count}", _sample_matches, limit=80)


def _rigged(hand, **setup):
    return ENGINE.new_game(
        ["p1", "p2"], options={"setup": {"hands": {"p1": hand}, **setup}}, seed=4
    )


def test_the_same_view_from_different_hidden_cards_gives_the_same_choice():
    hand = ["2C", "5S", "7H", "9D", "JD", "3S", "4C"]
    one = _rigged(hand, tavern=["2H", "3H", "4H"])
    two = _rigged(hand, tavern=["10S", "9S", "8S"])
    assert ENGINE.view(one, "p1") == ENGINE.view(two, "p1")
    first = BOT.choose(ENGINE.view(one, "p1"), ENGINE.legal_actions(one, "p1"), 5, budget=12)
    second = BOT.choose(ENGINE.view(two, "p1"), ENGINE.legal_actions(two, "p1"), 5, budget=12)
    assert first == second


def test_a_view_without_its_log_still_gives_a_legal_action():
    state, _ = play(2, "no-log", limit=15)
    player = ENGINE.waiting_for(state)[0]
    view = ENGINE.view(state, player)
    view["log"] = []
    legal = ENGINE.legal_actions(state, player)
    action = BOT.choose(view, legal, 1, budget=BUDGET)
    assert any(action is a for a in legal)


def test_a_kill_is_found_and_budget_zero_plays_the_standard_move():
    others = [r + s for r in "JQK" for s in "HDCS" if r + s != "JS"]
    # the last enemy; the 10 of Clubs deals 20 and wins the game
    state = _rigged(["10C", "2S", "3H"], castle=["JS"], discard=others)
    view, legal = ENGINE.view(state, "p1"), ENGINE.legal_actions(state, "p1")
    assert BOT.choose(view, legal, 0, budget=16) == {"type": "play", "cards": ["10C"]}
    standard = get_bot("regicide", "standard").choose(view, legal, 0)
    assert BOT.choose(view, legal, 0, budget=0) == standard
