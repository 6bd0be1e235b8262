"""The thinking Complots bot: one decision per open moment, read from the seat's view.

``ThinkingBot`` dispatches on ``view["pending"]["moment"]`` to the turn (``turn``), the
response windows (``responses``) and the forced decisions (``forced``). Its levels differ only
in a few knobs, overridden by ``HonestBot`` and ``BlufferBot``:

- ``claim_risk(seat, character)``: how likely a claim of a character the seat does not hold
  is to be challenged, or ``None`` when the level never makes such a claim;
- ``truth(seat, player, character)``: how likely a claim is to be true (the card count, and
  for the Bluffer the claimer's record in the log);
- ``bluffs_against_plague``: whether to announce the Comtesse against La Peste without her.

A moment this module does not know (a future engine addition) falls back to a safe choice:
``pass`` when it is offered, else the first legal action (the engine's own default order).
"""

from games.bots.base import Bot, uniform
from games.bots.complots import forced, responses, turn
from games.bots.complots.knowledge import Seat, whoami
from games.bots.complots.values import LAST_LIFE, LIFE


class ThinkingBot(Bot):
    game = "complots"
    noise = 0.6  # amplitude of the random tie-breaking added to every score
    bluffs_against_plague = False

    def whoami(self, view, actions):
        return whoami(view, actions)

    def decide(self, view, actions, rng, player):
        seat = Seat(view, player)
        handler = _MOMENTS.get(seat.moment)
        if handler is None:
            return fallback(actions)
        return handler(self, seat, actions, rng)

    # -- knobs ------------------------------------------------------------------------------

    def claim_risk(self, seat, character):
        """P(a claim of ``character`` is challenged); ``None``: never claimed without it."""
        return None

    def truth(self, seat, player, character) -> float:
        return seat.p_holds(player, character)

    # -- shared scales ----------------------------------------------------------------------

    def life_value(self, seat) -> float:
        """What losing one of the seat's own lives costs."""
        return LAST_LIFE if seat.lives <= 1 else LIFE

    def risk_of(self, seat, character) -> float | None:
        """0 for a character held, ``claim_risk`` otherwise (``None``: not claimable)."""
        if seat.holds(character):
            return 0.0
        return self.claim_risk(seat, character)

    def jitter(self, rng) -> float:
        return self.noise * uniform(rng)

    def best(self, rng, scored):
        """The action of the highest score (plus jitter); ``scored`` is [(score, action)]."""
        top = None
        for score, action in scored:
            value = score + self.jitter(rng)
            if top is None or value > top[0]:
                top = (value, action)
        return top[1]


def fallback(actions):
    """A safe choice for any moment: ``pass`` when offered, else the engine's first action."""
    for action in actions:
        if action.get("type") == "pass":
            return action
    return actions[0]


_MOMENTS = {
    "turn": turn.choose_turn,
    "challenge": responses.choose_challenge,
    "block": responses.choose_block,
    "announce": responses.choose_announce,
    "lose": forced.choose_lose,
    "exchange": forced.choose_exchange,
    "show": forced.choose_show,
    "examine": forced.choose_examine,
    "give": forced.choose_give,
    "split": forced.choose_split,
    "blackmail": forced.choose_blackmail,
    "spy": forced.choose_spy,
    "plague": forced.choose_pass_plague,
    "choose": forced.choose_card,
}
