"""Legal actions, their checking in ``apply``, and the timeout defaults."""

from games.engines.base import N_, IllegalAction
from games.engines.regicide.actions import (
    CHOOSE,
    DISCARD_KIND,
    FLIP,
    FLIP_KIND,
    PLAY_KIND,
    PLAYS,
    YIELD,
    YIELD_KIND,
    Action,
    ReadOnlyList,
    choose_actions,
    cover_actions,
    discard_action,
    play_actions,
)
from games.engines.regicide.cards import BIT, CARDS, is_play_shape, names_of
from games.engines.regicide.rules import can_yield
from games.engines.regicide.state import CHOOSE as CHOOSE_PHASE
from games.engines.regicide.state import DISCARD, OVER, PLAY

__all__ = ["Action", "ReadOnlyList", "check", "default_action", "legal_actions"]


def legal_actions(s, player):
    """Every legal action of ``player`` (a name) now, shared read-only dicts; none for a
    name that is not a player of the game (the engine's ``legal_actions`` itself)."""
    seat = s.game.seat.get(player) if type(player) is str else None
    if seat != s.cur:  # not a player (None), not their turn
        return []
    phase = s.phase
    if phase == PLAY:
        out = play_actions(s.hands[seat])
        others = s.game.all_yielded ^ (1 << seat)  # can_yield, inline (solo: no others)
        if s.yielded & others != others:
            out.append(YIELD)
        if s.jesters_left:
            out.append(FLIP)
        return out
    if phase == DISCARD:
        out = cover_actions(s.hands[seat], s.cover)
        if s.jesters_left:
            out.append(FLIP)
        return out
    if phase == CHOOSE_PHASE:
        return choose_actions(s.game.players)
    return []


def check(s, seat, action):
    """The shared ``Action`` that ``action`` stands for, once checked against the legal
    actions of ``seat`` (for ``choose_next``: an internal action naming the seat chosen).
    Raises ``IllegalAction`` with a readable reason otherwise."""
    if type(action) is Action and seat == s.cur:  # handed out by the engine: its slots say
        kind = action.kind
        phase = s.phase
        if kind == PLAY_KIND:
            if phase == PLAY and not action.mask & ~s.hands[seat]:
                return action
        elif kind == DISCARD_KIND:
            if phase == DISCARD and not action.mask & ~s.hands[seat] and action.value >= s.cover:
                return action
        elif kind == YIELD_KIND:
            if phase == PLAY and can_yield(s, seat):
                return action
        elif kind == FLIP_KIND:
            if s.jesters_left and s.game.solo and (phase == PLAY or phase == DISCARD):
                return action
    return _check(s, seat, action)


def _mask_of(action):
    """The mask of an action's ``cards`` and their canonical tuple, or None when malformed."""
    if len(action) != 2:
        return None
    cards = action.get("cards")
    if not isinstance(cards, list) or not cards:
        return None
    for c in cards:
        if type(c) is not str or c not in CARDS:
            return None
    return tuple(sorted(cards))


def _check(s, seat, action):
    if not isinstance(action, dict):
        raise IllegalAction(N_("An action must be a dict with a 'type'"))
    kind = action.get("type")
    if type(kind) is not str:
        raise IllegalAction(N_("An action must be a dict with a 'type'"))
    phase = s.phase
    if phase == OVER:
        raise IllegalAction(N_("The game is over"))
    if seat != s.cur:
        raise IllegalAction(N_("It is not your turn"))
    if kind == "play":
        if phase != PLAY:
            raise IllegalAction(_wrong_moment(phase))
        cards = _mask_of(action)
        if cards is None:
            raise IllegalAction(N_("A play is {'type': 'play', 'cards': [card, ...]}"))
        hand = s.hands[seat]
        mask = _distinct_in(cards, hand)
        if mask is None or not is_play_shape(cards):
            raise IllegalAction(_why_not_play(cards, names_of(hand)))
        return PLAYS[mask]
    if kind == "discard":
        if phase != DISCARD:
            raise IllegalAction(_wrong_moment(phase))
        cards = _mask_of(action)
        if cards is None:
            raise IllegalAction(N_("A discard is {'type': 'discard', 'cards': [card, ...]}"))
        mask = _distinct_in(cards, s.hands[seat])
        if mask is None:
            raise IllegalAction(N_("You can only discard cards from your hand"))
        found = discard_action(mask)
        if found.value < s.cover:
            raise IllegalAction(N_("Discard cards worth at least %(cover)s"), cover=s.cover)
        return found
    if kind == "yield":
        if len(action) != 1:
            raise IllegalAction(N_("Yielding is {'type': 'yield'}"))
        if phase != PLAY:
            raise IllegalAction(_wrong_moment(phase))
        if s.game.solo:
            raise IllegalAction(N_("There is no yielding in a solo game"))
        if not can_yield(s, seat):
            raise IllegalAction(
                N_("You cannot yield: every other player yielded on their last turn")
            )
        return YIELD
    if kind == "flip_jester":
        if len(action) != 1:
            raise IllegalAction(N_("Flipping a Jester is {'type': 'flip_jester'}"))
        if not s.game.solo:
            raise IllegalAction(N_("Jesters are flipped in a solo game only"))
        if phase not in (PLAY, DISCARD):
            raise IllegalAction(_wrong_moment(phase))
        if not s.jesters_left:
            raise IllegalAction(N_("Both Jesters have been flipped"))
        return FLIP
    if kind == "choose_next":
        if phase != CHOOSE_PHASE:
            raise IllegalAction(N_("Only after a Jester is the next player chosen"))
        player = action.get("player")
        if len(action) != 2 or type(player) is not str or player not in s.game.seat:
            raise IllegalAction(
                N_("Name a player of this game: {'type': 'choose_next', 'player': P}")
            )
        return CHOOSE[s.game.seat[player]]
    raise IllegalAction(N_("Unknown action type %(kind)s"), kind=repr(kind))


def _distinct_in(cards, hand):
    """The mask of the canonical tuple ``cards`` when they are distinct cards of ``hand``."""
    mask = 0
    for c in cards:
        bit = BIT[c]
        if mask & bit or not hand & bit:
            return None
        mask |= bit
    return mask


def _wrong_moment(phase):
    if phase == PLAY:
        return N_("Play cards or yield now")
    if phase == DISCARD:
        return N_("Discard cards to cover the enemy's attack now")
    if phase == CHOOSE_PHASE:
        return N_("Choose who plays next now")
    return N_("The game is over")


def _why_not_play(cards, hand):
    if any(c not in hand for c in cards):
        return N_("You can only play cards from your hand")
    if len(set(cards)) != len(cards):
        return N_("A card cannot be played twice")
    if any(c[0] == "X" for c in cards):
        return N_("A Jester is played alone")
    if len(cards) == 2 and any(c[0] == "A" for c in cards):
        return N_("An animal companion pairs with one other card")
    if any(c[0] == "A" for c in cards):
        return N_("An animal companion pairs with a single other card, never in a combo")
    return N_("A combo is 2 to 4 cards of the same rank worth 10 or less in all")


# --- defaults ----------------------------------------------------------------------------------


def _lowest_play(hand):
    """The play of least attack value, then fewest cards, then canonical order; a Jester only
    when the hand holds nothing else."""
    best = None
    best_key = None
    for action in play_actions(hand):
        cards = tuple(action.names)
        key = (cards[0][0] == "X", action.value, len(cards), cards)
        if best_key is None or key < best_key:
            best, best_key = cards, key
    return best


def _cheapest_cover(hand, need):
    """The covering discard of least total value, then fewest cards (then canonical order),
    spelled as ``legal_actions`` lists it; None when the hand cannot cover ``need``. The
    cheapest cover is always a minimal one."""
    best = None
    best_key = None
    for action in cover_actions(hand, need):
        key = (action.value, len(action.names), list(action.names))
        if best_key is None or key < best_key:
            best, best_key = action, key
    return None if best is None else list(best["cards"])


def default_action(s, seat):
    phase = s.phase
    if phase == PLAY:
        if can_yield(s, seat):
            return {"type": "yield"}
        cards = _lowest_play(s.hands[seat])
        if cards is None:
            return {"type": "flip_jester"}
        return {"type": "play", "cards": list(cards)}
    if phase == DISCARD:
        cards = _cheapest_cover(s.hands[seat], s.cover)
        if cards is None:
            return {"type": "flip_jester"}
        return {"type": "discard", "cards": cards}
    # CHOOSE: the next player in seat order, as if no Jester had been played
    g = s.game
    return {"type": "choose_next", "player": g.players[(seat + 1) % g.n]}
