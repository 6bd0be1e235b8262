"""What the base game's turn actions and powers do, from their claim to their resolution.

An ``ACT`` frame (fields named in ``frames``) holds the ``ACTOR``, the ``POWER`` (a
character, ``"foreign_aid"`` or ``"abuse_of_trust"``), the ``TARGET`` seat or -1, the
Inquisiteur's ``MODE`` or None, the ``STAGE`` and the action as ``PLAYED``. Stages:
``claim`` (its challenge window is above it), ``post`` (the claim stands: costs, then the
block or announcement window), ``blockwin`` (the block window, and the block's challenge
window, are done), then ``resolve``. ``machine.run_action`` takes the frame from stage to
stage with the handlers ``dispatch`` lists; Complots 2 characters add their own stages, handled
in ``extensions``.
"""

from games.engines.complots import flow
from games.engines.complots.characters import DRAWS
from games.engines.complots.frames import (
    ACT,
    ACTOR,
    BLOCKED_WITH,
    BLOCKER,
    BY,
    CARD_INDEX,
    CHALLENGE,
    DRAWN,
    EXAMINE,
    EXCHANGE,
    KIND,
    MODE,
    PLAYED,
    POWER,
    SHOW,
    SHOWN,
    SPY,
    SPYING,
    STAGE,
    TARGET,
    WAITING,
)
from games.engines.complots.state import ALIVE, Action

# -- turn actions (decision handlers: see ``dispatch.APPLY``) ------------------------------


def _played(action):
    """The action kept in the ``ACT`` frame: a shared legal action as it is, else a copy."""
    return action if type(action) is Action else dict(action)


def income(s, f, seat, action):
    s.stack.pop()  # the turn frame
    amount = 0
    if s.treasury:  # flow.gain(s, seat, 1, log=False), without the call: the commonest action
        amount = 1
        s.treasury -= 1
        s.mine()
        s.coins[seat] += 1
    s.log = ({"event": "income", "player": s.game.players[seat], "amount": amount}, s.log)


def coup(s, f, seat, action):
    s.stack.pop()  # the turn frame
    g = s.game
    target = g.seat[action["target"]]
    s.log = ({"event": "coup", "player": g.players[seat], "target": g.players[target]}, s.log)
    flow.pay_treasury(s, seat, 7)
    flow.lose_life(s, target, "coup")


def foreign_aid(s, f, seat, action):
    """Aide Étrangère claims no character: straight to its block window (stage ``post``)."""
    s.stack.pop()  # the turn frame
    s.log = ({"event": "foreign_aid", "player": s.game.players[seat]}, s.log)
    s.stack.append(
        {
            KIND: ACT,
            ACTOR: seat,
            POWER: "foreign_aid",
            TARGET: -1,
            MODE: None,
            STAGE: "post",
            PLAYED: _played(action),
        }
    )


def claim_power(s, f, seat, action):
    """A character's power: claimed, then open to challenges (stage ``claim``)."""
    s.stack.pop()  # the turn frame
    g = s.game
    players = g.players
    character = action["character"]
    target = g.seat[action["target"]] if "target" in action else -1
    mode = action.get("mode")
    entry = {"event": "claim", "player": players[seat], "character": character}
    if target >= 0:
        entry["target"] = players[target]
    if mode is not None:
        entry["mode"] = mode
    s.log = (entry, s.log)
    s.stack.append(
        {
            KIND: ACT,
            ACTOR: seat,
            POWER: character,
            TARGET: target,
            MODE: mode,
            STAGE: "claim",
            PLAYED: _played(action),
        }
    )
    flow.push_challenge(s, seat, character, "action")
    # a fresh window of living players: nothing runs before someone answers
    return False if s.stack[-1][KIND] == CHALLENGE else None


def foreign_aid_blockers(s, f):
    """Every opponent (Saint-Barthélemy: of the other religion, when divided)."""
    actor = f[ACTOR]
    seats = flow.others_alive_seat_order(s, actor)
    if flow.divided(s):
        rel = s.religion
        seats = tuple(i for i in seats if rel[i] != rel[actor])
    return seats


def block(s, f, seat, action):
    """``seat`` blocks the action below the block window ``f`` with a character."""
    character = action["character"]
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


def resolve_foreign_aid(s, f):
    s.stack.pop()
    flow.gain(s, f[ACTOR], 2)


def resolve_duchesse(s, f):
    s.stack.pop()
    flow.gain(s, f[ACTOR], 3)


def resolve_assassin(s, f):
    s.stack.pop()
    flow.lose_life(s, f[TARGET], "assassin")


def resolve_capitaine(s, f):
    s.stack.pop()
    flow.transfer(s, f[TARGET], f[ACTOR], 2, event="steal")


def resolve_exchange(s, f):
    s.stack.pop()
    start_exchange(s, f[ACTOR], DRAWS[f[POWER]], spy=f[POWER] == "espion")


def start_exchange(s, seat, count, spy=False):
    drawn = s.draw(count)
    s.log = ({"event": "exchange", "player": s.game.players[seat], "drawn": len(drawn)}, s.log)
    s.stack.append({KIND: EXCHANGE, WAITING: (seat,), DRAWN: drawn, SPYING: spy})


def finish_exchange(s, f, seat, action):
    """Keep ``action["keep"]`` (validated) among the live cards and the drawn ones; the rest
    goes back into the Court."""
    keep = action["keep"]
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


def resolve_inquisiteur(s, f):
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


def show(s, f, seat, action):
    """The examined player shows the card the action names (the ``show`` decision)."""
    s.stack.pop()
    show_card(s, f[BY], seat, flow.first_live(s, seat, action["character"]))


def return_drawn(s, f):
    """An exchange lapsed (its player was eliminated): the drawn cards go back."""
    s.shuffle_court(f[DRAWN])


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


def examine_decision(s, f, seat, action):
    """The Inquisiteur gives the card back or forces a discard (the ``examine`` decision)."""
    discard = action["type"] == "force_discard"
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
        _replace_card(s, target, f[CARD_INDEX])


def _replace_card(s, seat, index):
    """The card at ``index`` goes into the Court, the Court is shuffled, a new card drawn."""
    hand = s.hands[seat]
    new = s.swap_with_court(hand[index][0])
    player = s.game.players[seat]
    s.log = ({"event": "drew", "player": player, "cards": [new], "only": player}, s.log)
    s.mine()
    s.hands[seat] = hand[:index] + ((new, ALIVE),) + hand[index + 1 :]
