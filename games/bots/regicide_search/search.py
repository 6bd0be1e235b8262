"""The Regicide ``strong`` bot: determinized sampling with successive halving.

For one decision it

1. ranks the legal actions with the fast player's judgement (``policy.score_plays`` /
   ``policy.cover_key``) and keeps the ``WIDTH`` best (every Jester move among them);
2. draws positions consistent with its own view (``sample.Knowledge``): the hidden cards
   dealt at random from the seat's own seeded stream, never the real state;
3. plays every candidate out from the same positions (common samples: the candidates are
   compared on equal luck) with the fast player for every seat, scoring a playout 1 for a
   won game and, for a lost one, a fraction of the progress made (enemies defeated and the
   damage on the last one), so that early positions, where nearly every playout loses, still
   tell a better move from a worse one;
4. halves the field round after round (successive halving), the better half by mean score
   going on with fresh positions, until one candidate is left or the budget is spent.

The budget is a count of playouts per decision (``budget``, passed in by the caller from
the site's setting; ``DEFAULT_PLAYOUTS`` otherwise): the same view, legal actions, seed and
budget give the same choice on any machine. No clock is read.
"""

from __future__ import annotations

from games.bots.base import Bot
from games.bots.regicide import StandardBot
from games.bots.regicide_search.policy import cover_key, policy, score_plays, step
from games.bots.regicide_search.sample import Knowledge
from games.engines import get_engine
from games.engines.regicide.state import OVER

DEFAULT_PLAYOUTS = 400
WIDTH = 8
MAX_STEPS = 400
LOSS_WEIGHT = 0.5

ENGINE = get_engine("regicide")


def playout(s, limit=MAX_STEPS) -> float:
    """Play ``s`` out with the fast player: 1 for a win, else a share of the progress."""
    steps = 0
    while s.phase != OVER and steps < limit:
        s = step(s, policy(s))
        steps += 1
    if s.result == "won":
        return 1.0
    defeated = 11 - len(s.castle)
    if s.enemy is not None:
        health = 20 if s.enemy[0] == "J" else 30 if s.enemy[0] == "Q" else 40
        defeated += min(s.damage, health) / health
    return LOSS_WEIGHT * defeated / 12


class StrongBot(Bot):
    game = "regicide"
    level = "strong"
    searches = True

    def __init__(self, playouts: int = DEFAULT_PLAYOUTS, width: int = WIDTH):
        self.playouts = playouts
        self.width = width
        self._fallback = StandardBot()

    def whoami(self, view, actions):
        return self._fallback.whoami(view, actions)

    def decide(self, view, actions, rng, player, budget=None):
        budget = self.playouts if budget is None else int(budget)
        if budget <= 0 or not view.get("enemy") or player is None:
            return self._fallback.decide(view, actions, rng, player)
        knowledge = Knowledge(view, player)

        def position():
            return ENGINE.load(knowledge.sample(rng))

        first = position()
        candidates = self._candidates(first, actions, player)
        if len(candidates) == 1:
            return candidates[0]
        totals = [0.0] * len(candidates)
        counts = [0] * len(candidates)
        alive = list(range(len(candidates)))
        rounds = max(1, (len(alive) - 1).bit_length())
        spent = 0
        sample = first
        while len(alive) > 1 and spent < budget:
            per = max(1, (budget // rounds) // len(alive))
            for _ in range(per):
                if spent >= budget:
                    break
                sample = sample or position()
                for i in alive:
                    after = ENGINE.apply(sample, player, candidates[i])
                    totals[i] += playout(after)
                    counts[i] += 1
                    spent += 1
                sample = None
            alive.sort(key=lambda i: (-totals[i] / max(1, counts[i]), i))
            alive = alive[: max(1, (len(alive) + 1) // 2)]
        return candidates[alive[0]]

    def _candidates(self, s, actions, player):
        """The legal actions worth searching, best first by the fast player's judgement."""
        by_key = {_key(a): a for a in actions}
        if s.phase == OVER:
            return [actions[0]]
        if s.phase == 0:  # step 1
            ranked = sorted(score_plays(s), key=lambda item: -item[0])
            engine_actions = [a for _, a in ranked]
        elif s.phase == 1:  # step 4
            legal = ENGINE.legal_actions(s, player)
            engine_actions = sorted(
                legal, key=lambda a: (1, 0) if a.get("type") != "discard" else cover_key(s, a)
            )
        else:  # the Jester's choice: every player is a candidate
            engine_actions = ENGINE.legal_actions(s, player)
        out = []
        for a in engine_actions:
            mine = by_key.get(_key(a))
            if mine is not None and not any(mine is b for b in out):
                out.append(mine)
        special = [a for a in actions if a.get("type") in ("flip_jester", "yield")]
        picked = out[: self.width]
        for a in special:
            if not any(a is b for b in picked):
                picked.append(a)
        return picked or [actions[0]]


def _key(action):
    cards = action.get("cards")
    return (action.get("type"), tuple(sorted(cards)) if cards else None, action.get("player"))
