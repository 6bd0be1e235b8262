"""Allumettes (Nim), a toy fourth game that joins the site only through the documented
extension points: its engine (`games.engines.register_engine`) and its descriptor
(`games.table.descriptors.register_descriptor`). No platform file knows it.

A pile of matches; on your turn take 1, 2 or 3; whoever takes the last match wins. After
each take the next player may `doubt` it or `pass` (a window, so the clock's two kinds of
decision show); a doubt just ends the window. Each player holds a secret lucky word dealt
from the seed (hidden information: only its owner sees it).
"""

from __future__ import annotations

import hashlib

from django import forms

from games.engines import Engine, IllegalAction
from games.table.descriptors import GameDescriptor

SLUG = "allumettes"
LUCKY_WORDS = ("hirondelle", "salamandre", "belette", "ecureuil", "libellule", "mesange")


class AllumettesEngine(Engine):
    name = SLUG
    min_players = 2
    max_players = 4

    def new_game(self, players, options=None, seed=None):
        options = dict(options or {})
        pile = options.get("pile", 10)
        if set(options) - {"pile"} or not isinstance(pile, int) or not 3 <= pile <= 30:
            raise IllegalAction("pile must be an int in 3..30")
        players = list(players)
        if not self.min_players <= len(players) <= self.max_players:
            raise IllegalAction("2 to 4 players")
        seed = seed if isinstance(seed, bytes) else str(seed).encode()
        words = list(LUCKY_WORDS)
        lucky = {}
        for p in players:  # distinct words, dealt from the seed
            lucky[p] = words.pop(hashlib.sha256(seed + p.encode()).digest()[0] % len(words))
        return {
            "players": players,
            "pile": pile,
            "current": 0,
            "window": None,
            "lucky": lucky,
            "winner": None,
            "log": [],
        }

    def waiting_for(self, state):
        if state["winner"]:
            return []
        if state["window"]:
            return [state["window"]]
        return [state["players"][state["current"]]]

    def legal_actions(self, state, player):
        if player not in self.waiting_for(state):
            return []
        if state["window"]:
            return [{"type": "doubt"}, {"type": "pass"}]
        return [{"type": "take", "n": n} for n in (1, 2, 3) if n <= state["pile"]]

    def default_action(self, state, player):
        return self.legal_actions(state, player)[-1 if state["window"] else 0]

    def apply(self, state, player, action):
        if not isinstance(action, dict) or action not in self.legal_actions(state, player):
            raise IllegalAction("Not a legal move now")
        state = self.load(state)
        state["log"].append({"event": action["type"], "player": player, **action})
        players = state["players"]
        if state["window"]:
            state["window"] = None
            return state
        state["pile"] -= action["n"]
        if state["pile"] == 0:
            state["winner"] = player
            return state
        state["current"] = (state["current"] + 1) % len(players)
        state["window"] = players[state["current"]]
        return state

    def view(self, state, player):
        return {
            "players": [{"id": p, "alive": True} for p in state["players"]],
            "pile": state["pile"],
            "lucky": state["lucky"].get(player),
            "current_player": state["players"][state["current"]],
            "waiting_for": self.waiting_for(state),
            "log": [dict(entry) for entry in state["log"]],
        }

    def outcome(self, state):
        return {"winners": [state["winner"]]} if state["winner"] else None

    def dump(self, state):
        return self.load(state)

    def load(self, data):
        return {
            **data,
            "lucky": dict(data["lucky"]),
            "players": list(data["players"]),
            "log": [dict(e) for e in data["log"]],
        }


class AllumettesDescriptor(GameDescriptor):
    slug = SLUG
    name = "Allumettes"
    summary = "Take one, two or three matches; the last one wins."

    def form_fields(self):
        return {
            "pile": forms.IntegerField(
                label="Matches", min_value=3, max_value=30, initial=10, required=False
            )
        }

    def clean_form(self, form, data):
        if data.get("pile") is None:
            form.add_error("pile", "How many matches?")

    def options_from(self, data):
        return {"pile": data["pile"]}

    def settings_words(self, options):
        return [f"{options.get('pile')} matches"]

    def question(self, *, view, viewer, legal_actions, names):
        if not legal_actions:
            return ""
        if legal_actions[0]["type"] == "doubt":
            return "Doubt the take, or pass?"
        return f"{view['pile']} matches left: take 1, 2 or 3?"


ENGINE = AllumettesEngine()
DESCRIPTOR = AllumettesDescriptor()
