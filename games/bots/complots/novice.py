"""The Novice bot: a beginner, not noise.

It takes its turn with the simple actions first (Revenu, Aide Étrangère, the powers of the
cards it holds, sometimes a character it lacks), strikes when it can afford an Assassinat,
and rarely challenges, blocks or counter-announces (more often with the right card in hand).
Every other decision (which card to lose, keep, show...) is a uniform pick among the legal
actions.
"""

from games.bots.base import Bot, uniform, weighted_choice
from games.bots.complots.knowledge import Seat, whoami

CHALLENGE_RATE = 0.05
BLOCK_HELD = 0.6
BLOCK_BLUFF = 0.08
ANNOUNCE_HELD = 0.5
ANNOUNCE_BLUFF = 0.05


class NoviceBot(Bot):
    game = "complots"
    level = "novice"

    def whoami(self, view, actions):
        return whoami(view, actions)

    def decide(self, view, actions, rng, player):
        seat = Seat(view, player)
        moment = seat.moment
        if moment == "turn":
            return weighted_choice(
                rng, actions, [self.turn_weight(seat, a, actions) for a in actions]
            )
        if moment in ("challenge", "block", "announce"):
            return self.respond(seat, actions, rng)
        return actions[rng.below(len(actions))]

    def turn_weight(self, seat, action, actions) -> float:
        kind = action.get("type")
        same = sum(
            1
            for a in actions
            if a.get("type") == kind and a.get("character") == action.get("character")
        )
        if kind == "income":
            return 3.0
        if kind == "foreign_aid":
            return 3.0
        if kind == "coup":
            return 8.0 / same
        if kind == "power":
            held = seat.holds(action.get("character"))
            return (3.0 if held else 0.7) / same
        return 0.4 / same

    def respond(self, seat, actions, rng):
        passing = next((a for a in actions if a.get("type") == "pass"), None)
        other = [a for a in actions if a.get("type") != "pass"]
        if passing is None or not other:
            return actions[rng.below(len(actions))]
        held = [a for a in other if a.get("character") and seat.holds(a["character"])]
        roll = uniform(rng)
        if seat.moment == "challenge":
            return other[0] if roll < CHALLENGE_RATE else passing
        if held:
            rate = BLOCK_HELD if seat.moment == "block" else ANNOUNCE_HELD
            return held[0] if roll < rate else passing
        rate = BLOCK_BLUFF if seat.moment == "block" else ANNOUNCE_BLUFF
        return other[rng.below(len(other))] if roll < rate else passing
