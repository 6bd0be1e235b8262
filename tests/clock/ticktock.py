"""A tiny engine honouring the contract (docs/engines.md), for the deadline tests.

Turns: `income` (+1) or `claim` (+2 once a window where every other player may `challenge`
or `pass` closes unchallenged; a challenge cancels it). The first player to `goal` coins
(option, default 5) wins. Defaults: `pass` in the window, `income` on a turn.
"""

from games.engines import Engine, IllegalAction


class TickTockEngine(Engine):
    name = "ticktock"

    def new_game(self, players, options=None, seed=None):
        players = list(players)
        if not 1 <= len(players) <= 8:
            raise IllegalAction("1 to 8 players")
        goal = int((options or {}).get("goal", 5))
        return {
            "players": players,
            "coins": {p: 0 for p in players},
            "current": 0,
            "turn": 1,
            "window": None,
            "goal": goal,
            "winner": None,
            "log": [],
        }

    def _copy(self, state):
        return {
            **state,
            "coins": dict(state["coins"]),
            "log": list(state["log"]),
            "window": None
            if state["window"] is None
            else {**state["window"], "waiting": list(state["window"]["waiting"])},
        }

    def waiting_for(self, state):
        if state["winner"]:
            return []
        if state["window"]:
            return list(state["window"]["waiting"])
        return [state["players"][state["current"]]]

    def legal_actions(self, state, player):
        if player not in self.waiting_for(state):
            return []
        if state["window"]:
            return [{"type": "challenge"}, {"type": "pass"}]
        return [{"type": "income"}, {"type": "claim"}]

    def default_action(self, state, player):
        return {"type": "pass"} if state["window"] else {"type": "income"}

    def _next_turn(self, state):
        me = state["players"][state["current"]]
        if state["coins"][me] >= state["goal"]:
            state["winner"] = me
            return
        state["current"] = (state["current"] + 1) % len(state["players"])
        state["turn"] += 1

    def apply(self, state, player, action):
        if not isinstance(action, dict) or action not in self.legal_actions(state, player):
            raise IllegalAction("not legal now")
        state = self._copy(state)
        state["log"].append({"event": action["type"], "player": player})
        me = state["players"][state["current"]]
        if action["type"] == "income":
            state["coins"][me] += 1
            self._next_turn(state)
        elif action["type"] == "claim":
            others = [p for p in state["players"] if p != me]
            if others:
                state["window"] = {"claimant": me, "waiting": others}
            else:
                state["coins"][me] += 2
                self._next_turn(state)
        elif action["type"] == "challenge":
            state["window"] = None
            self._next_turn(state)
        else:  # pass
            state["window"]["waiting"].remove(player)
            if not state["window"]["waiting"]:
                state["window"] = None
                state["coins"][me] += 2
                self._next_turn(state)
        return state

    def view(self, state, player):
        return {
            "players": [
                {"id": p, "coins": state["coins"][p], "alive": True} for p in state["players"]
            ],
            "current_player": state["players"][state["current"]],
            "waiting_for": self.waiting_for(state),
            "turn": state["turn"],
            "log": list(state["log"]),
            "pending": {"moment": "window"} if state["window"] else None,
        }

    def outcome(self, state):
        return {"winners": [state["winner"]]} if state["winner"] else None

    def dump(self, state):
        return self._copy(state)

    def load(self, data):
        return self._copy(data)


def register():
    from games.engines import register_engine

    register_engine("ticktock", TickTockEngine())
