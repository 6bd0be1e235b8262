"""What the turn's action does: the ``act`` frame, from its claim to its resolution.

An ``ACT`` frame (fields named in ``frames``) holds the ``ACTOR``, the ``POWER`` (a
character, ``"foreign_aid"`` or ``"abuse_of_trust"``), the ``TARGET`` seat or -1, the
Inquisiteur's ``MODE`` or None, the ``STAGE`` and the action as ``PLAYED``. Stages:
``claim`` (its challenge window is above it), ``post`` (the claim stands: costs, then the
block or announcement window), ``blockwin`` (the block window, and the block's challenge
window, are done), then ``resolve``. Complots 2 characters add their own stages, handled in
``extensions``.
"""

from games.engines.complots import flow
from games.engines.complots.characters import DRAWS, POWERS
from games.engines.complots.frames import (
    ACT,
    ACTOR,
    BLOCK,
    BLOCKED_WITH,
    BLOCKER,
    BY,
    CAN_BLOCK,
    CARD_INDEX,
    CHALLENGE,
    DRAWN,
    EXAMINE,
    EXCHANGE,
    KIND,
    MODE,
    PLAYED,
    POWER,
    RESULT,
    SHOW,
    SHOWN,
    SPY,
    SPYING,
    STAGE,
    TARGET,
    WAITING,
)
from games.engines.complots.state import ALIVE, Action

# power key -> function(state, frame) resolving a standing, unblocked action
RESOLVE = {}
# power key -> function(state, frame) run when the claim stands (before any block window);
# returns the updated frame or None when the action ends there.
AFTER_CLAIM = {}
# power key -> function(state, frame) returning the seats allowed to block it
BLOCKERS = {}


def begin_action(s, f, seat, action):
    """Play a turn action (already validated); ``f`` is the turn frame (an apply handler)."""
    g = s.game
    players = g.players
    kind = action["type"]
    s.stack.pop()  # the "turn" frame
    if kind == "income":
        amount = 0
        if s.treasury:  # flow.gain(s, seat, 1, log=False), inlined
            amount = 1
            s.treasury -= 1
            s.mine()
            s.coins[seat] += 1
        s.log = ({"event": "income", "player": players[seat], "amount": amount}, s.log)
        return
    if kind == "coup":
        target = g.seat[action["target"]]
        s.log = ({"event": "coup", "player": players[seat], "target": players[target]}, s.log)
        flow.pay_treasury(s, seat, 7)
        flow.lose_life(s, target, "coup")
        return
    if kind == "foreign_aid":
        s.log = ({"event": "foreign_aid", "player": players[seat]}, s.log)
        s.stack.append(
            {
                KIND: ACT,
                ACTOR: seat,
                POWER: "foreign_aid",
                TARGET: -1,
                MODE: None,
                STAGE: "post",
                PLAYED: action if type(action) is Action else dict(action),
            }
        )
        return
    if kind == "power":
        character = action["character"]
        target = g.seat[action["target"]] if "target" in action else -1
        mode = action.get("mode")
        entry = {"event": "claim", "player": players[seat], "character": character}
        if target >= 0:
            entry["target"] = players[target]
        if mode is not None:
            entry["mode"] = mode
        s.add_log(entry)
        s.stack.append(
            {
                KIND: ACT,
                ACTOR: seat,
                POWER: character,
                TARGET: target,
                MODE: mode,
                STAGE: "claim",
                PLAYED: action if type(action) is Action else dict(action),
            }
        )
        flow.push_challenge(s, seat, character, "action")
        # a fresh window of living players: nothing runs before someone answers
        return False if s.stack[-1][KIND] == CHALLENGE else None
    EXTENSION_ACTIONS[0](s, seat, action)


def _act(s, f):
    if not s.lives[f[ACTOR]]:
        s.stack.pop()  # the active player was eliminated: the action does nothing more
        return
    st = f[STAGE]
    if st == "claim":
        f = dict(f)
        res = f.pop("res", 1)
        if not res:
            s.stack.pop()
            s.log = ({"event": "failed", "player": s.game.players[f[ACTOR]]}, s.log)
            return
        f[STAGE] = "post"
        s.stack[-1] = f
        _post_claim(s, f, owned=True)
        return
    if st == "post":
        _post_claim(s, f)
        return
    if st == "blockwin":
        if BLOCKER in f:
            if f.get(RESULT, 1):
                s.stack.pop()
                s.log = ({"event": "blocked", "player": s.game.players[f[ACTOR]]}, s.log)
                on_blocked = ON_BLOCKED.get(f[POWER])
                if on_blocked is not None:
                    on_blocked(s, f)
                return
        if RESULT in f or BLOCKER in f:
            f = {k: v for k, v in f.items() if k not in (RESULT, BLOCKER, BLOCKED_WITH)}
        else:
            f = f.copy()
        f[STAGE] = st = "resolve"
        s.stack[-1] = f
        # fall through: resolve now
    if st == "resolve":
        target = f[TARGET]
        if target >= 0 and not s.lives[target]:
            s.stack.pop()  # ruling 9: the target is gone, nothing more happens
            return
        RESOLVE[f[POWER]](s, f)
        return
    STAGES[st](s, f)


flow.AUTO["act"] = _act

# Filled by the extensions module (imported by the engine), so that this module needs not
# import it: the stages of Complots 2 powers after their claim, and the turn actions of
# Saint-Barthélemy and Tyrannie.
STAGES: dict = {}
EXTENSION_ACTIONS: list = [None]

ON_BLOCKED = {}


def _post_claim(s, f, owned=False):
    """``owned``: ``f`` is a fresh copy made by this apply (no need to copy it again)."""
    key = f[POWER]
    actor = f[ACTOR]
    target = f[TARGET]
    cost = POWERS.get(key, (False, 0))[1]
    if cost and key == "assassin":
        flow.pay_treasury(s, actor, cost)
    after = AFTER_CLAIM.get(key)
    if after is not None:
        f = after(s, f)
        if f is None:
            return
    if target >= 0 and not s.lives[target]:
        s.stack.pop()  # ruling 9: the target is gone, nothing more happens
        return
    blockers = s.game.blockers.get(key, ())
    who = ()
    if blockers:
        if target >= 0 and key != "inquisiteur":
            who = (target,)
        else:
            pick = BLOCKERS.get(key)
            if pick is not None:
                who = pick(s, f)
    if not owned:
        f = dict(f)
    if who:
        f[STAGE] = "blockwin"
        s.stack[-1] = f
        s.stack.append({KIND: BLOCK, WAITING: who, CAN_BLOCK: blockers, ACTOR: actor})
    else:
        f[STAGE] = "resolve"
        s.stack[-1] = f
        RESOLVE[key](s, f)  # what ``run`` would do next (actor and target are alive)


def _foreign_aid_blockers(s, f):
    actor = f[ACTOR]
    seats = flow.others_alive_seat_order(s, actor)
    if flow.divided(s):
        rel = s.religion
        seats = tuple(i for i in seats if rel[i] != rel[actor])
    return seats


BLOCKERS["foreign_aid"] = _foreign_aid_blockers


def block(s, f, seat, character):
    """``seat`` blocks the action below the block window ``f`` with ``character``."""
    s.stack.pop()
    act = dict(s.stack[-1])
    act[BLOCKER] = seat
    act[BLOCKED_WITH] = character
    s.stack[-1] = act
    players = s.game.players
    s.add_log(
        {
            "event": "block",
            "player": players[seat],
            "character": character,
            "against": players[act[ACTOR]],
        }
    )
    flow.push_challenge(s, seat, character, "block")


# -- resolutions -----------------------------------------------------------------------


def _resolve_foreign_aid(s, f):
    s.stack.pop()
    flow.gain(s, f[ACTOR], 2)


def _resolve_duchesse(s, f):
    s.stack.pop()
    flow.gain(s, f[ACTOR], 3)


def _resolve_assassin(s, f):
    s.stack.pop()
    flow.lose_life(s, f[TARGET], "assassin")


def _resolve_capitaine(s, f):
    s.stack.pop()
    flow.transfer(s, f[TARGET], f[ACTOR], 2, event="steal")


def _resolve_exchange(s, f):
    s.stack.pop()
    start_exchange(s, f[ACTOR], DRAWS[f[POWER]], spy=f[POWER] == "espion")


def start_exchange(s, seat, count, spy=False):
    drawn = s.draw(count)
    s.log = ({"event": "exchange", "player": s.game.players[seat], "drawn": len(drawn)}, s.log)
    s.stack.append({KIND: EXCHANGE, WAITING: (seat,), DRAWN: drawn, SPYING: spy})


def finish_exchange(s, f, seat, keep):
    """Keep ``keep`` (validated) among the live cards and the drawn ones; return the rest."""
    s.stack.pop()
    hand = s.hands[seat]
    pool = [c for c, st in hand if st == ALIVE]
    pool.extend(f[DRAWN])
    for c in keep:
        pool.remove(c)
    kept = iter(keep)
    s.mine()
    s.hands[seat] = tuple([(next(kept), ALIVE) if card[1] == ALIVE else card for card in hand])
    s.shuffle_court(pool)
    player = s.game.players[seat]
    s.log = ({"event": "kept", "player": player, "cards": list(keep), "only": player}, s.log)
    if f[SPYING] and s.coins[seat] >= 1 and s.court:
        s.stack.append({KIND: SPY, WAITING: (seat,)})


def _resolve_inquisiteur(s, f):
    if f[MODE] == "exchange":
        s.stack.pop()
        start_exchange(s, f[ACTOR], 1)
        return
    s.stack.pop()
    target = f[TARGET]
    if not s.lives[target]:
        return
    hand = s.hands[target]
    live = [i for i, (c, st) in enumerate(hand) if st == ALIVE]
    if len(live) == 1:  # a real choice is always asked for, even between twins
        show_card(s, f[ACTOR], target, live[0])
    else:
        s.stack.append({KIND: SHOW, WAITING: (target,), BY: f[ACTOR]})


def show_card(s, inquisiteur, target, index):
    players = s.game.players
    s.add_log(
        {
            "event": "seen",
            "player": players[target],
            "cards": [s.hands[target][index][0]],
            "only": players[inquisiteur],
        }
    )
    s.stack.append(
        {
            KIND: EXAMINE,
            WAITING: (inquisiteur,),
            TARGET: target,
            CARD_INDEX: index,
            SHOWN: s.hands[target][index][0],
        }
    )


def examine_decision(s, f, discard):
    s.stack.pop()
    players = s.game.players
    target = f[TARGET]
    s.add_log(
        {
            "event": "examine",
            "player": players[f[WAITING][0]],
            "target": players[target],
            "discarded": discard,
        }
    )
    if discard:
        flow.replace_card(s, target, f[CARD_INDEX])


RESOLVE.update(
    {
        "foreign_aid": _resolve_foreign_aid,
        "duchesse": _resolve_duchesse,
        "assassin": _resolve_assassin,
        "capitaine": _resolve_capitaine,
        "ambassadeur": _resolve_exchange,
        "espion": _resolve_exchange,
        "inquisiteur": _resolve_inquisiteur,
    }
)
