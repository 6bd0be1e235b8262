"""The Honest bot: never claims a card it lacks; trusts nothing but the card count.

It plays its own cards for all they are worth, blocks whatever its cards block, and challenges
a claim only when the revealed cards and its own make it unlikely: ``truth`` is the
hypergeometric count, turned into the odds of a claim with a fixed assumption that a claim is
a bluff about one time in seven (blind to anyone's record).
"""

from games.bots.complots.policy import ThinkingBot


class HonestBot(ThinkingBot):
    level = "honest"
    noise = 0.5
    bluffs_against_plague = False

    assumed_bluff_rate = 0.15

    def claim_risk(self, seat, character):
        return None

    def truth(self, seat, player, character):
        p0 = seat.p_holds(player, character)
        if p0 <= 0.0 or p0 >= 1.0:
            return p0
        return p0 / (p0 + (1.0 - p0) * self.assumed_bluff_rate)
