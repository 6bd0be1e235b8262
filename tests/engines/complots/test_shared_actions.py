"""Legal actions are shared between calls and games (speed): nobody can corrupt them."""

import copy
import json

import pytest

from .helpers import ENGINE, deal, exchange, pass_, play, power


def _exchange_moment():
    state = deal(
        ["alice", "bob", "carol"],
        hands={"alice": ["ambassadeur", "duchesse"]},
        court=["capitaine", "comtesse"],
    )
    state = play(state, "alice", power("ambassadeur"))
    state = play(state, "bob", pass_())
    state = play(state, "carol", pass_())
    return state


def test_exchange_keep_lists_are_read_only_and_copy_to_plain_lists():
    state = _exchange_moment()
    legal = ENGINE.legal_actions(state, "alice")
    keeps = [a for a in legal if a["type"] == "exchange"]
    assert len(keeps) == 6  # 2 kept among ambassadeur, duchesse, capitaine, comtesse
    keep = keeps[0]["keep"]
    for change in (lambda: keep.append("x"), lambda: keep.sort(), lambda: keep.__setitem__(0, "x")):
        with pytest.raises(TypeError):
            change()
    plain = copy.deepcopy(keeps[0])
    assert type(plain) is dict and type(plain["keep"]) is list
    plain["keep"].append("x")  # a copy is free to change
    assert json.loads(json.dumps(keeps[0])) == {"type": "exchange", "keep": list(keep)}
    # the shared lists are unchanged: a later game at the same moment lists the same choices
    assert ENGINE.legal_actions(_exchange_moment(), "alice") == legal


def test_an_equal_plain_exchange_in_any_order_is_accepted():
    state = _exchange_moment()
    new = ENGINE.apply(state, "alice", exchange("comtesse", "capitaine"))
    assert ENGINE.waiting_for(new) == ["bob"]
