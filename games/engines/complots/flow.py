"""Turns, response windows, challenges, losing lives and elimination.

The open moments form a stack of frames (dicts, replaced rather than changed; their kinds and
fields are named in ``frames``). The top frame is the current moment. Decision frames carry
``WAITING``, the tuple of seats that may act in them; automatic frames are run by
``machine.run`` until a decision is needed or the game ends. When the stack is
empty the turn is over and the next one starts.

A challenge window (``CHALLENGE``) writes its result into the frame just below it, as
``RESULT``: ``1`` the claim stood unchallenged, ``2`` it stood after a challenge, ``0`` it failed.
"""

from games.engines.complots.frames import (
    ANNOUNCE,
    ANNOUNCED,
    ANNOUNCERS,
    CHALLENGE,
    CLAIM_KIND,
    CLAIMANT,
    CLAIMED,
    DEAD,
    HOLDER,
    KIND,
    LOSE,
    LOST_CARD,
    PURPOSE,
    REASON,
    RESULT,
    WAITING,
)
from games.engines.complots.state import ALIVE, HIDDEN_LOST, PENDING_LOSS, REVEALED

# -- coins -----------------------------------------------------------------------------


def gain(s, seat, amount, log=True):
    """``seat`` takes up to ``amount`` from the Trésor; returns what was taken."""
    if amount > s.treasury:
        amount = s.treasury
    if amount:
        s.treasury -= amount
        s.mine()
        s.coins[seat] += amount
        if log:
            s.log = ({"event": "gain", "player": s.game.players[seat], "amount": amount}, s.log)
    return amount


def pay_treasury(s, seat, amount):
    if amount > s.coins[seat]:
        amount = s.coins[seat]
    if amount:
        s.mine()
        s.coins[seat] -= amount
        s.treasury += amount
        s.add_log(
            {"event": "pay", "player": s.game.players[seat], "to": "treasury", "amount": amount}
        )
    return amount


def transfer(s, source, dest, amount, event="pay"):
    """Move up to ``amount`` Or from seat ``source`` to seat ``dest``."""
    if amount > s.coins[source]:
        amount = s.coins[source]
    if not s.lives[dest]:
        return 0  # nobody pays a player who left the game
    if amount and source != dest:
        s.mine()
        s.coins[source] -= amount
        s.mine()
        s.coins[dest] += amount
        players = s.game.players
        if event == "steal":
            s.add_log(
                {
                    "event": "steal",
                    "player": players[dest],
                    "target": players[source],
                    "amount": amount,
                }
            )
        else:
            s.add_log(
                {"event": "pay", "player": players[source], "to": players[dest], "amount": amount}
            )
    return amount


# -- seats -----------------------------------------------------------------------------


def alive_seats(s):
    return [i for i, lives in enumerate(s.lives) if lives]


def others_alive_seat_order(s, seat):
    lives = s.lives
    return tuple([i for i in s.game.t.others[seat] if lives[i]])


def divided(s):
    """Saint-Barthélemy: more than one religion among the living players."""
    if s.religion is None:
        return False
    rel = s.religion
    first = None
    for i, lives in enumerate(s.lives):
        if lives:
            if first is None:
                first = rel[i]
            elif rel[i] != first:
                return True
    return False


def has_live(s, seat, character):
    for c, st in s.hands[seat]:
        if st == ALIVE and c == character:
            return True
    return False


# -- turns -----------------------------------------------------------------------------


def start_turn(s, seat):
    g = s.game
    s.cur = seat
    s.turn += 1
    s.log = ({"event": "turn", "player": g.players[seat], "number": s.turn}, s.log)
    if s.beggar == seat:
        s.beggar = -1
        s.log = ({"event": "skip", "player": g.players[seat]}, s.log)
        return
    s.stack.append(g.t.turn_frames[seat])


def next_alive(s, seat):
    lives = s.lives
    for i in s.game.t.after[seat]:
        if lives[i]:
            return i
    return seat


# -- windows ---------------------------------------------------------------------------


def push_challenge(s, claimant, character, kind, extra=None):
    """Open a challenge window on ``claimant``'s claim of ``character`` for everyone else."""
    waiting = others_alive_seat_order(s, claimant)
    frame = {
        KIND: CHALLENGE,
        WAITING: waiting,
        CLAIMANT: claimant,
        CLAIMED: character,
        CLAIM_KIND: kind,
    }
    if extra:
        frame.update(extra)
    if waiting:
        s.stack.append(frame)
    else:
        set_result(s, 1)


def set_result(s, value):
    """Write a challenge window's result into the frame below it (now the top one)."""
    below = s.stack[-1].copy()
    below[RESULT] = value
    s.stack[-1] = below


def window_pass(s, f, seat):
    """``seat`` passes in window ``f`` (the top frame); closes it when nobody is left.

    Returns True when the window closed, False while others may still answer."""
    waiting = f[WAITING]
    if len(waiting) == 1:
        s.stack.pop()
        return True
    rest = list(waiting)
    rest.remove(seat)
    f = f.copy()
    f[WAITING] = tuple(rest)
    s.stack[-1] = f
    return False


def pass_challenge(s, f, seat, action):
    """``seat`` lets the claim stand; the last pass closes the window (the claim stood)."""
    s.log = ({"event": "pass", "player": s.game.players[seat], "moment": "challenge"}, s.log)
    if window_pass(s, f, seat):
        set_result(s, 1)
        return True
    return False  # the window only lost one of its players: nothing to run


def pass_block(s, f, seat, action):
    """``seat`` does not block; the last pass closes the window (the action goes on)."""
    s.log = ({"event": "pass", "player": s.game.players[seat], "moment": "block"}, s.log)
    return window_pass(s, f, seat)


def claim_stands(s, f):
    """A challenge window left with nobody (they were eliminated): the claim stands."""
    set_result(s, 1)


def challenge(s, f, challenger, action=None):
    """Resolve a challenge by ``challenger`` of the claim in window ``f`` (the top frame)."""
    players = s.game.players
    who = f[CLAIMANT]
    character = f[CLAIMED]
    stack = s.stack
    stack.pop()
    s.add_log(
        {
            "event": "challenge",
            "player": players[challenger],
            "claimant": players[who],
            "character": character,
        }
    )
    if f[CLAIM_KIND] == "abuse_of_trust":
        truthful = not has_live(s, who, "duchesse")
        if truthful:
            hand = s.hands[who]
            live = [c for c, st in hand if st == ALIVE]
            s.add_log({"event": "proof", "player": players[who], "character": None, "cards": live})
            s.shuffle_court(live)
            drawn = list(s.draw(len(live)))
            p = players[who]
            s.log = ({"event": "drew", "player": p, "cards": list(drawn), "only": p}, s.log)
            s.mine()
            s.hands[who] = tuple(
                ((drawn.pop(0), ALIVE) if st == ALIVE else (c, st)) for c, st in hand
            )
    else:
        truthful = False
        hand = s.hands[who]
        for i, (c, st) in enumerate(hand):
            if c == character and st == ALIVE:
                truthful = True
                s.log = ({"event": "proof", "player": players[who], "character": c}, s.log)
                new = s.swap_with_court(c)
                s.add_log(
                    {"event": "drew", "player": players[who], "cards": [new], "only": players[who]}
                )
                s.mine()
                s.hands[who] = hand[:i] + ((new, ALIVE),) + hand[i + 1 :]
                break
    below = stack[-1].copy()
    if truthful:
        below[RESULT] = 2
        stack[-1] = below
        lose_life(s, challenger, "challenge")
    else:
        s.log = ({"event": "bluff", "player": players[who], "character": character}, s.log)
        below[RESULT] = 0
        stack[-1] = below
        card = f.get(LOST_CARD)
        if card is not None:
            reveal_pending(s, who, card)
        lose_life(s, who, "bluff")


# -- lives -----------------------------------------------------------------------------


def lose_life(s, seat, reason):
    """``seat`` loses a life: at once with a single live card, else a ``lose`` decision.

    With two live cards the player is always asked, even when both show the same
    character: skipping the question would tell everyone they held a pair.
    """
    lives = s.lives[seat]
    if not lives or s.winner >= 0:
        return
    if lives > 1:
        frames = s.game.t.lose_frames
        frame = frames.get((seat, reason))
        if frame is None:  # frames are never changed in place: share one per seat/reason
            frame = frames[seat, reason] = {KIND: LOSE, WAITING: (seat,), REASON: reason}
        s.stack.append(frame)
        return
    hand = s.hands[seat]
    lose_card(s, seat, 0 if hand[0][1] == ALIVE else 1)  # the single live card


def first_live(s, seat, character):
    """The index of ``seat``'s first live ``character`` card (the action named a live card)."""
    for i, (c, st) in enumerate(s.hands[seat]):
        if st == ALIVE and c == character:
            return i
    raise AssertionError(character)


def lose_chosen(s, f, seat, action):
    """``seat`` picked the card to lose (the ``lose`` decision)."""
    s.stack.pop()
    lose_card(s, seat, first_live(s, seat, action["character"]))


def lose_card(s, seat, index):
    hand = s.hands[seat]
    character = hand[index][0]
    s.mine()
    left = s.lives[seat] = s.lives[seat] - 1
    g = s.game
    if left and "sorciere" in g.charset:
        s.hands[seat] = hand[:index] + ((character, PENDING_LOSS),) + hand[index + 1 :]
        s.stack.append(
            {
                KIND: ANNOUNCE,
                WAITING: (seat,),
                ANNOUNCED: "sorciere",
                PURPOSE: "sorciere",
                ANNOUNCERS: (),
                LOST_CARD: index,
                HOLDER: seat,
            }
        )
        return
    s.hands[seat] = hand[:index] + ((character, REVEALED),) + hand[index + 1 :]
    s.log = ({"event": "lose", "player": g.players[seat], "character": character}, s.log)
    if not left:
        eliminate(s, seat)


def reveal_pending(s, seat, index):
    hand = s.hands[seat]
    character, st = hand[index]
    if st != PENDING_LOSS:
        return
    s.mine()
    s.hands[seat] = hand[:index] + ((character, REVEALED),) + hand[index + 1 :]
    entry = {"event": "lose", "player": s.game.players[seat], "character": character}
    head = s.log[0] if s.log else None
    if (
        isinstance(head, dict)
        and head.get("event") == "pass"
        and head.get("moment") == "announce"
        and head.get("player") == entry["player"]
    ):
        # The holder let the Sorcière go: the life lost is told first, then that they did
        # not announce her (both come from the same answer).
        s.log = (head, (entry, s.log[1]))
    else:
        s.log = (entry, s.log)


def hide_pending(s, seat, index):
    hand = s.hands[seat]
    character, st = hand[index]
    if st != PENDING_LOSS:
        return
    s.mine()
    s.hands[seat] = hand[:index] + ((character, HIDDEN_LOST),) + hand[index + 1 :]
    s.log = ({"event": "lose", "player": s.game.players[seat], "character": None}, s.log)


def settle_pending_losses(s):
    """The game ends while a life lost is still waiting on its Sorcière window (a challenge
    of her announcement eliminated the last opponent): the loss is told. The card stays
    face down when its holder had announced the Sorcière (her announcement stands), else
    it is turned face up as without her."""
    for frame in s.stack:
        if frame.get(PURPOSE) != "sorciere":
            continue
        seat = frame[HOLDER]
        if seat in frame.get(ANNOUNCERS, ()):
            hide_pending(s, seat, frame[LOST_CARD])
        else:
            reveal_pending(s, seat, frame[LOST_CARD])


def eliminate(s, seat):
    g = s.game
    s.log = ({"event": "eliminated", "player": g.players[seat]}, s.log)
    if s.beggar == seat:
        s.beggar = -1
    if s.plague == seat:
        s.plague = -1
    living = alive_seats(s)
    if len(living) == 1:
        pay_back = s.coins[seat]
        s.mine()
        s.coins[seat] = 0
        s.treasury += pay_back
        s.winner = living[0]
        settle_pending_losses(s)
        s.log = ({"event": "win", "player": g.players[living[0]]}, s.log)
        return
    if "croque_mort" in g.charset and s.coins[seat]:
        s.stack.append(
            {
                KIND: ANNOUNCE,
                WAITING: others_alive_seat_order(s, seat),
                ANNOUNCED: "croque_mort",
                PURPOSE: "croque_mort",
                ANNOUNCERS: (),
                DEAD: seat,
            }
        )
        return
    amount = s.coins[seat]
    if amount:
        s.mine()
        s.coins[seat] = 0
        s.treasury += amount
        s.add_log({"event": "pay", "player": g.players[seat], "to": "treasury", "amount": amount})
