"""``IntrigueEngine``: the public surface (see the package docstring and docs/engines.md)."""

from games.engines.base import N_, Engine, IllegalAction
from games.engines.intrigue import decision
from games.engines.intrigue.absent import play_for_absent
from games.engines.intrigue.advisors import MAX_PLAYERS, MIN_PLAYERS
from games.engines.intrigue.flow import advance
from games.engines.intrigue.legal import (
    check,
    decision_continues,
    default_action,
    legal_actions,
    waiting_seats,
)
from games.engines.intrigue.log import describe as describe_entry
from games.engines.intrigue.setup import new_game
from games.engines.intrigue.state import dump_state, load_state
from games.engines.intrigue.view import outcome_of, view_for


def _seat(state, player):
    if not isinstance(player, str):
        return None
    return state.seat.get(player)


class IntrigueEngine(Engine):
    """Intrigue, 3 to 5 players (see the package docstring)."""

    name = "intrigue"
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS

    def new_game(self, players, options=None, seed=None):
        return new_game(players, options, seed)

    def legal_actions(self, state, player):
        seat = _seat(state, player)
        if seat is None:
            return []
        return legal_actions(state, seat)

    def apply(self, state, player, action):
        seat = _seat(state, player)
        if seat is None:
            raise IllegalAction(N_("%(player)s is not a player of this game"), player=repr(player))
        if state.resigned[seat]:
            raise IllegalAction(N_("You have left this game"))
        handler, args = check(state, seat, action)
        s = state.copy()
        handler(s, *args)
        advance(s)
        play_for_absent(s)
        return s

    def waiting_for(self, state):
        return [state.players[i] for i in waiting_seats(state)]

    def default_action(self, state, player):
        seat = _seat(state, player)
        if seat is None or seat not in waiting_seats(state):
            raise IllegalAction(N_("%(player)s has nothing to play now"), player=repr(player))
        return default_action(state, seat)

    def in_window(self, state):
        """Never: every decision (a stage, the sending) is a turn, with the turn's time. Said
        here so the platform need not list the legal actions to find a ``pass``."""
        return False

    def decision_continues(self, state):
        """True when the last action left the pending decision (a stage, the sending) open:
        the platform keeps its deadline (see ``legal.decision_continues``)."""
        return decision_continues(state)

    def decision_id(self, state):
        """See ``Engine.decision_id`` and the module ``decision``."""
        return decision.decision_id(state)

    def view(self, state, player):
        seat = _seat(state, player)
        if player is not None and seat is None:
            raise IllegalAction(N_("%(player)s is not a player of this game"), player=repr(player))
        return view_for(state, seat)

    def outcome(self, state):
        return outcome_of(state)

    def describe(self, entry, lang="en", names=None):
        return describe_entry(entry, lang, names=names)

    def dump(self, state):
        return dump_state(state)

    def load(self, data):
        try:
            return load_state(data)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise IllegalAction(N_("Not an Intrigue game state: %(exc)s"), exc=str(exc)) from exc
