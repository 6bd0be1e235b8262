"""``ComplotsEngine``: the public surface (see the package docstring and docs/engines.md)."""

import hashlib
import json

from games.engines.base import N_, Engine, IllegalAction
from games.engines.complots import decision, machine, resign
from games.engines.complots.dispatch import APPLY, DEFAULT, LEGAL
from games.engines.complots.frames import (
    KIND,
    WAITING,
)
from games.engines.complots.log import describe as describe_entry
from games.engines.complots.orders import STANDING_ORDERS, answer_uses_hidden, standing_answer
from games.engines.complots.setup import new_game
from games.engines.complots.state import RESIGN, dump_state, load_state
from games.engines.complots.view import decision_facts, view_for, why_illegal

_EMPTY = ()


def _cached_legal(state, seat):
    """The legal actions of ``seat``; the last answer is kept on the state as (seat, acts)."""
    cache = state.cache
    if cache is not None and cache[0] == seat:
        return cache[1]
    stack = state.stack
    if stack and seat in (f := stack[-1])[WAITING]:
        acts = LEGAL[f[KIND]](state, f, seat)
    else:
        acts = _EMPTY
    state.cache = (seat, acts)
    return acts


def _normalise(state, action):
    kind = action.get("type")
    if kind == "exchange":
        keep = action.get("keep")
        if isinstance(keep, list) and all(isinstance(c, str) for c in keep):
            return {**action, "keep": sorted(keep)}
    elif kind == "give":
        to = action.get("to")
        seats = state.game.seat
        if isinstance(to, list) and all(isinstance(p, str) and p in seats for p in to):
            return {**action, "to": sorted(to, key=seats.__getitem__)}
    return action


class ComplotsEngine(Engine):
    """Complots, Complots 2, Saint-Barthélemy and Tyrannie (see the package docstring)."""

    name = "complots"
    min_players, max_players = 2, 8
    standing_orders = STANDING_ORDERS

    def new_game(self, players, options=None, seed=None):
        s = new_game(players, options, seed)
        machine.run(s)  # the first turn starts (two players: once both chose a card)
        return s

    def legal_actions(self, state, player):
        try:
            seat = state.game.seat[player]
        except (KeyError, TypeError):
            return []
        stack = state.stack
        if not stack:  # the stack is empty only once the game is over
            return []
        f = stack[-1]
        if seat in f[WAITING]:  # waited for: alive (``run`` drops the dead from the top frame)
            cache = state.cache
            if cache is not None and cache[0] == seat:
                return [*cache[1], RESIGN]
            acts = LEGAL[f[KIND]](state, f, seat)
            state.cache = (seat, acts)
            return [*acts, RESIGN]
        return [RESIGN] if state.lives[seat] else []

    def apply(self, state, player, action):
        try:
            seat = state.game.seat[player]
        except (KeyError, TypeError):
            raise IllegalAction(
                N_("%(player)s is not a player of this game"), player=repr(player)
            ) from None
        if not isinstance(action, dict):
            raise IllegalAction(N_("An action must be a dict with a 'type'"))
        cache = state.cache
        if cache is not None and cache[0] == seat:
            acts = cache[1]
        else:
            acts = _cached_legal(state, seat)
        if action not in acts:
            if action == RESIGN and state.winner < 0 and state.lives[seat]:
                s = state.copy()
                resign.resign(s, seat)
                machine.run(s)
                return s
            normalised = _normalise(state, action)
            if normalised is action or normalised not in acts:
                raise IllegalAction(*why_illegal(state, seat, action))
            action = normalised
        s = state.copy()
        f = s.stack[-1]
        if APPLY[f[KIND], action["type"]](s, f, seat, action) is not False:
            machine.run(s)  # False: a window only lost one of its players, nothing to run
        return s

    def waiting_for(self, state):
        stack = state.stack
        if not stack:
            return []
        w = stack[-1][WAITING]
        players = state.game.players
        if len(w) == 1:
            return [players[w[0]]]
        return [players[i] for i in w]

    def default_action(self, state, player):
        seat = state.game.seat.get(player) if isinstance(player, str) else None
        if seat is None or not state.stack or seat not in state.stack[-1][WAITING]:
            raise IllegalAction(N_("%(player)s has nothing to play now"), player=repr(player))
        f = state.stack[-1]
        return dict(DEFAULT[f[KIND]](state, f, seat))

    def view(self, state, player):
        seat = state.game.seat.get(player) if isinstance(player, str) else None
        if player is not None and seat is None:
            raise IllegalAction(N_("%(player)s is not a player of this game"), player=repr(player))
        return view_for(state, seat)

    def decision_key(self, state, player):
        """See ``Engine.decision_key`` and ``view.decision_facts`` (what is left out)."""
        seat = state.game.seat.get(player) if isinstance(player, str) else None
        if seat is None:
            return None
        facts = decision_facts(state, seat, self.legal_actions(state, player))
        text = json.dumps(facts, sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def decision_id(self, state):
        """See ``Engine.decision_id`` and the module ``decision``."""
        return decision.decision_id(state)

    def standing_answer(self, state, player, orders):
        """See ``Engine.standing_answer`` and ``orders.standing_answer``."""
        seat = state.game.seat.get(player) if isinstance(player, str) else None
        if seat is None or not state.stack:
            return None, set(orders)
        known = set(orders) & set(STANDING_ORDERS)
        if not known:
            return None, known
        view = view_for(state, seat)
        return standing_answer(view, self.legal_actions(state, player), player, known)

    def standing_answer_hidden(self, state, player, orders):
        """See ``Engine.standing_answer_hidden`` and ``orders.answer_uses_hidden``."""
        seat = state.game.seat.get(player) if isinstance(player, str) else None
        if seat is None or not state.stack:
            return False
        known = set(orders) & set(STANDING_ORDERS)
        return bool(known) and answer_uses_hidden(view_for(state, seat), player, known)

    def outcome(self, state):
        if state.winner < 0:
            return None
        return {"winners": [state.game.players[state.winner]]}

    def describe(self, entry, lang="en", names=None):
        return describe_entry(entry, lang, names=names)

    def dump(self, state):
        return dump_state(state)

    def load(self, data):
        try:
            return load_state(data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalAction(N_("Not a Complots game state: %(exc)s"), exc=str(exc)) from exc
