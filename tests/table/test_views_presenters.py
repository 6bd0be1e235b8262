"""The Complots presenter: every action of the engine's vocabulary gets a readable button in a
sensible group; the table context is built from the view only."""

from games.table.descriptors import descriptor_for
from games.table.presenters.complots import group_actions, pending_context

NAMES = {"p1": "Alice", "p2": "Bob", "p3": "Carol"}

EVERY_ACTION = [
    {"type": "income"},
    {"type": "foreign_aid"},
    {"type": "coup", "target": "p2"},
    {"type": "power", "character": "capitaine", "target": "p2"},
    {"type": "power", "character": "inquisiteur", "mode": "exchange"},
    {"type": "power", "character": "inquisiteur", "mode": "examine", "target": "p3"},
    {"type": "power", "character": "duchesse"},
    {"type": "convert", "target": "p1"},
    {"type": "convert", "target": "p2"},
    {"type": "abuse_of_trust"},
    {"type": "plague", "target": "p3"},
    {"type": "beggar", "target": "p3"},
    {"type": "challenge"},
    {"type": "pass"},
    {"type": "block", "character": "comtesse"},
    {"type": "announce", "character": "pape"},
    {"type": "lose", "character": "assassin"},
    {"type": "exchange", "keep": ["duchesse", "comtesse"]},
    {"type": "choose", "character": "espion"},
    {"type": "show", "character": "pape"},
    {"type": "give_back"},
    {"type": "force_discard"},
    {"type": "give", "to": ["p2", "p3"]},
    {"type": "split", "amounts": {"p2": 2, "p3": 1}},
    {"type": "blackmail_choice", "pay": True},
    {"type": "blackmail_choice", "pay": False},
    {"type": "spy_again"},
    {"type": "spy_stop"},
    {"type": "pass_plague", "target": "p2"},
    {"type": "something_new", "target": "p2", "n": 3},
]


def test_every_action_has_a_button_with_a_readable_label():
    groups = group_actions(EVERY_ACTION, names=NAMES, viewer="p1")
    buttons = [button for group in groups for button in group.buttons]
    assert [b.action for b in buttons] != EVERY_ACTION  # regrouped...
    assert sorted(b.json for b in buttons) == sorted(
        __import__("json").dumps(a, sort_keys=True, separators=(",", ":")) for a in EVERY_ACTION
    )  # ...but none lost or duplicated
    labels = {b.json: b.label for b in buttons}
    assert labels['{"target":"p2","type":"coup"}'] == "Coup against Bob"
    assert labels['{"target":"p1","type":"convert"}'] == "Convert yourself (1 coin)"
    assert labels['{"target":"p2","type":"convert"}'] == "Convert Bob (2 coins)"
    assert (
        labels['{"keep":["duchesse","comtesse"],"type":"exchange"}'] == "Keep Duchesse + Comtesse"
    )
    assert labels['{"amounts":{"p2":2,"p3":1},"type":"split"}'] == "Bob 2 · Carol 1"
    assert labels['{"to":["p2","p3"],"type":"give"}'] == "Give to Bob, Carol"
    assert labels['{"target":"p3","type":"plague"}'] == "Give the Peste to Carol"
    assert labels['{"character":"assassin","type":"lose"}'] == "Lose the Assassin"
    assert labels['{"character":"duchesse","type":"power"}'] == "Announce the Duchesse"
    assert labels['{"character":"capitaine","target":"p2","type":"power"}'] == "Steal 2 from Bob"
    assert "Announce" not in labels.values()  # every button says what it does, in full
    assert "Something new" in labels['{"n":3,"target":"p2","type":"something_new"}']
    assert all(label and "{" not in label for label in labels.values())
    keys = [g.key for g in groups]
    assert keys[0] == "turn" and keys.index("respond") > keys.index("coup")


def test_pending_claim_and_block_in_words():
    view = {
        "pending": {
            "moment": "challenge",
            "player": "p1",
            "action": {"type": "power", "character": "capitaine", "target": "p2"},
            "claim": {"player": "p2", "character": "ambassadeur", "kind": "block"},
            "block": {"player": "p2", "character": "ambassadeur"},
        }
    }
    pending = pending_context(view, NAMES)
    assert pending["title"] == "Challenge window"
    assert pending["lines"] == [
        "Alice announces the Capitaine against Bob",
        "Bob blocks with the Ambassadeur",
    ]


def test_spectator_table_from_a_view():
    view = {
        "players": [
            {
                "id": "p1",
                "coins": 3,
                "alive": True,
                "lives": 2,
                "cards": [{"character": None, "revealed": False, "lost": False}] * 2,
            },
            {
                "id": "p2",
                "coins": 0,
                "alive": False,
                "lives": 0,
                "cards": [{"character": "pape", "revealed": True, "lost": True}] * 2,
            },
        ],
        "treasury": 51,
        "court_size": 11,
        "current_player": "p1",
        "waiting_for": ["p1"],
        "characters": ["duchesse", "assassin", "comtesse", "pape", "espion"],
        "log": [],
    }
    table = descriptor_for("complots").present(
        view=view, viewer=None, legal_actions=[], names=NAMES, lang="en"
    )
    assert table["me"] is None and [p["name"] for p in table["others"]] == ["Alice", "Bob"]
    assert [c.slug for c in table["characters_in_play"]] == [
        "duchesse",
        "assassin",
        "comtesse",
        "pape",
        "espion",
    ]
    assert table["others"][0]["cards"][0]["hidden"] and table["others"][1]["cards"][0]["revealed"]
    assert table["waiting_for"] == ["Alice"] and table["action_groups"] == []
