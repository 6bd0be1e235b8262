"""The Strong bot: the Bluffer's lies, bolder where they pay, and a model of each opponent.

Measured against the other levels (``bench/bot_strength.py``), these knobs made the
difference:

- **Judging claims by the count, face to face.** The Bluffer moves a claim's likelihood by
  the claimer's record (bluffs caught, claims proven); with two players left, a record of a
  few claims says little and the Bluffer challenges too often on it: the Strong bot then
  starts from the likelihood the cards it cannot see give (``Seat.p_holds``). At a wider
  table it judges by the record, as the Bluffer does.
- **An opponent model: who never lies.** Some players claim only the cards they hold; the
  count alone challenges them and always loses (the Honest level won most final duels of
  the four-player tables that way). ``Claims.honesty`` reads from the public log the
  chance that a player is of that kind: a prior share, raised by each claim proven under a
  challenge and each Revenu taken (a liar would have claimed a Duchesse), settled to zero
  by a caught bluff or by more characters stood by than lives. A claim's likelihood is
  ``honest + (1 - honest) * likelihood of a liar's claim``. The prior is lower in a
  two-player game (seven cards, where claims are bluffed more).
- **Bolder claims, but not on the last life.** It reads the challenge risk of a claim as
  the Bluffer does (each opponent's challenge rate from the log, scaled by how implausible
  the claim looks) and counts on less of it: a fifth less face to face, half at a wider
  table, where each opponent hopes another will pay for the challenge. On its last life a
  claim is challenged far more (a challenge then takes the game or a seat: measured, four
  times the Bluffer's estimate in the final duel of a table, 1.6 times at a wider table),
  and a block that stops a kill is challenged as the Bluffer fears.

It reads only its own view and the public log; its chance comes from the seed.
"""

from games.bots.complots.bluffer import BlufferBot

RISK_SCALE_FACE_TO_FACE = 0.8
RISK_SCALE_TABLE = 0.5
# a claim made on the seat's last life, or a block that stops a kill, draws challenges:
# the challenger's stake is a life (or a kill) more; measured over the bench's tables
RISK_LAST_LIFE_FACE_TO_FACE = 4.0
RISK_LAST_LIFE_TABLE = 1.6
KILLERS = ("assassin", "bourreau", "maitre_chanteur")


def alive_count(seat) -> int:
    return sum(1 for p in seat.view.get("players") or () if p.get("alive"))


def _stops_a_kill(seat) -> bool:
    action = seat.pending.get("action") or {}
    return action.get("type") == "power" and action.get("character") in KILLERS


class StrongBot(BlufferBot):
    level = "strong"
    noise = 0.4
    honesty_prior = 0.45  # the share of players who never lie, before any evidence
    honesty_prior_two_players = 0.1
    proof_odds = 2.0
    income_odds = 1.4

    def claim_risk(self, seat, character):
        risk = super().claim_risk(seat, character)
        if risk is None or risk >= 1.0:
            return risk
        duel = alive_count(seat) <= 2
        two_player_game = len(seat.players) <= 2
        if seat.lives <= 1 and not two_player_game:
            scale = RISK_LAST_LIFE_FACE_TO_FACE if duel else RISK_LAST_LIFE_TABLE
        elif seat.moment == "block" and _stops_a_kill(seat):
            scale = 1.0
        else:
            scale = RISK_SCALE_FACE_TO_FACE if duel else RISK_SCALE_TABLE
        return min(0.99, risk * scale)

    def truth(self, seat, player, character):
        if alive_count(seat) <= 2:
            liar = seat.p_holds(player, character)
        else:
            liar = super().truth(seat, player, character)
        if liar <= 0.0:
            return liar  # every copy is seen: nobody holds it
        prior = self.honesty_prior_two_players if len(seat.players) <= 2 else self.honesty_prior
        honest = seat.claims.honesty(player, prior, self.proof_odds, self.income_odds)
        return honest + (1.0 - honest) * liar
