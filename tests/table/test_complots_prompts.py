"""Complots 2 and Tyrannie prompts: a counter-announcement only follows an announcement, the
Peste says what Pass costs and when the Comtesse cannot be held, the context line names the
Peste's holder once it moved on."""

from games.table.presenters.complots.table import present
from tests.engines.complots.helpers import (
    ENGINE,
    announce,
    challenge,
    deal,
    everyone_passes,
    lose,
    pass_plague,
    plague,
    play,
)

ABCD = ["alice", "bob", "carol", "dave"]
NAMES = {p: p.capitalize() for p in ABCD}


def table(state, viewer):
    return present(
        view=ENGINE.view(state, viewer),
        viewer=viewer,
        legal_actions=ENGINE.legal_actions(state, viewer),
        names=NAMES,
        lang="en",
    )


def labels(table_):
    return [b.label for g in table_["action_groups"] for b in g.buttons]


def helps(table_):
    return " ".join(str(g.help) for g in table_["action_groups"])


def test_the_sorciere_is_announced_not_counter_announced():
    characters = ["duchesse", "assassin", "sorciere", "capitaine", "ambassadeur"]
    state = deal(ABCD, characters=characters, hands={"alice": ["duchesse", "assassin"]}, coins=None)
    state = play(state, "alice", {"type": "power", "character": "duchesse"})
    state = play(state, "bob", challenge())  # alice holds her: bob loses a life
    bob = table(state, "bob")
    if bob["pending"]["moment"] == "lose":
        slug = next(a["character"] for a in ENGINE.legal_actions(state, "bob"))
        state = play(state, "bob", lose(slug))
        bob = table(state, "bob")
    assert bob["pending"]["moment"] == "announce"
    assert bob["pending"]["title"] == "Bob may announce the Sorcière"
    assert "Announce the Sorcière" in labels(bob)
    assert not any(label.endswith(" too") for label in labels(bob))
    assert "Counter-announcements" not in bob["pending"]["title"]


def test_the_pape_is_counter_announced():
    characters = ["duchesse", "assassin", "comtesse", "pape", "ambassadeur"]
    state = deal(ABCD, characters=characters, coins={"bob": 2, "carol": 2, "dave": 2})
    state = play(state, "alice", {"type": "power", "character": "pape"})
    state = everyone_passes(state)
    victim = ENGINE.waiting_for(state)[0]
    answer = table(state, victim)
    assert answer["pending"]["title"] == "Counter-announcements"
    assert "Announce the Pape too" in labels(answer)


def _plague_on_bob(characters):
    state = deal(
        ABCD,
        characters=characters,
        tyrannie=True,
        coins={"alice": 5},
        hands={"bob": ["capitaine", "assassin"], "carol": ["duchesse", "ambassadeur"]},
    )
    return play(state, "alice", plague("bob"))


def test_the_peste_says_what_pass_costs_and_when_the_comtesse_is_not_in_play():
    without = _plague_on_bob(["duchesse", "assassin", "sorciere", "capitaine", "ambassadeur"])
    bob = table(without, "bob")
    assert "Pass: lose a life" in labels(bob)
    assert "Pass and you lose a life" in helps(bob)
    assert "The Comtesse is not among this game's characters" in helps(bob)
    assert bob["pending"]["title"] == "Bob holds the Peste"
    assert "Announce the Comtesse" in labels(bob)
    with_her = _plague_on_bob(["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"])
    bob = table(with_her, "bob")
    assert "Pass and you lose a life" in helps(bob)
    assert "not among this game's characters" not in helps(bob)
    carol = table(with_her, "carol")  # not her question: no such words
    assert "Pass and you lose a life" not in helps(carol)


def test_the_context_line_names_the_holder_once_the_peste_moved_on():
    state = _plague_on_bob(["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"])
    state = play(state, "bob", announce("comtesse"))
    state = everyone_passes(state)
    state = play(state, "bob", pass_plague("carol"))
    lines = table(state, "dave")["pending"]["lines"]
    assert lines[0] == "Alice gives the Peste to Bob"
    assert "Carol holds the Peste now" in lines
