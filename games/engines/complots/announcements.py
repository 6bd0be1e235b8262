"""Counter-announcements: Illusionniste, Pape, Croque-Mort, Sorcière, Comtesse against La Peste.

They share one mechanism: an ``ANNOUNCE`` window open to every player who may announce
(several at once), then an ``ANNOUNCE_RESULTS`` frame that opens one challenge window per
announcer, in seat order, and finally hands the standing announcers to the finisher named by
the frame's ``PURPOSE`` (``FINISH``).
"""

from games.engines.complots import flow
from games.engines.complots.frames import (
    ANNOUNCE,
    ANNOUNCE_RESULTS,
    ANNOUNCED,
    ANNOUNCERS,
    CANDIDATES,
    CHALLENGED,
    DEAD,
    HOLDER,
    KIND,
    LOST_CARD,
    NEXT,
    PLAGUE,
    PURPOSE,
    RESULT,
    STANDING,
    STOOD,
    TARGETED,
    WAITING,
)

# -- the announcement mechanism -------------------------------------------------------------


def announce_window(s, seats, character, purpose, **extra):
    """Open an announcement window for ``seats``; finish at once when nobody may announce."""
    frame = {
        KIND: ANNOUNCE,
        WAITING: tuple(seats),
        ANNOUNCED: character,
        PURPOSE: purpose,
        ANNOUNCERS: (),
    }
    frame.update(extra)
    if seats:
        s.stack.append(frame)
    else:
        FINISH[purpose](s, frame, (), False)


def announce(s, f, seat, action):
    """``seat`` counter-announces (the window closes once everyone answered)."""
    players = s.game.players
    s.log = ({"event": "announce", "player": players[seat], "character": f[ANNOUNCED]}, s.log)
    f = {**f, ANNOUNCERS: f[ANNOUNCERS] + (seat,)}
    s.stack[-1] = f
    if flow.window_pass(s, f, seat):
        close_announcements(s, f)


def pass_announcement(s, f, seat, action):
    entry = {"event": "pass", "player": s.game.players[seat], "moment": "announce"}
    s.log = ({**entry, "character": f[ANNOUNCED]}, s.log)
    if flow.window_pass(s, f, seat):
        close_announcements(s, f)


def close_announcements(s, f):
    """The window closed: challenge each announcer in seat order, or finish at once."""
    announcers = tuple(sorted(f[ANNOUNCERS]))
    if not announcers:
        FINISH[f[PURPOSE]](s, f, (), False)
        return
    frame = dict(f)
    frame.update(
        {KIND: ANNOUNCE_RESULTS, ANNOUNCERS: announcers, NEXT: 0, STOOD: (), CHALLENGED: False}
    )
    del frame[WAITING]
    s.stack.append(frame)


def run_announcements(s, f):
    """The next announcer's challenge window, or the finisher once all were challenged."""
    f = dict(f)
    i = f[NEXT]
    announcers = f[ANNOUNCERS]
    if RESULT in f:
        res = f.pop("res")
        if res == 2 or res == 0:
            f[CHALLENGED] = True
        if res and s.lives[announcers[i]]:
            f[STOOD] = f[STOOD] + (announcers[i],)
        i += 1
    while i < len(announcers) and not s.lives[announcers[i]]:
        i += 1
    if i < len(announcers):
        f[NEXT] = i
        s.stack[-1] = f
        who = announcers[i]
        extra = {LOST_CARD: f[LOST_CARD]} if f[PURPOSE] == "sorciere" else None
        flow.push_challenge(s, who, f[ANNOUNCED], "announce", extra)
        return
    s.stack.pop()
    FINISH[f[PURPOSE]](s, f, f[STOOD], f[CHALLENGED])


def finish_for_act(s, f, standing, challenged):
    act = dict(s.stack[-1])
    act[STANDING] = standing
    s.stack[-1] = act


# -- Sorcière and Croque-Mort ------------------------------------------------------------


def finish_sorciere(s, f, standing, challenged):
    seat = f[HOLDER]
    card = f[LOST_CARD]
    if standing:
        flow.hide_pending(s, seat, card)
        amount = flow.gain(s, seat, 5, log=False)
        s.log = ({"event": "sorciere", "player": s.game.players[seat], "amount": amount}, s.log)
    else:
        flow.reveal_pending(s, seat, card)


def finish_croque_mort(s, f, standing, challenged):
    dead = f[DEAD]
    players = s.game.players
    estate = s.coins[dead]
    standing = [i for i in standing if s.lives[i]]
    if standing and estate:
        share = estate // len(standing)
        if share:
            for i in standing:
                s.mine()
                s.coins[dead] -= share
                s.mine()
                s.coins[i] += share
                s.add_log(
                    {
                        "event": "inherit",
                        "player": players[i],
                        "from": players[dead],
                        "amount": share,
                    }
                )
    rest = s.coins[dead]
    if rest:
        s.mine()
        s.coins[dead] = 0
        s.treasury += rest
        s.log = ({"event": "pay", "player": players[dead], "to": "treasury", "amount": rest}, s.log)


# -- La Peste (Tyrannie) ------------------------------------------------------------


def plague_candidates(s, targeted):
    return tuple(i for i in flow.alive_seats(s) if i not in targeted and i != s.cur)


def finish_plague(s, f, standing, challenged):
    holder = f[HOLDER]
    if not f[ANNOUNCERS]:
        s.plague = -1
        flow.lose_life(s, holder, "plague")
        return
    if not standing or challenged:
        s.plague = -1
        return
    candidates = plague_candidates(s, f[TARGETED])
    if not candidates:
        s.plague = -1
        return
    s.stack.append(
        {KIND: PLAGUE, WAITING: (holder,), TARGETED: f[TARGETED], CANDIDATES: candidates}
    )


def pass_plague(s, f, seat, action):
    """The holder of a standing Comtesse passes La Peste on."""
    s.stack.pop()
    target = s.game.seat[action["target"]]
    players = s.game.players
    s.plague = target
    s.log = ({"event": "plague", "player": players[seat], "target": players[target]}, s.log)
    targeted = f[TARGETED] + (target,)
    announce_window(s, (target,), "comtesse", "plague", targeted=targeted, holder=target)


#: purpose -> finish(state, frame, standing announcers, whether any was challenged); every
#: finisher is one of this module's (``dispatch`` lists the other tables)
FINISH = {
    "act": finish_for_act,  # Illusionniste, Pape: back to the action
    "sorciere": finish_sorciere,
    "croque_mort": finish_croque_mort,
    "plague": finish_plague,  # the Comtesse against La Peste
}
