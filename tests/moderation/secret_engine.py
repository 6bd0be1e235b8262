"""A tiny engine with hidden cards for the moderation tests (not a site game).

Each player gets two face-down character cards (Complots slugs) dealt from the seed. On
their turn a player takes `income` (+1 coin), turns one of their face-down cards face up
(`lose`, a life lost: it names a hidden card), or `resign` (option ``resign``, default on:
the player's cards are lost face down). The last player alive wins. Views hide other
players' face-down cards, like Complots; the log is public and names no hidden card.
"""

from __future__ import annotations

import copy
import hashlib

from games.engines import Engine, IllegalAction

SLUGS = ["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"]


class SecretCardsEngine(Engine):
    name = "secretcards"

    def new_game(self, players, options=None, seed=None):
        options = dict(options or {})
        if set(options) - {"resign"}:
            raise ValueError("unknown option")
        players = list(players)
        if not 1 <= len(players) <= 8 or len(set(players)) != len(players):
            raise ValueError("1 to 8 distinct players")
        if isinstance(seed, int):
            seed = seed.to_bytes(32, "big")
        seed = seed or b""
        deck = sorted(SLUGS * 4, key=lambda s_i: hashlib.sha256(seed + s_i.encode()).digest())
        order = sorted(
            range(len(deck)),
            key=lambda i: hashlib.sha256(seed + str(i).encode()).digest(),
        )
        cards = [deck[i] for i in order]
        return {
            "players": players,
            "turn": 0,
            "resign": bool(options.get("resign", True)),
            "hands": {
                p: [
                    {"character": cards[2 * n], "revealed": False, "lost": False},
                    {"character": cards[2 * n + 1], "revealed": False, "lost": False},
                ]
                for n, p in enumerate(players)
            },
            "coins": {p: 2 for p in players},
            "log": [{"event": "start", "players": players}],
        }

    def _alive(self, state, p):
        return any(not c["lost"] for c in state["hands"][p])

    def _living(self, state):
        return [p for p in state["players"] if self._alive(state, p)]

    def outcome(self, state):
        living = self._living(state)
        return {"winners": living} if len(living) == 1 and len(state["players"]) > 1 else None

    def waiting_for(self, state):
        if self.outcome(state) is not None:
            return []
        return [state["players"][state["turn"]]]

    def legal_actions(self, state, player):
        if player not in self.waiting_for(state):
            return []
        actions = [{"type": "income"}]
        for c in state["hands"][player]:
            if not c["lost"] and {"type": "lose", "character": c["character"]} not in actions:
                actions.append({"type": "lose", "character": c["character"]})
        if state["resign"]:
            actions.append({"type": "resign"})
        return actions

    def default_action(self, state, player):
        return {"type": "income"}

    def _next_turn(self, state):
        n = len(state["players"])
        for step in range(1, n + 1):
            i = (state["turn"] + step) % n
            if self._alive(state, state["players"][i]):
                state["turn"] = i
                return

    def apply(self, state, player, action):
        if not isinstance(action, dict) or action not in self.legal_actions(state, player):
            raise IllegalAction(f"{action!r} is not legal for {player!r} now")
        state = copy.deepcopy(state)
        if action["type"] == "income":
            state["coins"][player] += 1
            state["log"].append({"event": "income", "player": player, "amount": 1})
        elif action["type"] == "lose":
            card = next(
                c
                for c in state["hands"][player]
                if not c["lost"] and c["character"] == action["character"]
            )
            card["revealed"] = card["lost"] = True
            state["log"].append({"event": "lose", "player": player, "character": card["character"]})
        else:
            for card in state["hands"][player]:
                card["lost"] = True
            state["log"].append({"event": "resign", "player": player})
        if not self._alive(state, player):
            state["log"].append({"event": "eliminated", "player": player})
        if self.outcome(state) is None:
            self._next_turn(state)
        return state

    def view(self, state, player):
        return {
            "players": [
                {
                    "id": p,
                    "coins": state["coins"][p],
                    "alive": self._alive(state, p),
                    "lives": sum(not c["lost"] for c in state["hands"][p]),
                    "cards": [
                        {
                            "character": c["character"] if (c["revealed"] or p == player) else None,
                            "revealed": c["revealed"],
                        }
                        for c in state["hands"][p]
                    ],
                }
                for p in state["players"]
            ],
            "treasury": 50 - sum(state["coins"].values()),
            "current_player": None if self.outcome(state) else state["players"][state["turn"]],
            "waiting_for": self.waiting_for(state),
            "log": copy.deepcopy(state["log"]),
        }

    def dump(self, state):
        return copy.deepcopy(state)

    def load(self, data):
        return copy.deepcopy(data)


ENGINE = SecretCardsEngine()
