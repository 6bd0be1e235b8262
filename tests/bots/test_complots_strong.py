"""The Complots ``strong`` level: its opponent model (who never lies) and its risk on the
last life.

- ``Claims.honesty`` reads the public log: a prior share of players who never lie, raised
  by claims proven under a challenge and by Revenu, settled to zero by a caught bluff or by
  more characters stood by than lives (counted along the log, reset by an exchange, a proof
  or an Inquisiteur's forced discard).
- In a rigged two-player position the Strong bot challenges a Duchesse the count makes
  unlikely, but not when the claimer has proven claims before; a caught bluff brings the
  challenge back.
"""

import copy

import pytest

from games.bots import get_bot
from games.bots.complots.bluffer import BlufferBot
from games.bots.complots.knowledge import Claims, Seat
from games.bots.complots.strong import StrongBot

from .botplay import ENGINE

START = {"event": "start", "players": ["alice", "bob", "carol"], "first_player": "alice"}


def claim(player, character):
    return {"event": "claim", "player": player, "character": character}


def challenged(player, claimant, character, proven):
    outcome = "proof" if proven else "bluff"
    return [
        {"event": "challenge", "player": player, "claimant": claimant, "character": character},
        {"event": outcome, "player": claimant, "character": character},
    ]


# -- the model, read from logs -------------------------------------------------------------


def test_without_evidence_honesty_is_the_prior():
    claims = Claims([START, claim("bob", "duchesse")])
    assert claims.honesty("bob", prior=0.3) == pytest.approx(0.3)


def test_each_proof_raises_honesty():
    log = [START, claim("bob", "duchesse"), *challenged("carol", "bob", "duchesse", True)]
    once = Claims(log).honesty("bob", prior=0.3, proof_odds=2.0)
    log += [claim("bob", "capitaine"), *challenged("alice", "bob", "capitaine", True)]
    twice = Claims(log).honesty("bob", prior=0.3, proof_odds=2.0)
    assert 0.3 < once < twice
    assert once == pytest.approx((0.3 / 0.7 * 2) / (1 + 0.3 / 0.7 * 2))
    assert Claims(log).honesty("carol", prior=0.3) == pytest.approx(0.3)


def test_revenu_raises_honesty_only_when_counted():
    log = [START, {"event": "income", "player": "bob", "amount": 1}]
    assert Claims(log).honesty("bob", prior=0.3) == pytest.approx(0.3)
    assert Claims(log).honesty("bob", prior=0.3, income_odds=1.4) > 0.3


def test_a_caught_bluff_settles_it_whatever_the_proofs():
    log = [START, claim("bob", "duchesse"), *challenged("carol", "bob", "duchesse", True)]
    log += [claim("bob", "assassin"), *challenged("carol", "bob", "assassin", False)]
    assert Claims(log).honesty("bob", prior=0.3) == 0.0


def test_more_characters_stood_by_than_lives_is_a_lie():
    two = [START, claim("bob", "duchesse"), claim("bob", "capitaine")]
    assert Claims(two).honesty("bob") > 0.0
    assert Claims([*two, claim("bob", "ambassadeur")]).honesty("bob") == 0.0


def test_a_lost_life_lowers_the_characters_one_may_stand_by():
    log = [
        START,
        claim("bob", "duchesse"),
        {"event": "lose", "player": "bob", "character": "comtesse"},
    ]
    assert Claims(log).honesty("bob") > 0.0
    assert Claims([*log, claim("bob", "capitaine")]).honesty("bob") == 0.0
    # the cards dealt are read from the view: three cards, three characters
    three = [START, claim("bob", "duchesse"), claim("bob", "capitaine"), claim("bob", "pape")]
    assert Claims(three, {"bob": 3}).honesty("bob") > 0.0


@pytest.mark.parametrize(
    "change",
    [
        {"event": "exchange", "player": "bob", "drawn": 2},
        {"event": "examine", "player": "alice", "target": "bob", "discarded": True},
    ],
)
def test_new_cards_allow_new_characters(change):
    log = [START, claim("bob", "duchesse"), claim("bob", "capitaine"), change]
    assert Claims([*log, claim("bob", "ambassadeur")]).honesty("bob") > 0.0


def test_a_card_given_back_to_the_inquisiteur_changes_nothing():
    examined = {"event": "examine", "player": "alice", "target": "bob", "discarded": False}
    log = [START, claim("bob", "duchesse"), claim("bob", "capitaine"), examined]
    assert Claims([*log, claim("bob", "ambassadeur")]).honesty("bob") == 0.0


# -- the model at work: a rigged two-player position ---------------------------------------


def _duchesse_claimed():
    """alice (two Duchesses) faces bob's Duchesse: the last copy, if it is in play at all."""
    state = ENGINE.new_game(
        ["alice", "bob"],
        options={
            "setup": {
                "hands": {"alice": ["duchesse", "duchesse"], "bob": ["capitaine", "comtesse"]},
                "first_player": "bob",
            }
        },
        seed=5,
    )
    state = ENGINE.apply(state, "bob", {"type": "power", "character": "duchesse"})
    view = ENGINE.view(state, "alice")
    assert view["pending"]["moment"] == "challenge"
    return view, ENGINE.legal_actions(state, "alice")


def _with_history(view, entries):
    """The view with ``entries`` told after the start of the log (what alice saw before)."""
    view = copy.deepcopy(view)
    view["log"] = view["log"][:1] + entries + view["log"][1:]
    return view


PROVEN = [
    *[claim("bob", "comtesse"), *challenged("alice", "bob", "comtesse", True)],
    *[claim("bob", "capitaine"), *challenged("alice", "bob", "capitaine", True)],
    *[claim("bob", "comtesse"), *challenged("alice", "bob", "comtesse", True)],
]
CAUGHT = [claim("bob", "ambassadeur"), *challenged("alice", "bob", "ambassadeur", False)]


def test_the_strong_believes_a_claimer_shown_honest():
    view, legal = _duchesse_claimed()
    bot = StrongBot()
    fresh = bot.truth(Seat(view, "alice"), "bob", "duchesse")
    proven = bot.truth(Seat(_with_history(view, PROVEN), "alice"), "bob", "duchesse")
    caught = bot.truth(Seat(_with_history(view, CAUGHT), "alice"), "bob", "duchesse")
    assert caught < fresh < proven
    # a liar's claim is judged by the count alone, face to face
    assert caught == pytest.approx(Seat(view, "alice").p_holds("bob", "duchesse"))


@pytest.mark.parametrize("seed", range(6))
def test_the_strong_challenges_the_unlikely_claim_of_a_liar_not_of_an_honest_player(seed):
    view, legal = _duchesse_claimed()
    strong = get_bot("complots", "strong")
    assert strong.choose(view, legal, seed) == {"type": "challenge"}
    assert strong.choose(_with_history(view, CAUGHT), legal, seed) == {"type": "challenge"}
    assert strong.choose(_with_history(view, PROVEN), legal, seed) == {"type": "pass"}


# -- the risk of a claim on the last life ---------------------------------------------------


def test_a_bluff_on_the_last_life_of_a_table_game_is_riskier():
    state = ENGINE.new_game(
        ["alice", "bob", "carol", "dave"],
        options={"setup": {"hands": {"alice": ["comtesse", "capitaine"]}}},
        seed=5,
    )
    view = ENGINE.view(state, "alice")
    bot = StrongBot()
    two_lives = bot.claim_risk(Seat(view, "alice"), "duchesse")
    last = copy.deepcopy(view)
    me = next(p for p in last["players"] if p["id"] == "alice")
    me["lives"] = 1
    me["cards"][1]["lost"] = me["cards"][1]["revealed"] = True
    last_life = bot.claim_risk(Seat(last, "alice"), "duchesse")
    assert 0.0 < two_lives < last_life < 1.0
    # bolder than the Bluffer's estimate with two lives, more careful on the last one
    bluffer = BlufferBot()
    assert two_lives < bluffer.claim_risk(Seat(view, "alice"), "duchesse")
    assert last_life > bluffer.claim_risk(Seat(last, "alice"), "duchesse")
