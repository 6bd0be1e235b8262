"""Complots bots: ``novice``, ``honest``, ``bluffer`` and ``strong``.

Modules
-------
``knowledge``  ``Seat``: the view read once per decision (own cards, card count, threats) and
               ``Claims``: every player's claims, caught bluffs, proofs and challenges, read
               from the public log, and ``Claims.honesty``: how likely a player never lies.
``values``     what a card, a hand and a kill are worth (Or-equivalents).
``turn``       the turn: scores of every legal action (base game, Complots 2 powers,
               Saint-Barthélemy, Tyrannie).
``responses``  the windows: challenge, block, counter-announce.
``forced``     the forced decisions: lose, exchange, show, examine, give, split, blackmail,
               spy, pass La Peste, the two-player card.
``policy``     ``ThinkingBot``: dispatch per moment, the knobs the levels set, the fallback.
``novice``     ``NoviceBot``: weighted random play of a beginner.
``honest``     ``HonestBot``: only true claims, challenges on the card count.
``bluffer``    ``BlufferBot``: bluffs by risk, challenges by the claimer's record.
``strong``     ``StrongBot``: the Bluffer's lies, bolder but not on the last life, and an
               opponent model (who never lies) moving its belief in each claim.
"""
