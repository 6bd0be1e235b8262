"""What the turn's action does: the ``act`` frame, from its claim to its resolution.

An ``act`` frame is ``{"k": "act", "a": actor, "key": power | "foreign_aid" |
"abuse_of_trust", "t": target seat or -1, "mode": Inquisiteur mode or None, "st": stage,
"action": the action as played}``. Stages: ``claim`` (its challenge window is above it),
``post`` (the claim stands: costs, then the block or announcement window), ``blockwin`` (the
block window, and the block's challenge window, are done), then ``resolve``. Complots 2
characters add their own stages, handled in ``extensions``.
"""

from games.engines.complots import flow
from games.engines.complots.characters import DRAWS, POWERS
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
                "k": "act",
                "a": seat,
                "key": "foreign_aid",
                "t": -1,
                "mode": None,
                "st": "post",
                "action": action if type(action) is Action else dict(action),
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
                "k": "act",
                "a": seat,
                "key": character,
                "t": target,
                "mode": mode,
                "st": "claim",
                "action": action if type(action) is Action else dict(action),
            }
        )
        flow.push_challenge(s, seat, character, "action")
        # a fresh window of living players: nothing runs before someone answers
        return False if s.stack[-1]["k"] == "chal" else None
    EXTENSION_ACTIONS[0](s, seat, action)


def _act(s, f):
    if not s.lives[f["a"]]:
        s.stack.pop()  # the active player was eliminated: the action does nothing more
        return
    st = f["st"]
    if st == "claim":
        f = dict(f)
        res = f.pop("res", 1)
        if not res:
            s.stack.pop()
            s.log = ({"event": "failed", "player": s.game.players[f["a"]]}, s.log)
            return
        f["st"] = "post"
        s.stack[-1] = f
        _post_claim(s, f, owned=True)
        return
    if st == "post":
        _post_claim(s, f)
        return
    if st == "blockwin":
        if "blocker" in f:
            if f.get("res", 1):
                s.stack.pop()
                s.log = ({"event": "blocked", "player": s.game.players[f["a"]]}, s.log)
                on_blocked = ON_BLOCKED.get(f["key"])
                if on_blocked is not None:
                    on_blocked(s, f)
                return
        if "res" in f or "blocker" in f:
            f = {k: v for k, v in f.items() if k not in ("res", "blocker", "bc")}
        else:
            f = f.copy()
        f["st"] = st = "resolve"
        s.stack[-1] = f
        # fall through: resolve now
    if st == "resolve":
        target = f["t"]
        if target >= 0 and not s.lives[target]:
            s.stack.pop()  # ruling 9: the target is gone, nothing more happens
            return
        RESOLVE[f["key"]](s, f)
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
    key = f["key"]
    actor = f["a"]
    target = f["t"]
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
        f["st"] = "blockwin"
        s.stack[-1] = f
        s.stack.append({"k": "block", "w": who, "chars": blockers, "a": actor})
    else:
        f["st"] = "resolve"
        s.stack[-1] = f
        RESOLVE[key](s, f)  # what ``run`` would do next (actor and target are alive)


def _foreign_aid_blockers(s, f):
    actor = f["a"]
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
    act["blocker"] = seat
    act["bc"] = character
    s.stack[-1] = act
    players = s.game.players
    s.add_log(
        {
            "event": "block",
            "player": players[seat],
            "character": character,
            "against": players[act["a"]],
        }
    )
    flow.push_challenge(s, seat, character, "block")


# -- resolutions -----------------------------------------------------------------------


def _resolve_foreign_aid(s, f):
    s.stack.pop()
    flow.gain(s, f["a"], 2)


def _resolve_duchesse(s, f):
    s.stack.pop()
    flow.gain(s, f["a"], 3)


def _resolve_assassin(s, f):
    s.stack.pop()
    flow.lose_life(s, f["t"], "assassin")


def _resolve_capitaine(s, f):
    s.stack.pop()
    flow.transfer(s, f["t"], f["a"], 2, event="steal")


def _resolve_exchange(s, f):
    s.stack.pop()
    start_exchange(s, f["a"], DRAWS[f["key"]], spy=f["key"] == "espion")


def start_exchange(s, seat, count, spy=False):
    drawn = s.draw(count)
    s.log = ({"event": "exchange", "player": s.game.players[seat], "drawn": len(drawn)}, s.log)
    s.stack.append({"k": "exch", "w": (seat,), "d": drawn, "spy": spy})


def finish_exchange(s, f, seat, keep):
    """Keep ``keep`` (validated) among the live cards and the drawn ones; return the rest."""
    s.stack.pop()
    hand = s.hands[seat]
    pool = [c for c, st in hand if st == ALIVE]
    pool.extend(f["d"])
    for c in keep:
        pool.remove(c)
    kept = iter(keep)
    s.mine()
    s.hands[seat] = tuple([(next(kept), ALIVE) if card[1] == ALIVE else card for card in hand])
    s.shuffle_court(pool)
    player = s.game.players[seat]
    s.log = ({"event": "kept", "player": player, "cards": list(keep), "only": player}, s.log)
    if f["spy"] and s.coins[seat] >= 1 and s.court:
        s.stack.append({"k": "spy", "w": (seat,)})


def _resolve_inquisiteur(s, f):
    if f["mode"] == "exchange":
        s.stack.pop()
        start_exchange(s, f["a"], 1)
        return
    s.stack.pop()
    target = f["t"]
    if not s.lives[target]:
        return
    hand = s.hands[target]
    live = [i for i, (c, st) in enumerate(hand) if st == ALIVE]
    if len(live) == 1:  # a real choice is always asked for, even between twins
        show_card(s, f["a"], target, live[0])
    else:
        s.stack.append({"k": "show", "w": (target,), "by": f["a"]})


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
        {"k": "exam", "w": (inquisiteur,), "t": target, "i": index, "c": s.hands[target][index][0]}
    )


def examine_decision(s, f, discard):
    s.stack.pop()
    players = s.game.players
    target = f["t"]
    s.add_log(
        {
            "event": "examine",
            "player": players[f["w"][0]],
            "target": players[target],
            "discarded": discard,
        }
    )
    if discard:
        flow.replace_card(s, target, f["i"])


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
