"""Resigning: a player leaves the game at once, whatever moment is open (see "Resigning"
in the package docstring)."""

from games.engines.complots import extensions, flow
from games.engines.complots.frames import (
    ACTOR,
    ANNOUNCE,
    BLACKMAIL,
    BLOCK,
    BY,
    CANDIDATES,
    CHALLENGE,
    CHOOSE,
    CLAIMANT,
    COUNT,
    EXAMINE,
    GIVE,
    KIND,
    PLAGUE,
    POOREST,
    PURPOSE,
    SHOW,
    SPLIT,
    STEP,
    TARGET,
    TOTAL,
    WAITING,
)
from games.engines.complots.state import ALIVE, PENDING_LOSS, REVEALED


def resign(s, seat):
    """``seat`` leaves the game at once (see "Resigning" in the package docstring).

    Their face-down cards are turned face up (a card lost face down to the Sorcière stays
    hidden), then they are eliminated like anyone else (Or to the Trésor or a Croque-Mort
    window, La Peste/Le Mendiant back to the centre, a last survivor wins). The open moment
    is adjusted here; everything else is the usual handling of eliminated players (``run``
    drops them from windows and lapses their decisions, ruling 9 stops actions whose actor
    or target is gone).
    """
    g = s.game
    name = g.players[seat]
    s.log = ({"event": "resign", "player": name}, s.log)
    stack = s.stack
    if stack and stack[-1][KIND] == CHOOSE:
        # two-player setup: the game ends now; whoever has not chosen yet gets the default
        # card (the first of their pile), so that every hand is complete
        s.mine()
        for i in stack[-1][WAITING]:
            s.hands[i] = s.hands[i] + ((s.piles[i][0], ALIVE),)
            s.lives[i] += 1
        stack.pop()
    hand = s.hands[seat]
    cards = []
    for c, st in hand:
        if st == ALIVE or st == PENDING_LOSS:
            s.log = ({"event": "lose", "player": name, "character": c}, s.log)
            st = REVEALED
        cards.append((c, st))
    s.mine()
    s.hands[seat] = tuple(cards)
    s.lives[seat] = 0
    if stack:
        f = stack[-1]
        k = f[KIND]
        if k == CHALLENGE and f[CLAIMANT] == seat:
            stack.pop()  # their claim is abandoned: it fails, nobody challenges it
            flow.set_result(s, 0)
        elif k == BLOCK and f[ACTOR] == seat:
            stack.pop()  # nobody needs to block an action that stops
        elif (
            k == ANNOUNCE
            and f[PURPOSE] == "act"
            and len(stack) > 1
            and stack[-2].get(ACTOR) == seat
        ):
            stack.pop()  # no counter-announcement against an action that stops
        elif k in (SHOW, BLACKMAIL) and f[BY] == seat:
            stack.pop()  # the Inquisiteur / Maître-Chanteur is gone: nothing more happens
        elif k == EXAMINE and f[TARGET] == seat:
            stack.pop()  # the examined player is gone: the Inquisiteur has nothing to decide
        elif k == GIVE and seat in f[CANDIDATES]:
            cand = tuple(i for i in f[CANDIDATES] if i != seat)
            if cand:
                stack[-1] = {**f, CANDIDATES: cand, COUNT: min(f[COUNT], len(cand))}
            else:
                stack.pop()
        elif k == PLAGUE and seat in f[CANDIDATES]:
            cand = tuple(i for i in f[CANDIDATES] if i != seat)
            if cand:
                stack[-1] = {**f, CANDIDATES: cand}
            else:
                stack.pop()
                s.plague = -1
        elif k == SPLIT and (seat in f[CANDIDATES] or seat in f.get(POOREST, ())):
            _resign_split(s, f, seat)
    flow.eliminate(s, seat)


def _resign_split(s, f, seat):
    """A Justicier's split loses a tied player who resigned."""
    cand = tuple(i for i in f[CANDIDATES] if i != seat)
    frame = {**f, CANDIDATES: cand}
    if POOREST in f:
        frame[POOREST] = tuple(i for i in f[POOREST] if i != seat)
    if f[STEP] == "take":
        frame[TOTAL] = min(f[TOTAL], sum(s.coins[i] for i in cand))
    if cand and frame[TOTAL]:
        s.stack[-1] = frame
        return
    s.stack.pop()
    if f[STEP] == "take":
        extensions.justicier_give(s, f[WAITING][0], 0, frame[POOREST])
