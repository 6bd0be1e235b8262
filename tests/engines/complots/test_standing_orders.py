"""Standing orders: what the engine answers for a player who set them (from their view and
legal actions only), and only when that player is waited for."""

import random

from .helpers import ENGINE, block, deal, foreign_aid, is_legal, pass_, play, power, waiting
from .randomplay import PLAYER_NAMES, random_seed

ABCD = ["alice", "bob", "carol", "dave"]


def answer(state, player, *orders):
    return ENGINE.standing_answer(state, player, set(orders))


def test_the_engine_lists_its_orders():
    assert set(ENGINE.standing_orders) == {
        "pass_untargeted",
        "never_challenge",
        "block_foreign_aid",
        "pass_until_turn",
    }


def test_pass_untargeted_passes_for_bystanders_only():
    state = deal(ABCD, hands={"alice": ["capitaine", "assassin"]})
    state = play(state, "alice", power("capitaine", target="bob"))
    assert answer(state, "carol", "pass_untargeted") == (pass_(), {"pass_untargeted"})
    assert answer(state, "bob", "pass_untargeted")[0] is None, "bob is the target"
    assert answer(state, "alice", "pass_untargeted")[0] is None, "not waited for"
    for player in ("bob", "carol", "dave"):
        state = play(state, player, pass_())
    assert waiting(state) == ["bob"]  # the block window: only the target
    assert answer(state, "bob", "pass_untargeted")[0] is None


def test_pass_untargeted_leaves_a_block_of_my_action_to_me():
    hands = {"alice": ["capitaine", "assassin"], "bob": ["capitaine", "comtesse"]}
    state = deal(ABCD, hands=hands)
    state = play(state, "alice", power("capitaine", target="bob"))
    for player in ("bob", "carol", "dave"):
        state = play(state, player, pass_())
    state = play(state, "bob", block("capitaine"))
    assert answer(state, "alice", "pass_untargeted")[0] is None, "the block is against alice"
    assert answer(state, "carol", "pass_untargeted")[0] == pass_()


def test_never_challenge_passes_claims_but_not_blocks():
    state = deal(ABCD)
    assert answer(state, "alice", "never_challenge")[0] is None, "a turn"
    claimed = play(state, "alice", power("duchesse"))
    assert answer(claimed, "bob", "never_challenge")[0] == pass_()
    aid = play(state, "alice", foreign_aid())
    assert answer(aid, "bob", "never_challenge")[0] is None, "a block window"


def test_block_foreign_aid_blocks_with_the_duchesse_else_passes():
    hands = {"bob": ["duchesse", "assassin"], "carol": ["capitaine", "assassin"]}
    state = play(deal(ABCD, hands=hands), "alice", foreign_aid())
    assert answer(state, "bob", "block_foreign_aid")[0] == block("duchesse")
    assert is_legal(state, "bob", block("duchesse"))
    # carol cannot block truthfully: the order passes (it answers either way, at once, so
    # neither its timing nor its answer tells anything carol's cards do not allow)
    assert answer(state, "carol", "block_foreign_aid")[0] == pass_()


def test_pass_until_turn_passes_every_window_then_lapses():
    state = deal(ABCD, hands={"alice": ["capitaine", "assassin"]})
    state = play(state, "alice", power("capitaine", target="bob"))
    assert answer(state, "bob", "pass_until_turn") == (pass_(), {"pass_until_turn"})
    for player in ("bob", "carol", "dave"):
        state = play(state, player, pass_())
    state = play(state, "bob", pass_())  # no block: the theft resolves, bob's turn
    assert waiting(state) == ["bob"]
    action, left = answer(state, "bob", "pass_until_turn", "never_challenge")
    assert action is None and left == {"never_challenge"}


def test_unknown_orders_and_strangers_do_nothing():
    state = play(deal(ABCD), "alice", power("duchesse"))
    assert answer(state, "bob", "make_me_win")[0] is None
    assert answer(state, "mallory", "never_challenge")[0] is None


def test_random_games_an_answer_is_always_a_legal_move_of_a_waited_player():
    rng = random.Random("standing")
    answered = 0
    orders = list(ENGINE.standing_orders)
    for index in range(30):
        players = PLAYER_NAMES[: 3 + index % 4]
        options = {"saint_barthelemy": index % 4 == 1, "tyrannie": index % 4 >= 2}
        if index % 2:
            options["characters"] = "random"
        state = ENGINE.new_game(players, options=options, seed=random_seed(rng))
        for _ in range(300):
            if ENGINE.outcome(state) is not None:
                break
            for player in players:
                chosen = set(rng.sample(orders, rng.randint(1, len(orders))))
                action, left = ENGINE.standing_answer(state, player, chosen)
                assert left <= chosen
                if action is not None:
                    answered += 1
                    assert player in ENGINE.waiting_for(state)
                    assert action in ENGINE.legal_actions(state, player)
                    assert action["type"] in ("pass", "block")
            mover = rng.choice(ENGINE.waiting_for(state))
            legal = [a for a in ENGINE.legal_actions(state, mover) if a["type"] != "resign"]
            state = ENGINE.apply(state, mover, rng.choice(legal))
    assert answered > 200
