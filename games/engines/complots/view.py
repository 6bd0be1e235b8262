"""``view(state, player)``: what one player (or a spectator) may know, as plain JSON."""

from games.engines.base import N_
from games.engines.complots.flow import divided
from games.engines.complots.frames import (
    ACT,
    ANNOUNCE,
    ANNOUNCED,
    ANNOUNCERS,
    BLACKMAIL,
    BLOCK,
    BLOCKED_WITH,
    BLOCKER,
    BY,
    CAN_BLOCK,
    CANDIDATES,
    CHALLENGE,
    CHOOSE,
    CLAIM_KIND,
    CLAIMANT,
    CLAIMED,
    COUNT,
    DEAD,
    DRAWN,
    EXAMINE,
    EXCHANGE,
    GIVE,
    HOLDER,
    KIND,
    LOSE,
    PLAGUE,
    PLAYED,
    PURPOSE,
    REASON,
    SHOW,
    SHOWN,
    SPLIT,
    SPY,
    STEP,
    TARGET,
    TOTAL,
    TURN,
    WAITING,
)
from games.engines.complots.state import (
    ALIVE,
    REVEALED,
    copy_entry,
    log_entries,
    private_to,
)

_MOMENTS = {
    TURN: "turn",
    CHALLENGE: "challenge",
    BLOCK: "block",
    LOSE: "lose",
    EXCHANGE: "exchange",
    SHOW: "show",
    EXAMINE: "examine",
    ANNOUNCE: "announce",
    GIVE: "give",
    SPLIT: "split",
    BLACKMAIL: "blackmail",
    SPY: "spy",
    PLAGUE: "plague",
    CHOOSE: "choose",
}


def _card(character, status, mine):
    if status == REVEALED:
        return {"character": character, "revealed": True, "lost": True}
    if status == ALIVE:
        return {"character": character if mine else None, "revealed": False, "lost": False}
    # HIDDEN_LOST or PENDING_LOSS: no life, face down
    return {"character": character if mine else None, "revealed": False, "lost": True}


def _act_frame(stack):
    for f in reversed(stack):
        if f[KIND] == ACT:
            return f
    return None


_TURN_ACTIONS = {
    "claim",
    "coup",
    "foreign_aid",
    "income",
    "abuse_of_trust",
    "plague",
    "beggar",
    "convert",
}


def _turn_action(s):
    """The current turn's action as played, read back from the public log."""
    found = None
    log = s.log
    while log is not None:
        entry = log[0]
        event = entry["event"]
        if event == "turn":
            break
        if event in _TURN_ACTIONS:
            found = entry
        log = log[1]
    if found is None:
        return None
    event = found["event"]
    if event == "claim":
        action = {"type": "power", "character": found["character"]}
        if "mode" in found:
            action["mode"] = found["mode"]
        if "target" in found:
            action["target"] = found["target"]
        return action
    action = {"type": event}
    if "target" in found:
        action["target"] = found["target"]
    return action


def _pending(s, seat):
    if not s.stack:
        return None
    g = s.game
    players = g.players
    f = s.stack[-1]
    k = f[KIND]
    act = _act_frame(s.stack)
    pending = {
        "moment": _MOMENTS[k],
        "player": players[s.cur] if k != CHOOSE else None,
        "action": dict(act[PLAYED]) if act is not None else _turn_action(s),
        "claim": None,
        "block": None,
        "waiting_for": [players[i] for i in f[WAITING]],
    }
    if act is not None and BLOCKER in act:
        pending["block"] = {"player": players[act[BLOCKER]], "character": act[BLOCKED_WITH]}
    if k == CHALLENGE:
        pending["claim"] = {
            "player": players[f[CLAIMANT]],
            "character": f[CLAIMED],
            "kind": f[CLAIM_KIND],
        }
    elif k == LOSE:
        pending["decider"] = players[f[WAITING][0]]
        pending["reason"] = f[REASON]
    elif k == BLOCK:
        pending["blockers"] = list(f[CAN_BLOCK])
    elif k == ANNOUNCE:
        pending["announce"] = f[ANNOUNCED]
        pending["announcers"] = [players[i] for i in f[ANNOUNCERS]]
        if f[PURPOSE] == "croque_mort":
            pending["eliminated"] = players[f[DEAD]]
        if f[PURPOSE] in ("sorciere", "plague"):
            pending["decider"] = players[f[HOLDER]]
    elif k in (EXCHANGE, SHOW, EXAMINE, BLACKMAIL, SPY):
        pending["decider"] = players[f[WAITING][0]]
        if k == EXCHANGE:
            pending["drawn"] = len(f[DRAWN])
        elif k == SHOW:
            pending["inquisiteur"] = players[f[BY]]
        elif k == EXAMINE:
            pending["target"] = players[f[TARGET]]
        elif k == BLACKMAIL:
            pending["blackmailer"] = players[f[BY]]
    elif k == GIVE:
        pending["decider"] = players[f[WAITING][0]]
        pending["count"] = f[COUNT]
        pending["candidates"] = [players[i] for i in f[CANDIDATES]]
    elif k == SPLIT:
        pending["decider"] = players[f[WAITING][0]]
        pending["step"] = f[STEP]
        pending["total"] = f[TOTAL]
        pending["candidates"] = [players[i] for i in f[CANDIDATES]]
    elif k == PLAGUE:
        pending["decider"] = players[f[WAITING][0]]
        pending["candidates"] = [players[i] for i in f[CANDIDATES]]
    return pending


def _private(s, seat):
    out = {}
    if seat is None or not s.stack:
        return out
    f = s.stack[-1]
    k = f[KIND]
    if k == CHOOSE and seat in f[WAITING]:
        out["pile"] = list(s.piles[seat])
    elif k == EXCHANGE and f[WAITING][0] == seat:
        out["drawn"] = list(f[DRAWN])
    elif k == EXAMINE and f[WAITING][0] == seat:
        out["shown"] = {"player": s.game.players[f[TARGET]], "character": f[SHOWN]}
    elif k == EXAMINE and f[TARGET] == seat:
        out["shown_by_me"] = f[SHOWN]
    return out


def _log_for(log, player):
    """The log as ``player`` sees it: every public entry, and the private ones meant for
    them (nobody else's, and none for a spectator)."""
    out = []
    for e in log_entries(log):
        to = private_to(e)
        if to is None or to == player:
            out.append(copy_entry(e))
    return out


def view_for(s, seat):
    g = s.game
    players = g.players
    out_players = []
    for i, p in enumerate(players):
        mine = i == seat
        entry = {
            "id": p,
            "coins": s.coins[i],
            "alive": s.lives[i] > 0,
            "lives": s.lives[i],
            "cards": [_card(c, st, mine) for c, st in s.hands[i]],
        }
        if g.sb:
            entry["religion"] = s.religion[i]
        out_players.append(entry)
    stack = s.stack
    view = {
        "players": out_players,
        "treasury": s.treasury,
        "court_size": len(s.court),
        "current_player": players[s.cur] if s.turn else None,
        "waiting_for": [players[i] for i in stack[-1][WAITING]] if stack else [],
        "characters": list(g.characters),
        "log": _log_for(s.log, players[seat] if seat is not None else None),
        "options": {"saint_barthelemy": g.sb, "tyrannie": g.tyr},
        "turn": s.turn,
        "pending": _pending(s, seat),
        "private": _private(s, seat),
        "outcome": {"winners": [players[s.winner]]} if s.winner >= 0 else None,
    }
    if g.sb:
        view["hospice"] = s.hospice
        view["divided"] = divided(s)
    if g.tyr:
        view["tyrannie"] = {
            "plague": players[s.plague] if s.plague >= 0 else None,
            "beggar": players[s.beggar] if s.beggar >= 0 else None,
        }
    return view


# Log entries of other players' answers to an open question: they leave it open for the rest.
ANSWERS = ("announce", "pass")


def decision_facts(s, seat, legal):
    """What ``decision_key`` hashes for ``seat``: the question and what it rests on.

    Left out, because another player's answer to the same question changes them without
    changing this one: who is still waited for, the announcers so far of a counter-announcement
    window, the ``announce`` and ``pass`` log entries (other players' answers to the same
    question), the cards the other player took in the two-player ``choose`` step. Everything
    else that can change a decision moves the turn number, the count of the other log
    entries, the open moment or the player's own cards.
    """
    g = s.game
    progress = 0
    log = s.log
    while log is not None:
        if log[0]["event"] not in ANSWERS:
            progress += 1
        log = log[1]
    pending = _pending(s, seat)
    if pending is not None:
        pending.pop("waiting_for", None)
        pending.pop("announcers", None)
    others = [
        [s.coins[i], s.lives[i] > 0, sorted(c for c, st in s.hands[i] if st == REVEALED)]
        for i in range(g.n)
        if i != seat
    ]
    return {
        "player": g.players[seat],
        "turn": s.turn,
        "log": progress,
        "pending": pending,
        "private": _private(s, seat),
        "mine": [s.coins[seat], [_card(c, st, True) for c, st in s.hands[seat]]],
        "others": others,
        "treasury": s.treasury,
        "court": len(s.court),
        "hospice": s.hospice if g.sb else None,
        "religion": list(s.religion) if g.sb else None,
        "tyrannie": [s.plague, s.beggar] if g.tyr else None,
        "winner": s.winner,
        "legal": legal,
    }


def why_illegal(s, seat, action):
    """A readable reason why ``action`` is not legal for ``seat`` now: an ``N_`` template
    and its parameters, ``IllegalAction(*why_illegal(...))``."""
    try:
        return _why(s, seat, action)
    except Exception:  # noqa: BLE001 - garbage input must still give a readable refusal
        return N_("This action is malformed or not legal now"), {}


def _why(s, seat, action):
    g = s.game
    kind = action.get("type")
    if s.winner >= 0:
        return N_("The game is over"), {}
    if not s.stack or seat not in s.stack[-1][WAITING]:
        return N_("You have nothing to play now: wait for your turn or for a window"), {}
    f = s.stack[-1]
    k = f[KIND]
    moment = _MOMENTS[k]
    if not isinstance(kind, str):
        return N_("An action needs a 'type'"), {}
    for key, value in action.items():
        if not isinstance(key, str):
            return N_("Action keys must be strings"), {}
        if isinstance(value, (dict, set)) and key not in ("amounts",):
            return N_("%(key)s has the wrong type"), {"key": repr(key)}
        if isinstance(value, list) and key not in ("keep", "to"):
            return N_("%(key)s has the wrong type"), {"key": repr(key)}
    target = action.get("target")
    if "target" in action and target not in g.seat:
        return N_("Unknown target %(target)s"), {"target": repr(target)}
    character = action.get("character")
    if "character" in action and character not in g.charset and kind != "announce":
        return N_("%(character)s is not one of the characters in play"), {
            "character": repr(character)
        }
    if k == TURN:
        if s.coins[seat] >= 10 and kind != "coup":
            return N_("With 10 Or or more you must play an Assassinat (coup)"), {}
        if kind == "coup" and s.coins[seat] < 7:
            return N_("An Assassinat costs 7 Or"), {}
        if kind == "power" and character in ("assassin", "bourreau", "maitre_chanteur"):
            if s.coins[seat] < 3:
                return N_("This power costs 3 Or"), {}
        if target == g.players[seat]:
            return N_("You cannot target yourself"), {}
        if target is not None and g.seat.get(target) is not None and not s.lives[g.seat[target]]:
            return N_("That player is already eliminated"), {}
        return N_("%(kind)s is not a legal action for your turn (check its keys and target)"), {
            "kind": repr(kind)
        }
    if k == BLOCK and kind == "block":
        return N_("That character cannot block this action"), {}
    if k == CHALLENGE and kind not in ("challenge", "pass"):
        return N_("A claim is open: you may only challenge or pass"), {}
    return N_("%(kind)s is not a legal action now (the moment is %(moment)s)"), {
        "kind": repr(kind),
        "moment": repr(moment),
    }
