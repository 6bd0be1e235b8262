"""Private log entries: what only one player learns (the card drawn after a proven claim or
a discard, the cards kept in an exchange, the card shown to the Inquisiteur) is in that
player's log, in words, and in nobody else's view; passes are public entries."""

from games.engines.complots import describe
from games.table.sentences import localize

from .helpers import (
    challenge,
    deal,
    exchange,
    force_discard,
    hand,
    lose_life,
    pass_,
    play,
    power,
    show,
    view,
)

PLAYERS = ["alice", "bob", "carol"]
NAMES = {"alice": "Alice", "bob": "Bob", "carol": "Carol"}


def private_entries(state, viewer):
    return [e for e in view(state, viewer)["log"] if "only" in e]


def test_proven_claim_tells_the_claimant_alone_what_they_drew():
    state = deal(
        PLAYERS,
        hands={
            "alice": ["capitaine", "duchesse"],
            "bob": ["comtesse", "assassin"],
            "carol": ["duchesse", "ambassadeur"],
        },
        court=["assassin"],
    )
    state = play(state, "alice", power("capitaine", target="bob"))
    state = play(state, "bob", challenge())
    mine = private_entries(state, "alice")
    assert len(mine) == 1
    drawn = mine[0]["cards"]
    assert drawn[0] in hand(state, "alice")
    assert describe(mine[0], "en", names=NAMES).startswith("You drew the ")
    assert localize(describe(mine[0], names=NAMES), "fr").startswith("Vous piochez ")
    for other in ("bob", "carol", None):
        assert private_entries(state, other) == []
    state = lose_life(state, "bob", "comtesse")
    state = play(state, "bob", pass_())
    assert private_entries(state, "bob") == []
    assert private_entries(state, "alice") == mine


def test_exchange_and_inquisiteur_lines_reach_only_their_player():
    state = deal(
        PLAYERS,
        hands={
            "alice": ["inquisiteur", "duchesse"],
            "bob": ["comtesse", "assassin"],
            "carol": ["duchesse", "capitaine"],
        },
        court=["capitaine"],
        characters=["duchesse", "assassin", "comtesse", "capitaine", "inquisiteur"],
    )
    state = play(state, "alice", power("inquisiteur", target="bob", mode="examine"))
    for player in ("bob", "carol"):
        state = play(state, player, pass_())
    state = play(state, "bob", show("assassin"))
    seen = private_entries(state, "alice")
    assert [e["event"] for e in seen] == ["seen"]
    assert (
        describe(seen[0], "en", names=NAMES) == "Bob shows you the Assassin (only you know this)."
    )
    assert private_entries(state, "carol") == []
    state = play(state, "alice", force_discard())
    drew = private_entries(state, "bob")
    assert [e["event"] for e in drew] == ["drew"]
    assert private_entries(state, "carol") == []
    assert [e["event"] for e in private_entries(state, "alice")] == ["seen"]


def test_passes_are_public_lines():
    state = deal(
        PLAYERS,
        hands={
            "alice": ["ambassadeur", "duchesse"],
            "bob": ["comtesse", "assassin"],
            "carol": ["duchesse", "capitaine"],
        },
        court=["capitaine", "assassin"],
    )
    state = play(state, "alice", power("ambassadeur"))
    state = play(state, "bob", pass_())
    passes = [e for e in view(state, None)["log"] if e["event"] == "pass"]
    assert passes == [{"event": "pass", "player": "bob", "moment": "challenge"}]
    assert describe(passes[0], "en", names=NAMES) == "Bob does not challenge."
    state = play(state, "carol", pass_())
    state = play(state, "alice", exchange("capitaine", "duchesse"))
    kept = private_entries(state, "alice")
    assert [e["event"] for e in kept] == ["kept"]
    assert describe(kept[0], "en", names=NAMES) == (
        "You kept the Capitaine and the Duchesse (only you know this)."
    )
    assert private_entries(state, "bob") == private_entries(state, None) == []


def test_french_elides_and_never_agrees_with_an_unknown_gender():
    names = {"p1": "Alice", "p2": "Carol", "p3": "Hugo"}
    assert localize(describe({"event": "blocked", "player": "p1"}, names=names), "fr") == (
        "L’action d’Alice est contrée."
    )
    assert localize(describe({"event": "failed", "player": "p2"}, names=names), "fr") == (
        "L’action de Carol échoue."
    )
    assert localize(describe({"event": "eliminated", "player": "p2"}, names=names), "fr") == (
        "Carol est hors jeu."
    )
    english = describe({"event": "coup", "player": "p1", "target": "p2"}, "en", names=names)
    assert "Assassin" not in english and "7 coins" in english
    assert describe({"event": "gain", "player": "p1", "amount": 1}, "en", names=names) == (
        "Alice takes 1 coin from the Treasury."
    )
