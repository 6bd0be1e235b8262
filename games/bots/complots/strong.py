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
  counts on less of it: a fifth less face to face, half at a wider table, where each
  opponent hopes another will pay for the challenge. Its claims are challenged less than
  the Bluffer fears.

It reads only its own view; its chance comes from the seed.
"""

from games.bots.complots.bluffer import BlufferBot

RISK_SCALE_FACE_TO_FACE = 0.8
RISK_SCALE_TABLE = 0.5


def alive_count(seat) -> int:
    return sum(1 for p in seat.view.get("players") or () if p.get("alive"))


class StrongBot(BlufferBot):
    level = "strong"
    noise = 0.4

    def claim_risk(self, seat, character):
        risk = super().claim_risk(seat, character)
        if risk is None or risk >= 1.0:
            return risk
        scale = RISK_SCALE_FACE_TO_FACE if alive_count(seat) <= 2 else RISK_SCALE_TABLE
        return min(0.99, risk * scale)

    honesty_prior = 0.3
    proof_odds = 2.0

    def truth(self, seat, player, character):
        if alive_count(seat) <= 2:
            liar = seat.p_holds(player, character)
        else:
            liar = super().truth(seat, player, character)
        if liar <= 0.0:
            return liar  # every copy is seen: nobody holds it
        honest = seat.claims.honesty(player, self.honesty_prior, self.proof_odds)
        return honest + (1.0 - honest) * liar
