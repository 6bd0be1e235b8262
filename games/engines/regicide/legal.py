"""Legal actions, their checking in ``apply``, and the timeout defaults."""

from games.engines.base import IllegalAction
from games.engines.regicide.cards import (
    CARDS,
    VALUE,
    cheapest_cover,
    extra_plays,
    is_cover,
    is_legal_play,
    legal_plays,
    minimal_covers,
)
from games.engines.regicide.rules import can_yield
from games.engines.regicide.state import CHOOSE, DISCARD, OVER, PLAY


def _read_only(self, *args, **kwargs):
    raise TypeError("Legal actions are shared and read-only: copy one with dict(action)")


class Action(dict):
    """A legal action as handed out by the engine: a plain JSON dict that refuses changes.

    ``legal_actions`` returns shared instances (no copy per call); ``dict(action)`` gives a
    mutable copy (its ``cards`` list stays read-only: ``list(cards)`` copies it).
    """

    __slots__ = ()
    __setitem__ = __delitem__ = _read_only
    update = pop = popitem = clear = setdefault = __ior__ = _read_only

    def copy(self):
        return dict(self)

    def __reduce__(self):
        return (dict, (dict(self),))


class ReadOnlyList(list):
    """The ``cards`` list of a shared legal action: refuses changes."""

    __slots__ = ()
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _read_only
    append = extend = insert = pop = remove = clear = sort = reverse = _read_only

    def copy(self):
        return list(self)

    def __reduce__(self):
        return (list, (list(self),))

    def __deepcopy__(self, memo):
        return list(self)


YIELD = Action({"type": "yield"})
FLIP = Action({"type": "flip_jester"})

# canonical cards tuple -> the shared action
_PLAYS: dict = {}
_DISCARDS: dict = {}


def _action(table, kind, cards):
    action = table.get(cards)
    if action is None:
        if len(table) > 100_000:
            table.clear()
            _CARDS_OF.clear()
        action = table[cards] = Action({"type": kind, "cards": ReadOnlyList(cards)})
        _CARDS_OF[id(action)] = (action, cards)
    return action


# id of a shared action -> (the action, its canonical cards): ``check`` skips the parsing of
# an action it handed out (the identity check makes a reused id harmless)
_CARDS_OF: dict = {}
#: card -> the shared action playing it alone
SINGLES = {c: _action(_PLAYS, "play", (c,)) for c in sorted(CARDS)}


def _choose_actions(players):
    return [Action({"type": "choose_next", "player": p}) for p in players]


def legal_actions(s, seat):
    """Every legal action of ``seat`` now (shared read-only dicts)."""
    if seat != s.cur:
        return []
    phase = s.phase
    if phase == PLAY:
        hand = s.hands[seat]
        out = [SINGLES[c] for c in hand]
        if len(hand) > 1:
            extra = extra_plays(hand)
            if extra:
                table = _PLAYS
                get = table.get
                for cards in extra:
                    action = get(cards)
                    out.append(action if action is not None else _action(table, "play", cards))
        if can_yield(s, seat):
            out.append(YIELD)
        if s.jesters_left:
            out.append(FLIP)
        return out
    if phase == DISCARD:
        table = _DISCARDS
        out = [_action(table, "discard", c) for c in minimal_covers(s.hands[seat], s.cover)]
        if s.jesters_left:
            out.append(FLIP)
        return out
    if phase == CHOOSE:
        return _choose_actions(s.game.players)
    return []


def _cards_of(action):
    """The canonical tuple of an action's ``cards``, or None when malformed."""
    if len(action) != 2:
        return None
    cards = action.get("cards")
    if not isinstance(cards, list) or not cards:
        return None
    for c in cards:
        if type(c) is not str or c not in CARDS:
            return None
    if len(cards) == 1:
        return (cards[0],)
    return tuple(sorted(cards))


def check(s, seat, action):
    """What ``action`` is, once checked against the legal actions of ``seat``:
    ``("play", cards)``, ``("discard", cards)``, ``("choose_next", seat)``, ``("yield",)``
    or ``("flip_jester",)``. Raises ``IllegalAction`` with a readable reason otherwise."""
    if not isinstance(action, dict):
        raise IllegalAction("An action must be a dict with a 'type'")
    kind = action.get("type")
    if type(kind) is not str:
        raise IllegalAction("An action must be a dict with a 'type'")
    phase = s.phase
    if phase == OVER:
        raise IllegalAction("The game is over")
    if seat != s.cur:
        raise IllegalAction("It is not your turn")
    if kind == "play":
        if phase != PLAY:
            raise IllegalAction(_wrong_moment(phase))
        known = _CARDS_OF.get(id(action))
        if known is not None and known[0] is action:
            cards = known[1]
        else:
            cards = _cards_of(action)
        if cards is None:
            raise IllegalAction("A play is {'type': 'play', 'cards': [card, ...]}")
        if not is_legal_play(cards, s.hands[seat]):
            raise IllegalAction(_why_not_play(cards, s.hands[seat]))
        return ("play", cards)
    if kind == "discard":
        if phase != DISCARD:
            raise IllegalAction(_wrong_moment(phase))
        known = _CARDS_OF.get(id(action))
        if known is not None and known[0] is action:
            cards = known[1]
        else:
            cards = _cards_of(action)
        if cards is None:
            raise IllegalAction("A discard is {'type': 'discard', 'cards': [card, ...]}")
        if not is_cover(cards, s.hands[seat], s.cover):
            if any(c not in s.hands[seat] for c in cards) or len(set(cards)) != len(cards):
                raise IllegalAction("You can only discard cards from your hand")
            raise IllegalAction(f"Discard cards worth at least {s.cover}")
        return ("discard", cards)
    if kind == "yield":
        if len(action) != 1:
            raise IllegalAction("Yielding is {'type': 'yield'}")
        if phase != PLAY:
            raise IllegalAction(_wrong_moment(phase))
        if s.game.solo:
            raise IllegalAction("There is no yielding in a solo game")
        if not can_yield(s, seat):
            raise IllegalAction("You cannot yield: every other player yielded on their last turn")
        return ("yield",)
    if kind == "flip_jester":
        if len(action) != 1:
            raise IllegalAction("Flipping a Jester is {'type': 'flip_jester'}")
        if not s.game.solo:
            raise IllegalAction("Jesters are flipped in a solo game only")
        if phase not in (PLAY, DISCARD):
            raise IllegalAction(_wrong_moment(phase))
        if not s.jesters_left:
            raise IllegalAction("Both Jesters have been flipped")
        return ("flip_jester",)
    if kind == "choose_next":
        if phase != CHOOSE:
            raise IllegalAction("Only after a Jester is the next player chosen")
        player = action.get("player")
        if len(action) != 2 or type(player) is not str or player not in s.game.seat:
            raise IllegalAction("Name a player of this game: {'type': 'choose_next', 'player': P}")
        return ("choose_next", s.game.seat[player])
    raise IllegalAction(f"Unknown action type {kind!r}")


def _wrong_moment(phase):
    if phase == PLAY:
        return "Play cards or yield now"
    if phase == DISCARD:
        return "Discard cards to cover the enemy's attack now"
    if phase == CHOOSE:
        return "Choose who plays next now"
    return "The game is over"


def _why_not_play(cards, hand):
    if any(c not in hand for c in cards):
        return "You can only play cards from your hand"
    if len(set(cards)) != len(cards):
        return "A card cannot be played twice"
    if any(c[0] == "X" for c in cards):
        return "A Jester is played alone"
    if len(cards) == 2 and any(c[0] == "A" for c in cards):
        return "An animal companion pairs with one other card"
    if any(c[0] == "A" for c in cards):
        return "An animal companion pairs with a single other card, never in a combo"
    return "A combo is 2 to 4 cards of the same rank worth 10 or less in all"


# --- defaults ----------------------------------------------------------------------------------


def _lowest_play(hand):
    """The play of least attack value, then fewest cards, then canonical order; a Jester only
    when the hand holds nothing else."""
    best = None
    best_key = None
    for cards in legal_plays(hand):
        jester = cards[0][0] == "X"
        key = (jester, sum(VALUE[c] for c in cards), len(cards), cards)
        if best_key is None or key < best_key:
            best, best_key = cards, key
    return best


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
        cards = cheapest_cover(s.hands[seat], s.cover)
        if cards is None:
            return {"type": "flip_jester"}
        return {"type": "discard", "cards": list(cards)}
    # CHOOSE: the next player in seat order, as if no Jester had been played
    g = s.game
    return {"type": "choose_next", "player": g.players[(seat + 1) % g.n]}
