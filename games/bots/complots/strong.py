"""The Strong bot: the Bluffer's lies, bolder, and the card count's judgement of others.

Measured against the Bluffer (``bench/bot_strength.py``), two knobs made the difference:

- **Judging claims by the count alone, face to face.** The Bluffer moves a claim's
  likelihood by the claimer's record (bluffs caught, claims proven); with two players left,
  a record of a few claims says little and the Bluffer challenges too often on it: the
  Strong bot then believes a claim as much as the cards it cannot see make it likely
  (``Seat.p_holds``: copies of the character not revealed nor in its own hand, among the
  unknown cards). At a wider table the count alone makes it a poor judge (each claim
  looks unlikely, and a wrong challenge costs a life while others profit): there it
  judges by the record, as the Bluffer does.
- **Bolder claims.** It reads the challenge risk of a claim as the Bluffer does (each
  opponent's challenge rate from the log, scaled by how implausible the claim looks) and
  counts on a fifth less of it: its claims are challenged less than the Bluffer fears, the
  players at its table judging by the same count.

It reads only its own view; its chance comes from the seed.
"""

from games.bots.complots.bluffer import BlufferBot

RISK_SCALE = 0.8


class StrongBot(BlufferBot):
    level = "strong"
    noise = 0.4

    def claim_risk(self, seat, character):
        risk = super().claim_risk(seat, character)
        if risk is None or risk >= 1.0:
            return risk
        return min(0.99, risk * RISK_SCALE)

    def truth(self, seat, player, character):
        alive = sum(1 for p in seat.view.get("players") or () if p.get("alive"))
        if alive <= 2:
            return seat.p_holds(player, character)
        return super().truth(seat, player, character)
