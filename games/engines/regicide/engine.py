"""``RegicideEngine``: the public surface (see the package docstring and docs/engines.md)."""

from games.engines.base import N_, Engine, IllegalAction
from games.engines.regicide import decision, rules
from games.engines.regicide.actions import DISCARD_KIND, PLAY_KIND, Action
from games.engines.regicide.legal import check, default_action, legal_actions
from games.engines.regicide.log import describe
from games.engines.regicide.setup import new_game
from games.engines.regicide.state import DISCARD, OVER, PLAY, dump_state, load_or_refuse
from games.engines.regicide.view import outcome, view_for

# Action.kind -> what it does: play, discard, yield, flip_jester, choose_next
_HANDLERS = (rules.play, rules.discard, rules.yield_turn, rules.flip_jester, rules.choose_next)


class RegicideEngine(Engine):
    """Regicide, solo to four players (see the package docstring)."""

    name = "regicide"
    min_players, max_players = 1, 4

    def new_game(self, players, options=None, seed=None):
        return new_game(players, options, seed)

    # the function itself: no call of a method in between on the hot path
    legal_actions = staticmethod(legal_actions)

    def apply(self, state, player, action):
        if type(action) is Action and type(player) is str:
            # the common case in one step: a play or a discard handed out by the engine, by
            # the current player, legal if its cards are in hand (and it covers the damage)
            seat = state.game.seat.get(player)
            if seat == state.cur:
                kind = action.kind
                if kind == PLAY_KIND:
                    if state.phase == PLAY and not action.mask & ~state.hands[seat]:
                        s = state.copy()
                        rules.play(s, seat, action)
                        return s
                elif kind == DISCARD_KIND:
                    if (
                        state.phase == DISCARD
                        and not action.mask & ~state.hands[seat]
                        and action.value >= state.cover
                    ):
                        s = state.copy()
                        rules.discard(s, seat, action)
                        return s
        seat = state.game.seat.get(player) if type(player) is str else None
        if seat is None:
            raise IllegalAction(N_("%(player)s is not a player of this game"), player=repr(player))
        checked = check(state, seat, action)
        s = state.copy()
        _HANDLERS[checked.kind](s, seat, checked)
        return s

    def waiting_for(self, state):
        if state.phase == OVER:
            return []
        return [state.game.players[state.cur]]

    def default_action(self, state, player):
        seat = state.game.seat.get(player) if type(player) is str else None
        if seat is None or state.phase == OVER or seat != state.cur:
            raise IllegalAction(N_("%(player)s has nothing to play now"), player=repr(player))
        return default_action(state, seat)

    def decision_id(self, state):
        """See ``Engine.decision_id`` and the module ``decision``."""
        return decision.decision_id(state)

    def view(self, state, player):
        seat = state.game.seat.get(player) if type(player) is str else None
        if player is not None and seat is None:
            raise IllegalAction(N_("%(player)s is not a player of this game"), player=repr(player))
        return view_for(state, seat)

    def outcome(self, state):
        return outcome(state)

    def dump(self, state):
        return dump_state(state)

    def load(self, data):
        return load_or_refuse(data)

    @staticmethod
    def describe(entry, lang="en", names=None):
        return describe(entry, lang, names)
