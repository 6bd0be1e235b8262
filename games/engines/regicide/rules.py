"""What the actions do: the four steps of a turn, enemies falling, the end of the game.

Every function takes a fresh copy ``s`` of the state (``State.copy``) and changes it by
replacing fields. ``seat`` is the acting player's seat (always ``s.cur``); ``action`` is the
shared ``Action`` that ``legal.check`` found (its slots: the mask, canonical bits and names
of its cards, their value and suits). Hands are masks, the Tavern, the discard pile and the
table tuples of bits (see ``cards``).
"""

from itertools import chain
from operator import itemgetter

from games.engines.base import shuffle_at
from games.engines.regicide.cards import (
    BIT,
    CLUBS,
    DIAMONDS,
    ENEMY,
    HEARTS,
    JESTER_SUITS,
    SPADES,
    SUIT_BIT,
    bits_of,
    hand_value,
)
from games.engines.regicide.entries import (
    attack_entry,
    choose_next_entry,
    defeat_entry,
    discard_entry,
    enemy_entry,
    flip_jester_entry,
    jester_entry,
    lost_entry,
    play_entry,
    won_entry,
    yield_entry,
)
from games.engines.regicide.state import CHOOSE, DISCARD, OVER, PLAY

#: enemy card -> (health, attack, suit bit, suit letter)
FOE = {
    card: (health, attack, SUIT_BIT[card[-1]], card[-1]) for card, (health, attack) in ENEMY.items()
}


def can_yield(s, seat):
    """Yielding is open unless every other player yielded on their most recent turn (a solo
    player never yields)."""
    g = s.game
    if g.solo:
        return False
    others = g.all_yielded ^ (1 << seat)
    return s.yielded & others != others


def start_turn(s, seat):
    """``seat`` begins a turn at step 1; the game is lost if they can do nothing."""
    s.cur = seat
    s.phase = PLAY
    if not s.hands[seat] and not s.jesters_left and not can_yield(s, seat):
        lose(s, seat, "stuck")


def lose(s, seat, reason):
    s.phase = OVER
    s.result = "lost"
    s.log = ((lost_entry, s.game.players[seat], reason), s.log)


# --- step 1: play -----------------------------------------------------------------------------


def play(s, seat, action):
    """Steps 1-3 of a play (a legal one), then step 4 or a new turn."""
    g = s.game
    hands = list(s.hands)
    hands[seat] ^= action.mask
    s.hands = tuple(hands)
    if s.yielded:
        s.yielded &= ~(1 << seat)
    s.table = (*s.table, (seat, action.bits))
    powers = action.suits
    if powers == JESTER_SUITS:  # a Jester, always alone
        jester(s, seat, action.names[0])
        return
    attack = action.value
    health, strength, suit, letter = FOE[s.enemy]
    immune = healed = drawn = shield = None
    if powers & suit and not s.jester:  # the enemy's own suit: no power while it is immune
        immune = letter
        if suit == SPADES:  # kept aside: they shield once a Jester cancels the immunity
            s.blocked += attack
        powers ^= suit
    # step 2: the suit powers, Hearts before Diamonds
    if powers & HEARTS:
        healed = heal(s, attack)
    if powers & DIAMONDS:
        drawn = draw_round(s, seat, attack)
    if powers & SPADES:
        s.shield += attack
        shield = attack
    damage = attack * 2 if powers & CLUBS else attack
    s.log = (
        (play_entry, g.players[seat], action.names, attack, immune, healed, drawn, shield, damage),
        s.log,
    )
    # step 3: damage, and the enemy falls at its health or more
    total = s.damage = s.damage + damage
    if total >= health:
        defeat(s, seat, total == health)
    else:
        suffer(s, seat, strength)


def jester(s, seat, card):
    """A Jester: immunity cancelled until the enemy falls; no steps 3-4; its player names
    who plays next."""
    shield = None
    if not s.jester:
        s.jester = True
        if s.blocked:  # a Spades enemy: the Spades already played now count
            shield = s.blocked
            s.shield += shield
            s.blocked = 0
    s.log = ((jester_entry, s.game.players[seat], card, shield), s.log)
    s.phase = CHOOSE


def heal(s, count):
    """Hearts: shuffle the discard pile, put ``count`` of its cards under the Tavern."""
    discard = list(s.discard)
    if not discard or not count:
        return 0
    s.ctr = shuffle_at(s.game.key, s.ctr, discard)
    moved = discard[:count]
    s.tavern = (*s.tavern, *moved)
    s.discard = tuple(discard[count:])
    return len(moved)


def draw_round(s, seat, count):
    """Diamonds: one card at a time clockwise from ``seat``, skipping full hands, until
    ``count`` cards are drawn, no hand can take one or the Tavern is empty."""
    g = s.game
    n, cap = g.n, g.max_hand
    tavern = s.tavern
    if n == 1:  # solo: the whole draw at once
        hand = s.hands[0]
        pos = min(count, cap - hand.bit_count(), len(tavern))
        if pos > 0:
            s.hands = (hand | sum(tavern[:pos]),)
            s.tavern = tavern[pos:]
            return pos
        return 0
    hands = list(s.hands)
    room = [cap - h.bit_count() for h in hands]
    pos = 0
    total = len(tavern)
    skipped = 0
    while count and pos < total:
        if room[seat] > 0:
            room[seat] -= 1
            hands[seat] |= tavern[pos]
            pos += 1
            count -= 1
            skipped = 0
        else:
            skipped += 1
            if skipped == n:
                break
        seat += 1
        if seat == n:
            seat = 0
    if pos:
        s.hands = tuple(hands)
        s.tavern = tavern[pos:]
    return pos


# --- step 3: an enemy falls -------------------------------------------------------------------

_cards_of = itemgetter(1)  # a play on the table -> its cards


def defeat(s, seat, exact):
    g = s.game
    enemy = s.enemy
    s.log = ((defeat_entry, g.players[seat], enemy, exact), s.log)
    table = s.table
    played = table[0][1] if len(table) == 1 else tuple(chain.from_iterable(map(_cards_of, table)))
    if exact:  # face down on top of the Tavern
        s.tavern = (BIT[enemy], *s.tavern)
        s.discard = s.discard + played
    else:
        s.discard = (*s.discard, BIT[enemy], *played)
    s.table = ()
    s.damage = s.shield = s.blocked = 0
    s.jester = False
    if not s.castle:
        s.enemy = None
        s.phase = OVER
        s.result = "won"
        s.log = ((won_entry, medal(s)), s.log)
        return
    s.enemy = s.castle[0]
    s.castle = s.castle[1:]
    s.log = ((enemy_entry, s.enemy, len(s.castle)), s.log)
    start_turn(s, seat)  # the killer plays again, from step 1


def medal(s):
    if not s.game.solo:
        return None
    return ("bronze", "silver", "gold")[s.jesters_left]


# --- step 4: the enemy strikes back -----------------------------------------------------------


def suffer(s, seat, strength):
    """Step 4: the enemy (of attack ``strength``) attacks ``seat``, less the shields."""
    attack = strength - s.shield
    if attack < 0:
        attack = 0
    s.log = ((attack_entry, s.enemy, s.game.players[seat], attack), s.log)
    if attack == 0:
        next_turn(s, seat)
        return
    s.phase = DISCARD
    s.cover = attack
    if not s.jesters_left and hand_value(s.hands[seat]) < attack:
        lose(s, seat, "cover")


def yield_turn(s, seat, action=None):
    s.yielded |= 1 << seat
    s.log = ((yield_entry, s.game.players[seat]), s.log)
    suffer(s, seat, FOE[s.enemy][1])


def discard(s, seat, action):
    hands = list(s.hands)
    hands[seat] ^= action.mask
    s.hands = tuple(hands)
    s.discard = s.discard + action.bits  # in the canonical order, as the log lists them
    s.log = ((discard_entry, s.game.players[seat], action.names, action.value), s.log)
    s.cover = 0
    next_turn(s, seat)


def next_turn(s, seat):
    seat += 1
    if seat == s.game.n:
        seat = 0
    start_turn(s, seat)


# --- the Jester's choice and the solo Jesters --------------------------------------------------


def choose_next(s, seat, action):
    chosen = action.value
    g = s.game
    s.log = ((choose_next_entry, g.players[seat], g.players[chosen]), s.log)
    start_turn(s, chosen)


def flip_jester(s, seat, action=None):
    """Solo: discard the hand and draw back to the maximum hand size (not a Diamonds draw:
    it works against a Diamonds enemy; it does not cancel immunity)."""
    g = s.game
    discarded = bits_of(s.hands[seat])
    s.discard = s.discard + discarded
    count = min(g.max_hand, len(s.tavern))
    drawn = s.tavern[:count]
    s.tavern = s.tavern[count:]
    hands = list(s.hands)
    hands[seat] = sum(drawn)
    s.hands = tuple(hands)
    s.jesters_left -= 1
    entry = (flip_jester_entry, g.players[seat], discarded, count, s.jesters_left)
    s.log = (entry, s.log)
    if s.phase == PLAY:
        start_turn(s, seat)
    elif not s.jesters_left and hand_value(s.hands[seat]) < s.cover:
        lose(s, seat, "cover")
