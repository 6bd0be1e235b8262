"""The Regicide ``standard`` bot: a greedy player that survives the next attack when it can.

It reads the seat's view only (its own hand, the enemy, hand sizes, pile sizes) and scores
each legal action:

- **Play** (step 1). For each listed play it works out what the rules do with it: the
  suit powers that act (the enemy's own suit is cancelled while it is immune), the damage
  (doubled by Clubs), the Spade shield, the cards a Diamonds draw brings it, the Hearts
  healing. A play that kills the enemy scores highest (an exact kill more, and the least
  overkill of the hand's value); a play that does not must leave a hand that covers the
  attack that follows (after the new shield), and among those the one with the best
  damage + shield + draw for the hand value it spends and the cover it will cost. A play
  that leaves the seat unable to cover comes last: before it, a Jester (which skips the
  attack), yielding when the whole hand covers the attack, and in a solo game flipping a
  Jester for a new hand.
- **Jester**: kept for a hand that would otherwise lose, or for an immune enemy whose suit
  blocks most of the hand's power; then ``choose_next`` names the player with the most
  cards (the seat itself when it holds the most), the next one clockwise on a tie.
- **Discard** (step 4): the cover that costs least by the bot's own value of the cards
  (their value, a little more for Jesters-free useful suits, a little less for cards of the
  enemy's suit while it is immune); ``flip_jester`` only when nothing covers.

No chance is used: the same view gives the same choice (``seed`` only breaks nothing).
"""

from __future__ import annotations

from games.bots.base import Bot
from games.engines.regicide.cards import SUIT, VALUE

# Expected value of a card drawn from the Tavern (2-10 and Aces, a few Jesters): about 5.
DRAW_VALUE = 5.0
# How much a point of Spade shield is worth against the attacks still to come.
SHIELD_WEIGHT = 1.3
# Hand value spent on a play, and the cover the next attack will cost, weigh this much.
SPEND_WEIGHT = 0.55
COVER_WEIGHT = 0.7
KILL = 1000.0
LOSE = -1000.0


def _value(cards) -> int:
    return sum(VALUE[c] for c in cards)


class Plan:
    """What one play does, computed from the view (the rules of the engine's docstring)."""

    def __init__(self, view, me, cards):
        enemy = view["enemy"] or {}
        hand = me["hand"] or []
        self.cards = list(cards)
        self.jester = any(c.startswith("X") for c in cards)
        self.value = _value(cards)
        suits = {SUIT[c] for c in cards if SUIT.get(c)}
        if enemy.get("immune"):
            suits.discard(enemy.get("suit"))
        self.suits = suits
        self.damage = self.value * (2 if "C" in suits else 1)
        remaining = enemy.get("remaining", 0)
        self.kill = not self.jester and self.damage >= remaining
        self.exact = self.kill and self.damage == remaining
        self.shield = self.value if "S" in suits else 0
        self.attack_after = max(0, enemy.get("attack", 0) - self.shield)
        rest = list(hand)
        for c in cards:
            if c in rest:
                rest.remove(c)
        self.rest = rest
        self.rest_value = _value(rest)
        self.drawn = self._my_draw(view, me, len(rest)) if "D" in suits else 0
        self.healed = min(self.value, view.get("discard_size", 0)) if "H" in suits else 0

    def _my_draw(self, view, me, rest_size):
        """How many cards a Diamonds draw of ``value`` brings this seat: one at a time,
        clockwise from it, skipping full hands (other hands are assumed to have room)."""
        players = view["players"]
        count = max(1, len(players))
        draw = min(self.value, view.get("tavern_size", 0))
        space = view.get("max_hand_size", 8) - rest_size
        share = (draw + count - 1) // count
        return max(0, min(space, share))

    @property
    def survives(self) -> bool:
        """The rest of the hand (and a cautious part of the draw) covers the next attack."""
        if self.kill:
            return True
        return self.rest_value + self.drawn * DRAW_VALUE * 0.5 >= self.attack_after

    def score(self, view) -> float:
        enemy = view["enemy"] or {}
        if self.kill:
            overkill = self.damage - enemy.get("remaining", 0)
            score = KILL + (60 if self.exact else 0) - overkill * 0.5 - self.value * 0.5
            # the seat plays again at once, against the next enemy: keep a hand that covers
            # its attack (Jacks 10, then Queens 15, then Kings 20)
            castle = view.get("castle_size", 0)
            if castle:
                next_attack = 10 if castle > 8 else 15 if castle > 4 else 20
                kept = self.rest_value + self.drawn * DRAW_VALUE * 0.5
                if kept < next_attack and not any(c.startswith("X") for c in self.rest):
                    score -= 700
            return score
        gain = (
            self.damage
            + self.shield * SHIELD_WEIGHT
            + self.drawn * DRAW_VALUE * 0.8
            + self.healed * 0.3
        )
        cost = self.value * SPEND_WEIGHT + self.attack_after * COVER_WEIGHT
        base = gain - cost
        return base if self.survives else LOSE + self.damage


class StandardBot(Bot):
    game = "regicide"
    level = "standard"

    def whoami(self, view, actions):
        for p in view.get("players") or ():
            if p.get("hand") is not None:
                return p.get("id")
        return view.get("current_player")

    def decide(self, view, actions, rng, player):
        me = next((p for p in view.get("players") or () if p.get("id") == player), None)
        if me is None or me.get("hand") is None:
            me = {"id": player, "hand": [], "hand_size": 0}
        phase = view.get("phase")
        if phase == "choose":
            return self.choose_next(view, actions, player)
        if phase == "discard":
            return self.discard(view, actions)
        return self.play(view, actions, me)

    # -- step 1 -------------------------------------------------------------------------

    def play(self, view, actions, me):
        hand = me.get("hand") or []
        hand_value = _value(hand)
        enemy = view.get("enemy") or {}
        attack = enemy.get("attack", 0)
        best, best_score = None, None

        def consider(action, score):
            nonlocal best, best_score
            if best_score is None or score > best_score:
                best, best_score = action, score

        jesters = []
        for action in actions:
            kind = action.get("type")
            if kind == "play":
                plan = Plan(view, me, action.get("cards") or [])
                if plan.jester:
                    jesters.append(action)
                    continue
                consider(action, plan.score(view))
            elif kind == "yield":
                # passes the enemy on without progress: worth it only when no play survives
                consider(action, -attack * COVER_WEIGHT - 25 if hand_value >= attack else LOSE)
        safe = best is not None and best_score > LOSE / 2
        for action in jesters:
            # a Jester skips the attack: it saves a hand that would lose, and lifts an
            # immunity that blocks most of the hand's power
            blocked = sum(VALUE[c] for c in hand if SUIT.get(c) == enemy.get("suit"))
            useful = enemy.get("immune") and blocked * 2 > hand_value and hand_value > attack
            consider(action, 500.0 if not safe else (60.0 if useful else LOSE / 2 + 1))
        if not (best is not None and best_score > LOSE / 2):
            flip = next((a for a in actions if a.get("type") == "flip_jester"), None)
            if flip is not None:
                return flip
        return best if best is not None else actions[0]

    # -- step 4 -------------------------------------------------------------------------

    def discard(self, view, actions):
        enemy = view.get("enemy") or {}
        immune_suit = enemy.get("suit") if enemy.get("immune") else None
        covers = [a for a in actions if a.get("type") == "discard"]
        if not covers:
            return next((a for a in actions if a.get("type") == "flip_jester"), actions[0])

        def keep_value(card):
            worth = VALUE[card]
            if SUIT.get(card) == immune_suit:
                worth -= 0.5  # its power does nothing against this enemy
            elif SUIT.get(card) in ("S", "C"):
                worth += 0.3
            return worth

        def key(action):
            cards = action.get("cards") or []
            return (sum(keep_value(c) for c in cards), len(cards))

        return min(covers, key=key)

    # -- after a Jester -----------------------------------------------------------------

    def choose_next(self, view, actions, player):
        players = view.get("players") or []
        ids = [p.get("id") for p in players]
        start = ids.index(player) if player in ids else 0
        order = ids[start + 1 :] + ids[: start + 1]  # clockwise, the seat itself last
        sizes = {p.get("id"): p.get("hand_size", 0) for p in players}
        most = max(sizes.values(), default=0)
        target = next((p for p in order if sizes.get(p) == most), None)
        for action in actions:
            if action.get("type") == "choose_next" and action.get("player") == target:
                return action
        return actions[0]
