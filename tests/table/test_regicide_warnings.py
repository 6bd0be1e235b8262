"""Regicide warns before a play or a Yield that leaves the hand unable to cover the coming
attack: the button says it and the page asks before it goes."""

from games.table.presenters.regicide.preview import uncovered
from games.table.presenters.regicide.table import group_actions


def view(hand, attack=10, remaining=20, **extra):
    return {
        "enemy": {
            "card": "JS",
            "attack": attack,
            "remaining": remaining,
            "suit": "D",
            "immune": True,
            "shield": 0,
            "blocked_spades": 0,
        },
        "tavern_size": 20,
        "discard_size": 0,
        "max_hand_size": 7,
        "players": [{"id": "p1", "hand": hand, "hand_size": len(hand)}],
        **extra,
    }


def buttons(actions, table_view):
    groups = group_actions(actions, view=table_view, names={"p1": "alice"}, viewer="p1")
    return {b.label: b for g in groups for b in g.buttons}


def test_a_play_that_leaves_too_little_in_hand_is_warned():
    hand = ["5C", "3H", "2H"]
    # 5♣ does 10 damage to an enemy with 20: the attack of 10 comes, 3 + 2 = 5 left in hand
    assert uncovered(["5C"], view(hand), hand) == {"attack": 10, "left": 5}
    # the Spades shield the whole attack: nothing to cover
    assert uncovered(["5S"], view(["5S", "2H"], attack=5), ["5S", "2H"]) is None
    # a play that defeats the enemy is never warned
    assert uncovered(["5C"], view(hand, remaining=10), hand) is None
    # a hand worth the attack is enough
    assert uncovered(["2H"], view(["2H", "10C"], attack=10), ["2H", "10C"]) is None


def test_the_buttons_warn_and_ask_before():
    hand = ["5C", "3H", "2H"]
    actions = [{"type": "play", "cards": ["5C"]}, {"type": "yield"}]
    shown = buttons(actions, view(hand))
    play = next(b for label, b in shown.items() if b.action["type"] == "play")
    assert "cannot cover the attack: 10 to discard, 5 left" in play.detail
    assert "game would be lost" in play.confirm and "btn-warned" in play.css
    yielding = next(b for b in shown.values() if b.action["type"] == "yield")
    assert not yielding.confirm, "the whole hand (10) covers an attack of 10"
    short = buttons(actions, view(["5C", "3H"]))
    yielding = next(b for b in short.values() if b.action["type"] == "yield")
    assert "10 to discard, 8 left" in yielding.detail and yielding.confirm
    safe = buttons(actions, view(["5C", "10H", "10D"]))
    assert not any(b.confirm for b in safe.values())


def test_the_page_marks_the_button_for_the_script(client):
    from games.table.presenters.base import ActionButton

    button = ActionButton("x", {"type": "yield"}, confirm="Sure?")
    from django.template.loader import render_to_string

    from games.table.presenters.base import ActionGroup

    html = render_to_string(
        "games/_actions.html",
        {
            "table": {"action_groups": [ActionGroup("yield", "Yield", "", [button])]},
            "game": type("G", (), {"pk": 1, "status": "running"})(),
            "state_seq": 1,
        },
    )
    assert 'data-confirm="Sure?"' in html
