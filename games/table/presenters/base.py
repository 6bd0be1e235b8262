"""Shared pieces of the presenters: action buttons, groups, log sentences, the generic table."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from games.table.sentences import localize


@dataclass
class ActionButton:
    label: str
    action: dict
    css: str = ""
    card: str = ""  # character slug when the button announces or names a card
    detail: str = ""  # a second line under the label (what the move would do)
    confirm: str = ""  # asked before the move goes (a move that would lose the game)

    @property
    def json(self) -> str:
        return json.dumps(self.action, sort_keys=True, separators=(",", ":"))


@dataclass
class ActionGroup:
    key: str
    title: str
    help: str = ""
    buttons: list[ActionButton] = field(default_factory=list)
    order: tuple = (0, 0)


def action_json(action: dict) -> str:
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def present_generic(*, view, viewer, legal_actions, names, lang, describe=None):
    """Any engine: the players, the public log and one button per legal action."""
    players = []
    for entry in view.get("players", []):
        pid = entry.get("id") if isinstance(entry, dict) else entry
        facts = (
            {k: v for k, v in entry.items() if k not in ("id", "hand", "cards")}
            if isinstance(entry, dict)
            else {}
        )
        players.append(
            {
                "id": pid,
                "name": names.get(pid, pid),
                "is_me": pid == viewer,
                "facts": facts,
                "hand": entry.get("hand") if isinstance(entry, dict) else None,
            }
        )
    groups: dict[str, ActionGroup] = {}
    for action in legal_actions:
        kind = str(action.get("type", "?"))
        group = groups.setdefault(kind, ActionGroup(kind, kind.replace("_", " ").capitalize()))
        extra = ", ".join(
            f"{key}: {names.get(value, value) if isinstance(value, str) else value}"
            for key, value in action.items()
            if key != "type"
        )
        group.buttons.append(ActionButton(extra or group.title, action))
    log = [
        sentence_for(entry, lang=lang, names=names, describe=describe)
        for entry in view.get("log", [])
    ]
    return {
        "template": "games/generic/_table.html",
        "players": players,
        "action_groups": list(groups.values()),
        "log": list(reversed(log)),
        "waiting_for": [names.get(p, p) for p in view.get("waiting_for", [])],
        "me_waited": viewer is not None and viewer in view.get("waiting_for", []),
        "facts": {
            k: v
            for k, v in view.items()
            if k not in ("players", "log", "waiting_for") and isinstance(v, (int, str))
        },
    }


def sentence_for(entry, *, lang, names, describe=None):
    """One readable log line: the engine's sentence with display names put in, in `lang`
    (`games.table.sentences.localize`; a note the platform put in the log,
    `games.table.story`, carries its own sentence)."""
    if isinstance(entry, dict) and entry.get("event") == "platform_note":
        return str(entry.get("text", ""))
    text = None
    if describe is not None:
        try:
            text = describe(entry, lang, names=names)
        except TypeError:
            text = describe(entry, lang)
    if text is None:
        text = entry if isinstance(entry, str) else json.dumps(entry, ensure_ascii=False)
    return localize(text, lang)


def full_view(engine, state):
    """Everything on the table once the game is over: the spectator view with each player's
    own cards taken from that player's view (full information, built from views only)."""
    view = engine.view(state, None)
    for index, player in enumerate(view.get("players", [])):
        own = engine.view(state, player["id"])
        own_player = own["players"][index]
        if "cards" in own_player:
            player["cards"] = own_player["cards"]
        if "hand" in own_player:
            player["hand"] = own_player["hand"]
    return view
