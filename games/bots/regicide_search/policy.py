"""The fast Regicide player a search plays its positions out with.

The same judgement as the ``standard`` bot (``games.bots.regicide``), read straight from an
engine state with card masks instead of a view: kill when a play kills (exactly if it can,
keeping a hand for the next enemy), else the play with the best damage + shield + draw for
what it spends, among those that leave a hand covering the next attack; a Jester saves a
hand that would lose; the cheapest cover by the cards' worth. It reads only the acting
seat's hand and public facts of the state it is given, and uses no chance.

``score_plays(s)`` gives every listed action of step 1 its score (the search ranks its
candidates with it); ``policy(s)`` is the action to play; ``step(s, action)`` applies an
engine action to a copy of ``s`` without the checks of ``apply`` (the action comes from
``legal_actions``).
"""

from __future__ import annotations

# The standard bot's weights: the playouts judge as it does.
from games.bots.regicide import (
    COVER_WEIGHT,
    DRAW_VALUE,
    KILL,
    LOSE,
    SHIELD_WEIGHT,
    SPEND_WEIGHT,
)
from games.engines.regicide import rules
from games.engines.regicide.actions import (
    CHOOSE,
    FLIP,
    YIELD,
    cover_actions,
    play_actions,
)
from games.engines.regicide.cards import (
    BIT_SUIT,
    BIT_VALUE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JESTER_MASK,
    JESTER_SUITS,
    SPADES,
    hand_value,
)
from games.engines.regicide.rules import FOE
from games.engines.regicide.state import CHOOSE as CHOOSE_PHASE
from games.engines.regicide.state import DISCARD, PLAY

# Action.kind -> what it does (the engine's own table)
_HANDLERS = (rules.play, rules.discard, rules.yield_turn, rules.flip_jester, rules.choose_next)


def step(s, action):
    """``action`` (an engine action, legal now) applied to a copy of ``s``."""
    out = s.copy()
    _HANDLERS[action.kind](out, s.cur, action)
    return out


def _next_attack(castle_size):
    return 10 if castle_size > 8 else 15 if castle_size > 4 else 20


def score_plays(s):
    """[(score, action)] for every action of step 1 of the current seat (Jesters, yield and
    flip included)."""
    g = s.game
    seat = s.cur
    hand = s.hands[seat]
    hand_val = hand_value(hand)
    health, strength, suit_bit, _ = FOE[s.enemy]
    remaining = health - s.damage
    immune = not s.jester
    attack_now = max(0, strength - s.shield)
    tavern = len(s.tavern)
    cap = g.max_hand
    n = g.n
    out = []
    jesters = []
    safe = False
    for a in play_actions(hand):
        powers = a.suits
        if powers == JESTER_SUITS:
            jesters.append(a)
            continue
        if immune:
            powers &= ~suit_bit
        v = a.value
        damage = v * 2 if powers & CLUBS else v
        rest = hand & ~a.mask
        rest_val = hand_value(rest)
        drawn = 0
        if powers & DIAMONDS:
            space = cap - rest.bit_count()
            draw = v if v < tavern else tavern
            share = draw if n == 1 else (draw + n - 1) // n
            drawn = max(0, min(space, share))
        if damage >= remaining:
            score = KILL + (60 if damage == remaining else 0) - (damage - remaining) * 0.5 - v * 0.5
            if s.castle:
                kept = rest_val + drawn * DRAW_VALUE * 0.5
                if kept < _next_attack(len(s.castle)) and not rest & JESTER_MASK:
                    score -= 700
            safe = True
            out.append((score, a))
            continue
        shield = v if powers & SPADES else 0
        attack_after = strength - s.shield - shield
        if attack_after < 0:
            attack_after = 0
        healed = 0
        if powers & HEARTS:
            healed = min(v, len(s.discard))
        gain = damage + shield * SHIELD_WEIGHT + drawn * DRAW_VALUE * 0.8 + healed * 0.3
        cost = v * SPEND_WEIGHT + attack_after * COVER_WEIGHT
        if rest_val + drawn * DRAW_VALUE * 0.5 >= attack_after:
            safe = True
            out.append((gain - cost, a))
        else:
            out.append((LOSE + damage, a))
    if s.phase == PLAY and n > 1:
        others = g.all_yielded ^ (1 << seat)
        if s.yielded & others != others:
            ok = hand_val >= attack_now
            safe = safe or ok
            out.append((-attack_now * COVER_WEIGHT - 25 if ok else LOSE, YIELD))
    if jesters:
        blocked = 0
        for b in _bits(hand):
            if BIT_SUIT[b] == suit_bit:
                blocked += BIT_VALUE[b]
        useful = immune and blocked * 2 > hand_val and hand_val > attack_now
        score = 500.0 if not safe else (60.0 if useful else LOSE / 2 + 1)
        out.extend((score, a) for a in jesters)
    if s.jesters_left:
        out.append((LOSE / 2 + 2 if not safe else LOSE / 2 - 1, FLIP))
    return out


def _bits(mask):
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def cover_key(s, action):
    """The worth of the cards a cover gives up (lower is better)."""
    suit_bit = FOE[s.enemy][2] if not s.jester else 0
    worth = 0.0
    for b in action.bits:
        v = BIT_VALUE[b]
        su = BIT_SUIT[b]
        if su == suit_bit:
            v -= 0.5
        elif su & (SPADES | CLUBS):
            v += 0.3
        worth += v
    return worth, len(action.bits)


def choose_target(s):
    """The seat with the most cards, clockwise after the Jester's player (itself last)."""
    n = s.game.n
    seat = s.cur
    best, most = seat, -1
    for k in range(1, n + 1):
        i = (seat + k) % n
        size = s.hands[i].bit_count()
        if size > most:
            best, most = i, size
    return best


def policy(s):
    """The engine action the current seat plays in ``s``."""
    phase = s.phase
    if phase == PLAY:
        best, best_score = None, None
        for score, a in score_plays(s):
            if best_score is None or score > best_score:
                best, best_score = a, score
        return best
    if phase == DISCARD:
        covers = cover_actions(s.hands[s.cur], s.cover)
        if not covers:
            return FLIP
        return min(covers, key=lambda a: cover_key(s, a))
    if phase == CHOOSE_PHASE:
        return CHOOSE[choose_target(s)]
    return None
