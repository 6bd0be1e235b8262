"""Running the game between decisions: the automatic frames, and the turn's action.

After every applied decision the engine calls ``run``: it starts the next turn when the stack
is empty, takes the turn's action (an ``ACT`` frame) one stage further with the handlers that
``dispatch`` lists for its power, runs the challenge windows of counter-announcements
(``ANNOUNCE_RESULTS``), and drops eliminated players from the decision on top, until a
decision is needed or the game is over.
"""

from games.engines.complots import announcements, flow
from games.engines.complots.characters import POWERS
from games.engines.complots.dispatch import (
    AFTER_CLAIM,
    BLOCKERS,
    LAPSE,
    ON_BLOCKED,
    RESOLVE,
    STAGES,
)
from games.engines.complots.frames import (
    ACT,
    ACTOR,
    ANNOUNCE,
    ANNOUNCE_RESULTS,
    BLOCK,
    BLOCKED_WITH,
    BLOCKER,
    CAN_BLOCK,
    CHALLENGE,
    CHOOSE,
    DRAWN,
    EXCHANGE,
    KIND,
    POWER,
    RESULT,
    STAGE,
    TARGET,
    WAITING,
)


def run(s):
    """Run automatic frames until a decision is needed or the game is over."""
    stack = s.stack
    while True:
        if s.winner >= 0:
            for f in stack:
                if f[KIND] == EXCHANGE:  # a resignation ended the game mid-exchange
                    s.shuffle_court(f[DRAWN])
            stack.clear()
            return
        if not stack:
            flow.start_turn(s, flow.next_alive(s, s.cur))
            continue
        f = stack[-1]
        k = f[KIND]
        if k == ACT:
            run_action(s, f)
        elif k == ANNOUNCE_RESULTS:
            announcements.run_announcements(s, f)
        else:  # a decision: wait for it, unless some of the players it waits for are gone
            lives = s.lives
            for i in f[WAITING]:
                if not lives[i]:
                    _drop_dead(s, f)
                    break
            else:
                return


def _drop_dead(s, f):
    """Take eliminated players out of the decision frame ``f`` (the top one).

    A window goes on with the living; a window or decision left with nobody ends as if
    everyone had passed (a claim stands, announcements close), a forced decision of an
    eliminated player lapses (drawn cards go back to the Court).
    """
    lives = s.lives
    waiting = tuple(i for i in f[WAITING] if lives[i])
    if waiting and f[KIND] in (CHALLENGE, BLOCK, ANNOUNCE, CHOOSE):
        s.stack[-1] = {**f, WAITING: waiting}
        return
    s.stack.pop()
    lapse = LAPSE.get(f[KIND])
    if lapse is not None:
        lapse(s, f)


# -- the ``ACT`` frame: the turn's action, stage by stage ------------------------------------


def run_action(s, f):
    """Take the turn's action one stage further."""
    if not s.lives[f[ACTOR]]:
        s.stack.pop()  # the active player was eliminated: the action does nothing more
        return
    st = f[STAGE]
    if st == "claim":
        f = dict(f)
        res = f.pop(RESULT, 1)
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
    STAGES[st](s, f)  # a Complots 2 stage


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
