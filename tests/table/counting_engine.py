"""A tiny engine for the platform tests (not a site game): players take turns adding 1 or 2
to a shared total; after each addition every other player may `challenge` (the first one
counts: it cancels the addition) or `pass`. Whoever brings the total to `target` wins.

Each player holds a secret number dealt from the seed (hidden information: only its owner
sees it). It follows the engine contract of docs/engines.md."""

from __future__ import annotations

import copy
import hashlib

from games.engines import Engine, IllegalAction


class CountingEngine(Engine):
    name = "counting"

    def new_game(self, players, options=None, seed=None):
        options = dict(options or {})
        target = options.get("target", 10)
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 1000:
            raise ValueError("target must be an int in 1..1000")
        if set(options) - {"target"}:
            raise ValueError("unknown option")
        players = list(players)
        if not 1 <= len(players) <= 8 or len(set(players)) != len(players):
            raise ValueError("1 to 8 distinct players")
        if isinstance(seed, int):
            seed = seed.to_bytes(32, "big")
        seed = seed or b""
        secrets_ = {
            p: int.from_bytes(hashlib.sha256(seed + p.encode()).digest()[:2], "big") % 100
            for p in players
        }
        return {
            "players": players,
            "turn": 0,
            "total": 0,
            "target": target,
            "window": None,
            "secrets": secrets_,
            "log": [],
            "winner": None,
        }

    def _current(self, state):
        return state["players"][state["turn"]]

    def waiting_for(self, state):
        if state["winner"] is not None:
            return []
        if state["window"] is not None:
            return [p for p in state["players"] if p in state["window"]["pending"]]
        return [self._current(state)]

    def in_window(self, state):
        return state["window"] is not None

    def legal_actions(self, state, player):
        if player not in self.waiting_for(state):
            return []
        if state["window"] is not None:
            return [{"type": "challenge"}, {"type": "pass"}]
        return [{"type": "add", "n": 1}, {"type": "add", "n": 2}]

    def apply(self, state, player, action):
        if not isinstance(action, dict) or action not in self.legal_actions(state, player):
            raise IllegalAction(f"{action!r} is not legal for {player!r} now")
        state = copy.deepcopy(state)
        if action["type"] == "add":
            state["window"] = {
                "by": player,
                "n": action["n"],
                "pending": [p for p in state["players"] if p != player],
            }
            state["log"].append(f"{player} adds {action['n']}")
            if not state["window"]["pending"]:
                self._resolve(state)
        elif action["type"] == "challenge":
            state["log"].append(f"{player} challenges")
            state["window"] = None
            self._advance(state)
        else:
            state["window"]["pending"].remove(player)
            if not state["window"]["pending"]:
                self._resolve(state)
        return state

    def _resolve(self, state):
        window = state["window"]
        state["window"] = None
        state["total"] += window["n"]
        if state["total"] >= state["target"]:
            state["winner"] = window["by"]
        else:
            self._advance(state)

    def _advance(self, state):
        state["turn"] = (state["turn"] + 1) % len(state["players"])

    def default_action(self, state, player):
        return {"type": "pass"} if state["window"] is not None else {"type": "add", "n": 1}

    def view(self, state, player):
        return {
            "players": [
                {"id": p, "secret": state["secrets"][p] if p == player else None, "alive": True}
                for p in state["players"]
            ],
            "total": state["total"],
            "target": state["target"],
            "current_player": self._current(state),
            "waiting_for": self.waiting_for(state),
            "log": list(state["log"]),
        }

    def outcome(self, state):
        if state["winner"] is None:
            return None
        return {"winners": [state["winner"]]}

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)


ENGINE = CountingEngine()
