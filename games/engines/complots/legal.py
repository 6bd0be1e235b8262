"""Legal actions and default actions, moment by moment.

One function per moment, ``f(state, top frame, seat)`` (``dispatch.LEGAL`` and
``dispatch.DEFAULT`` list them): the legal ones return the shared, read-only ``Action``
dicts (often a cached tuple); ``engine.legal_actions`` hands them out as they are.
"""

from itertools import combinations

from games.engines.complots import flow
from games.engines.complots.characters import MIN_COINS, PACT_RESTRICTED
from games.engines.complots.frames import (
    ANNOUNCED,
    CAN_BLOCK,
    CANDIDATES,
    COUNT,
    DRAWN,
    STEP,
    TOTAL,
)
from games.engines.complots.state import ALIVE, Action, ReadOnlyList

# coins -> the thresholds that change the turn actions: 1 (beggar, convert), 2 (convert),
# 3 (3-Or powers), 5 (plague), 7 (coup), 10+ (coup only)
_BUCKETS = (0, 1, 2, 3, 3, 4, 4, 5, 5, 5)


def _hostile(s, seat, opponents):
    if flow.divided(s):
        rel = s.religion
        mine = rel[seat]
        return [i for i in opponents if rel[i] != mine]
    return opponents


def turn(s, f, seat):
    g = s.game
    coins = s.coins[seat]
    bucket = _BUCKETS[coins] if coins < 10 else 6
    key = (seat, bucket, bytes(s.lives))  # lives per seat: finer than alive flags, cheaper
    if g.sb:
        key = (*key, tuple(s.religion), s.hospice > 0)
    if g.tyr:
        key = (*key, s.plague < 0, s.beggar < 0)
    cache = g.t.turns
    acts = cache.get(key)
    if acts is None:
        if len(cache) > 200000:
            cache.clear()
        acts = cache[key] = _build_turn(s, seat)
    return acts


def _build_turn(s, seat):
    """The turn actions of ``seat``, in the order of the package docstring (cached by
    ``turn``)."""
    g = s.game
    t = g.t
    coins = s.coins[seat]
    lives = s.lives
    opponents = [i for i in range(g.n) if lives[i] and i != seat]
    # Saint-Barthélemy's pact: a divided table spares one's own religion
    hostile = _hostile(s, seat, opponents) if g.sb else opponents
    coup = t.coup
    # 10 Or or more: an Assassinat is the only action
    if coins >= 10:
        return tuple(coup[i] for i in hostile)
    # Revenu, Aide Étrangère, then an Assassinat with 7 Or
    acts = [t.income, t.foreign_aid]
    if coins >= 7:
        acts.extend([coup[i] for i in hostile])
    # the powers of the characters in play, in their order
    power = t.power
    power_t = t.power_t
    for c in g.characters:
        p = power.get(c)
        if p is not None:
            acts.append(p)
        pt = power_t.get(c)
        if pt is not None and coins >= MIN_COINS.get(c, 0):
            acts.extend([pt[i] for i in (hostile if c in PACT_RESTRICTED else opponents)])
        if c == "inquisiteur":
            examine = t.examine
            acts.extend([examine[i] for i in opponents])
    # Saint-Barthélemy: conversions (only while divided) and the Abus de confiance
    if g.sb:
        if flow.divided(s):
            convert = t.convert
            if coins >= 1:
                acts.append(convert[seat])
            if coins >= 2:
                acts.extend([convert[i] for i in opponents])
        if s.hospice:  # an empty Hospice: it would only pass the turn (ruling 36)
            acts.append(t.abuse)
    # Tyrannie: La Peste and Le Mendiant, while in the centre
    if g.tyr:
        if s.plague < 0 and coins >= 5:
            acts.extend([t.plague[i] for i in opponents])
        if s.beggar < 0 and coins >= 1:
            acts.extend([t.beggar[i] for i in opponents])
    return tuple(acts)


def default_turn(s, f, seat):
    g = s.game
    if s.coins[seat] < 10:
        return g.t.income
    acts = turn(s, f, seat)
    targets = {a["target"] for a in acts}
    for k in range(1, g.n):
        p = g.players[(seat + k) % g.n]
        if p in targets:
            return g.t.coup[(seat + k) % g.n]
    return acts[0]


def challenge_or_pass(s, f, seat):
    return s.game.t.chal_list


def pass_(s, f, seat):
    return s.game.t.pass_


def block(s, f, seat):
    t = s.game.t
    chars = f[CAN_BLOCK]
    acts = t.block_lists.get(chars)
    if acts is None:
        acts = t.block_lists[chars] = (*[t.block[c] for c in chars], t.pass_)
    return acts


def _live_distinct(s, seat):
    out = []
    for c, st in s.hands[seat]:
        if st == ALIVE and c not in out:
            out.append(c)
    return out


def lose(s, f, seat):
    t = s.game.t
    return [t.lose[c] for c in _live_distinct(s, seat)]


def default_lose(s, f, seat):
    return s.game.t.lose[_live_distinct(s, seat)[0]]


def exchange(s, f, seat):
    live = [c for c, st in s.hands[seat] if st == ALIVE]
    pool = tuple(sorted(live + list(f[DRAWN])))
    key = (pool, len(live))
    cache = s.game.t.exchanges
    acts = cache.get(key)
    if acts is None:
        if len(cache) > 4096:
            cache.clear()
        combos = sorted(set(combinations(pool, len(live))))
        acts = cache[key] = tuple(
            Action({"type": "exchange", "keep": ReadOnlyList(c)}) for c in combos
        )
    return acts


def default_exchange(s, f, seat):
    return Action({"type": "exchange", "keep": sorted(c for c, st in s.hands[seat] if st == ALIVE)})


def show(s, f, seat):
    t = s.game.t
    return [t.show[c] for c in _live_distinct(s, seat)]


def default_show(s, f, seat):
    return s.game.t.show[_live_distinct(s, seat)[0]]


_GIVE_BACK = Action({"type": "give_back"})
_FORCE_DISCARD = Action({"type": "force_discard"})


def examine(s, f, seat):
    return [_GIVE_BACK, _FORCE_DISCARD]


def default_examine(s, f, seat):
    return _GIVE_BACK


def announce(s, f, seat):
    t = s.game.t
    return [t.announce[f[ANNOUNCED]], t.pass_]


def give(s, f, seat):
    players = s.game.players
    return [
        Action({"type": "give", "to": [players[i] for i in combo]})
        for combo in combinations(f[CANDIDATES], f[COUNT])
    ]


def default_give(s, f, seat):
    return give(s, f, seat)[0]


def compositions(total, caps):
    """Every way to write ``total`` as parts bounded by ``caps``, first parts largest first."""
    if len(caps) == 1:
        return [(total,)] if total <= caps[0] else []
    out = []
    rest_cap = sum(caps[1:])
    for first in range(min(total, caps[0]), -1, -1):
        if total - first > rest_cap:
            break
        for tail in compositions(total - first, caps[1:]):
            out.append((first, *tail))
    return out


def split(s, f, seat):
    players = s.game.players
    cand = f[CANDIDATES]
    total = f[TOTAL]
    if f[STEP] == "take":
        caps = [s.coins[i] for i in cand]
    else:
        caps = [total] * len(cand)
    return [
        Action(
            {"type": "split", "amounts": {players[i]: n for i, n in zip(cand, parts, strict=True)}}
        )
        for parts in compositions(total, caps)
    ]


def default_split(s, f, seat):
    return split(s, f, seat)[0]


_PAY = Action({"type": "blackmail_choice", "pay": True})
_REFUSE = Action({"type": "blackmail_choice", "pay": False})


def blackmail(s, f, seat):
    if s.coins[seat] >= 3:
        return [_PAY, _REFUSE]
    return [_REFUSE]


def default_blackmail(s, f, seat):
    return blackmail(s, f, seat)[0]


_SPY_AGAIN = Action({"type": "spy_again"})
_SPY_STOP = Action({"type": "spy_stop"})


def spy(s, f, seat):
    return [_SPY_AGAIN, _SPY_STOP]


def default_spy(s, f, seat):
    return _SPY_STOP


def plague(s, f, seat):
    t = s.game.t
    return [t.pass_plague[i] for i in f[CANDIDATES]]


def default_plague(s, f, seat):
    return plague(s, f, seat)[0]


def choose(s, f, seat):
    t = s.game.t
    pile = s.piles[seat]
    acts = t.choose_lists.get(pile)
    if acts is None:
        out = []
        for c in pile:
            if c not in out:
                out.append(c)
        acts = t.choose_lists[pile] = tuple(t.choose[c] for c in out)
    return acts


def default_choose(s, f, seat):
    return choose(s, f, seat)[0]
