"""The players who resigned: the engine plays their decisions by the default rule.

A player who left is never in the bargaining (``flow`` leaves them out of every stage they
have a stake in), so what is left to play for them is their own turn: as the host, refusing
every standing offer then deciding by the fixed rule; as the active player, the sending.
``play_for_absent`` runs after every ``apply``, so ``waiting_for`` never names them.
"""

from games.engines.intrigue.advisors import OVER
from games.engines.intrigue.flow import advance
from games.engines.intrigue.legal import check, default_action, waiting_seats


def play_for_absent(s):
    """While a player who left is waited for, play their default action (``s`` is a copy)."""
    while s.phase != OVER:
        absent = [seat for seat in waiting_seats(s) if s.resigned[seat]]
        if not absent:
            return
        seat = absent[0]
        handler, args = check(s, seat, default_action(s, seat))
        handler(s, *args)
        advance(s)
