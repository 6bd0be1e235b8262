"""``RegicideEngine``: the public surface (see the package docstring and ENGINES.md)."""

from games.engines.base import Engine, IllegalAction
from games.engines.regicide import rules
from games.engines.regicide.legal import check, default_action, legal_actions
from games.engines.regicide.log import describe
from games.engines.regicide.setup import new_game
from games.engines.regicide.state import OVER, dump_state, load_or_refuse
from games.engines.regicide.view import outcome, view_for


def _apply_play(s, seat, arg):
    rules.play(s, seat, arg)


def _apply_discard(s, seat, arg):
    rules.discard(s, seat, arg)


def _apply_yield(s, seat, arg):
    rules.yield_turn(s, seat)


def _apply_flip(s, seat, arg):
    rules.flip_jester(s, seat)


def _apply_choose(s, seat, arg):
    rules.choose_next(s, seat, arg)


_HANDLERS = {
    "play": _apply_play,
    "discard": _apply_discard,
    "yield": _apply_yield,
    "flip_jester": _apply_flip,
    "choose_next": _apply_choose,
}


class RegicideEngine(Engine):
    """Regicide, solo to four players (see the package docstring)."""

    name = "regicide"

    def new_game(self, players, options=None, seed=None):
        return new_game(players, options, seed)

    def legal_actions(self, state, player):
        seat = state.game.seat.get(player) if type(player) is str else None
        if seat is None:
            return []
        return legal_actions(state, seat)

    def apply(self, state, player, action):
        seat = state.game.seat.get(player) if type(player) is str else None
        if seat is None:
            raise IllegalAction(f"{player!r} is not a player of this game")
        checked = check(state, seat, action)
        s = state.copy()
        _HANDLERS[checked[0]](s, seat, checked[-1])
        return s

    def waiting_for(self, state):
        if state.phase == OVER:
            return []
        return [state.game.players[state.cur]]

    def default_action(self, state, player):
        seat = state.game.seat.get(player) if type(player) is str else None
        if seat is None or state.phase == OVER or seat != state.cur:
            raise IllegalAction(f"{player!r} has nothing to play now")
        return default_action(state, seat)

    def view(self, state, player):
        seat = state.game.seat.get(player) if type(player) is str else None
        if player is not None and seat is None:
            raise IllegalAction(f"{player!r} is not a player of this game")
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
