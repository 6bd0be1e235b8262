"""``ComplotsEngine``: the public surface (see the package docstring and docs/engines.md)."""

import hashlib
import json

from games.engines.base import N_, Engine, IllegalAction
from games.engines.complots import decision, extensions, flow, powers, resign
from games.engines.complots.legal import DEFAULT, LEGAL
from games.engines.complots.orders import STANDING_ORDERS, answer_uses_hidden, standing_answer
from games.engines.complots.setup import new_game
from games.engines.complots.state import ALIVE, RESIGN, dump_state, load_state
from games.engines.complots.view import decision_facts, view_for, why_illegal

_EMPTY = ()


def _cached_legal(state, seat):
    """The legal actions of ``seat``; the last answer is kept on the state as (seat, acts)."""
    cache = state.cache
    if cache is not None and cache[0] == seat:
        return cache[1]
    stack = state.stack
    if stack and seat in (f := stack[-1])["w"]:
        acts = LEGAL[f["k"]](state, f, seat)
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


def _first_live(s, seat, character):
    for i, (c, st) in enumerate(s.hands[seat]):
        if st == ALIVE and c == character:
            return i
    raise AssertionError(character)


def _choose(s, f, seat, action):
    s.mine()
    s.hands[seat] = s.hands[seat] + ((action["character"], ALIVE),)
    s.lives[seat] += 1
    waiting = f["w"]
    stack = s.stack
    if len(waiting) == 2:  # the other player has not chosen yet: nothing to run
        stack[-1] = s.game.t.choose_frames[waiting[0] if waiting[1] == seat else waiting[1]]
        return False
    stack.pop()
    if stack or s.winner >= 0:
        return True
    # every hand is complete and everyone alive: the first turn starts (``run`` would do
    # just this and stop at the turn frame)
    flow.start_turn(s, flow.next_alive(s, s.cur))
    return not stack  # a turn skipped (never at the start, but ``run`` would go on)


def _on_challenge_window(s, f, seat, action):
    if action["type"] == "challenge":
        flow.challenge(s, f, seat)
        return True
    # flow.challenge_pass, inlined: ``seat`` lets the claim stand
    s.log = (("pass", s.game.players[seat], "challenge"), s.log)
    waiting = f["w"]
    stack = s.stack
    if len(waiting) == 1:
        stack.pop()
        below = stack[-1].copy()
        below["res"] = 1
        stack[-1] = below
        return True
    rest = list(waiting)
    rest.remove(seat)
    f = f.copy()
    f["w"] = tuple(rest)
    stack[-1] = f
    return False


def _on_block_window(s, f, seat, action):
    if action["type"] == "block":
        powers.block(s, f, seat, action["character"])
        return True
    # flow.window_pass, inlined
    s.log = (("pass", s.game.players[seat], "block"), s.log)
    waiting = f["w"]
    if len(waiting) == 1:
        s.stack.pop()
        return True
    rest = list(waiting)
    rest.remove(seat)
    f = f.copy()
    f["w"] = tuple(rest)
    s.stack[-1] = f
    return False


def _on_lose(s, f, seat, action):
    s.stack.pop()
    flow.lose_card(s, seat, _first_live(s, seat, action["character"]))


def _on_exchange(s, f, seat, action):
    powers.finish_exchange(s, f, seat, action["keep"])


def _on_show(s, f, seat, action):
    s.stack.pop()
    powers.show_card(s, f["by"], seat, _first_live(s, seat, action["character"]))


def _on_examine(s, f, seat, action):
    powers.examine_decision(s, f, action["type"] == "force_discard")


def _on_announce(s, f, seat, action):
    if action["type"] == "announce":
        extensions.announce(s, f, seat)
    else:
        extensions.announce_pass(s, f, seat)


def _on_spy(s, f, seat, action):
    if action["type"] == "spy_again":
        extensions.spy_again(s, f, seat)
    else:
        s.stack.pop()


_HANDLERS = {
    "turn": powers.begin_action,
    "chal": _on_challenge_window,
    "block": _on_block_window,
    "lose": _on_lose,
    "exch": _on_exchange,
    "show": _on_show,
    "exam": _on_examine,
    "ann": _on_announce,
    "give": lambda s, f, seat, action: extensions.give(s, f, seat, action["to"]),
    "split": lambda s, f, seat, action: extensions.split(s, f, seat, action["amounts"]),
    "bm": lambda s, f, seat, action: extensions.blackmail_choice(s, f, seat, action["pay"]),
    "spy": _on_spy,
    "plague": lambda s, f, seat, action: extensions.pass_plague(
        s, f, seat, s.game.seat[action["target"]]
    ),
    "choose": _choose,
}


class ComplotsEngine(Engine):
    """Complots, Complots 2, Saint-Barthélemy and Tyrannie (see the package docstring)."""

    name = "complots"
    min_players, max_players = 2, 8
    standing_orders = STANDING_ORDERS

    def new_game(self, players, options=None, seed=None):
        s = new_game(players, options, seed)
        stack = s.stack
        # a two-player ``choose`` frame waits for players who all hold a card: nothing to run
        if not stack or stack[-1]["k"] != "choose":
            flow.run(s)
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
        if seat in f["w"]:  # waited for: alive (``run`` drops the dead from the top frame)
            cache = state.cache
            if cache is not None and cache[0] == seat:
                return [*cache[1], RESIGN]
            acts = LEGAL[f["k"]](state, f, seat)
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
                flow.run(s)
                return s
            normalised = _normalise(state, action)
            if normalised is action or normalised not in acts:
                raise IllegalAction(*why_illegal(state, seat, action))
            action = normalised
        s = state.copy()
        f = s.stack[-1]
        if _HANDLERS[f["k"]](s, f, seat, action) is not False:
            flow.run(s)  # False: a window only lost one of its players, nothing to run
        return s

    def waiting_for(self, state):
        stack = state.stack
        if not stack:
            return []
        w = stack[-1]["w"]
        players = state.game.players
        if len(w) == 1:
            return [players[w[0]]]
        return [players[i] for i in w]

    def default_action(self, state, player):
        seat = state.game.seat.get(player) if isinstance(player, str) else None
        if seat is None or not state.stack or seat not in state.stack[-1]["w"]:
            raise IllegalAction(N_("%(player)s has nothing to play now"), player=repr(player))
        f = state.stack[-1]
        return dict(DEFAULT[f["k"]](state, f, seat))

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

    def dump(self, state):
        return dump_state(state)

    def load(self, data):
        try:
            return load_state(data)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise IllegalAction(N_("Not a Complots game state: %(exc)s"), exc=str(exc)) from exc
