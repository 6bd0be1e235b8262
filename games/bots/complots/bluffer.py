"""The Bluffer bot: reads the table, lies when the lie is cheap, calls the lies of others.

- Claims: any character in play whose copies are not all revealed, when the claim's expected
  gain beats its risk. The risk of a challenge is computed per opponent from the public log:
  how often that opponent has challenged so far (``Claims.challenge_rate``), scaled by how
  implausible the claim looks to a spectator (copies revealed, the seat's own caught bluffs,
  other characters it already stands by). Repeating an unchallenged claim is safer.
- Challenges: ``truth`` is the card count moved by the claimer's record (``Seat.believe``):
  a claimer caught bluffing is doubted, one who proved claims is believed; a claim made
  impossible by the count is always challenged.
- Against La Peste it always announces the Comtesse: caught, it loses the life La Peste would
  have taken anyway.
- Targets: the leader, through ``values.kill_value`` and the denial bonus of the turn scores.
"""

from games.bots.complots.policy import ThinkingBot


class BlufferBot(ThinkingBot):
    level = "bluffer"
    noise = 0.6
    bluffs_against_plague = True

    def claim_risk(self, seat, character):
        if character not in seat.in_play:
            return 1.0
        if seat.copies - seat.revealed.get(character, 0) <= 0:
            return 1.0  # every copy is face up: a certain catch
        claims = seat.claims
        plausible = seat.p_public(character)
        suspicion = 0.5 + 1.5 * (1.0 - plausible)
        suspicion *= 0.6 + 3.0 * claims.bluff_rate(seat.me)
        suspicion *= 0.7 ** min(3, claims.claimed(seat.me, character))
        if claims.other_claims(seat.me, character) >= seat.lives:
            suspicion *= 1.6
        unchallenged = 1.0
        for p in seat.opponents:
            rate = min(0.95, claims.challenge_rate(p["id"]) * suspicion)
            unchallenged *= 1.0 - rate
        return 1.0 - unchallenged

    def truth(self, seat, player, character):
        return seat.believe(player, character)
