"""Complots 2 moments, Saint-Barthélemy and Tyrannie.

Counter-announcements (Illusionniste, Pape, Croque-Mort, Sorcière, Comtesse against La Peste)
share one mechanism: an ``ann`` window open to every player who may announce (several at
once), then an ``annres`` frame that opens one challenge window per announcer, in seat order,
and finally hands the standing announcers to the finisher named by the frame's ``"for"``.
"""

from games.engines.complots import flow, powers
from games.engines.complots.frames import (
    ACT,
    ACTOR,
    ANNOUNCE,
    ANNOUNCE_RESULTS,
    ANNOUNCED,
    ANNOUNCERS,
    BLACKMAIL,
    BY,
    CANDIDATES,
    CHALLENGED,
    COUNT,
    DEAD,
    GIVE,
    HOLDER,
    KIND,
    LOST_CARD,
    MODE,
    NEXT,
    PLAGUE,
    PLAYED,
    POOREST,
    POWER,
    PURPOSE,
    RESULT,
    SPLIT,
    STAGE,
    STANDING,
    STEP,
    STOOD,
    TARGET,
    TARGETED,
    TOTAL,
    VICTIMS,
    WAITING,
)

STAGES = powers.STAGES
FINISH = {}


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


def announce(s, f, seat):
    players = s.game.players
    s.log = ({"event": "announce", "player": players[seat], "character": f[ANNOUNCED]}, s.log)
    f = {**f, ANNOUNCERS: f[ANNOUNCERS] + (seat,)}
    s.stack[-1] = f
    if flow.window_pass(s, f, seat):
        _close_announcements(s, f)


def announce_pass(s, f, seat):
    s.log = ({"event": "pass", "player": s.game.players[seat], "moment": "announce"}, s.log)
    if flow.window_pass(s, f, seat):
        _close_announcements(s, f)


def _close_announcements(s, f):
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


flow.CLOSE_ANNOUNCEMENTS.append(lambda s, f: _close_announcements(s, f))


def _annres(s, f):
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


flow.AUTO["annres"] = _annres


def _finish_for_act(s, f, standing, challenged):
    act = dict(s.stack[-1])
    act[STANDING] = standing
    s.stack[-1] = act


FINISH["act"] = _finish_for_act


# -- Sorcière and Croque-Mort ------------------------------------------------------------


def _finish_sorciere(s, f, standing, challenged):
    seat = f[HOLDER]
    card = f[LOST_CARD]
    if standing:
        flow.hide_pending(s, seat, card)
        amount = flow.gain(s, seat, 5, log=False)
        s.log = ({"event": "sorciere", "player": s.game.players[seat], "amount": amount}, s.log)
    else:
        flow.reveal_pending(s, seat, card)


FINISH["sorciere"] = _finish_sorciere


def _finish_croque_mort(s, f, standing, challenged):
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


FINISH["croque_mort"] = _finish_croque_mort


# -- Illusionniste, Ursuline, Pape, Justicier, Bourreau, Maître-Chanteur, Espion ------------


def _after_illusionniste(s, f):
    s.stack[-1] = {**f, STAGE: "illusionniste"}
    announce_window(s, flow.others_alive_seat_order(s, f[ACTOR]), "illusionniste", "act")
    return None


def _stage_illusionniste(s, f):
    s.stack.pop()
    actor = f[ACTOR]
    flow.gain(s, actor, 4)
    standing = [i for i in f.get(STANDING, ()) if s.lives[i]]
    if len(standing) >= 4:
        count = min(3, s.coins[actor])
        if count:
            s.stack.append(
                {KIND: GIVE, WAITING: (actor,), COUNT: count, CANDIDATES: tuple(standing)}
            )
        return
    for i in standing:
        flow.transfer(s, actor, i, 1)


def _resolve_ursuline(s, f):
    s.stack.pop()
    actor = f[ACTOR]
    flow.gain(s, actor, 3)
    opponents = flow.others_alive_seat_order(s, actor)
    if s.coins[actor] and opponents:
        s.stack.append({KIND: GIVE, WAITING: (actor,), COUNT: 1, CANDIDATES: opponents})


def give(s, f, seat, recipients):
    s.stack.pop()
    seats = s.game.seat
    for p in recipients:
        flow.transfer(s, seat, seats[p], 1)


def _pape_victims(s, actor):
    rel = s.religion
    split = flow.divided(s)
    return tuple(
        i
        for i in flow.others_alive_seat_order(s, actor)
        if s.coins[i] and not (split and rel[i] == rel[actor])
    )


def _after_pape(s, f):
    victims = _pape_victims(s, f[ACTOR])
    s.stack[-1] = {**f, STAGE: "pape", VICTIMS: victims}
    announce_window(s, victims, "pape", "act")
    return None


def _stage_pape(s, f):
    s.stack.pop()
    standing = f.get(STANDING, ())
    for i in f[VICTIMS]:
        if i not in standing and s.lives[i]:
            flow.transfer(s, i, f[ACTOR], 1, event="steal")


def _justicier_targets(s, actor):
    rel = s.religion
    split = flow.divided(s)
    candidates = [
        i for i in flow.others_alive_seat_order(s, actor) if not (split and rel[i] == rel[actor])
    ]
    if not candidates:
        return ()
    top = max(s.coins[i] for i in candidates)
    if not top:
        return ()
    return tuple(i for i in candidates if s.coins[i] == top)


def _resolve_justicier(s, f):
    s.stack.pop()
    actor = f[ACTOR]
    targets = _justicier_targets(s, actor)
    living = flow.alive_seats(s)
    low = min(s.coins[i] for i in living)
    poorest = tuple(i for i in living if s.coins[i] == low)
    if not targets:
        return
    total = min(3, sum(s.coins[i] for i in targets))
    if len(targets) == 1:
        stolen = flow.transfer(s, targets[0], actor, total, event="steal")
        justicier_give(s, actor, stolen, poorest)
        return
    s.stack.append(
        {
            KIND: SPLIT,
            WAITING: (actor,),
            STEP: "take",
            CANDIDATES: targets,
            TOTAL: total,
            POOREST: poorest,
        }
    )


def justicier_give(s, actor, stolen, poorest):
    amount = stolen - min(1, stolen)
    if not amount or not poorest:
        return
    if len(poorest) == 1:
        flow.transfer(s, actor, poorest[0], amount)
        return
    s.stack.append(
        {KIND: SPLIT, WAITING: (actor,), STEP: "give", CANDIDATES: poorest, TOTAL: amount}
    )


flow.JUSTICIER_GIVE.append(justicier_give)


def split(s, f, seat, amounts):
    s.stack.pop()
    seats = s.game.seat
    moved = 0
    if f[STEP] == "take":
        for p, n in amounts.items():
            if n:
                moved += flow.transfer(s, seats[p], seat, n, event="steal")
        justicier_give(s, seat, moved, f[POOREST])
    else:
        for p, n in amounts.items():
            if n:
                flow.transfer(s, seat, seats[p], n)


def _justicier_blockers(s, f):
    return _justicier_targets(s, f[ACTOR])


def _after_bourreau(s, f):
    target = f[TARGET]
    if s.lives[target]:
        flow.transfer(s, f[ACTOR], target, 3)
    return f


def _resolve_bourreau(s, f):
    s.stack.pop()
    flow.lose_life(s, f[TARGET], "bourreau")


def _resolve_maitre_chanteur(s, f):
    s.stack.pop()
    target = f[TARGET]
    if s.lives[target]:
        s.stack.append({KIND: BLACKMAIL, WAITING: (target,), BY: f[ACTOR]})


def _blocked_maitre_chanteur(s, f):
    if s.lives[f[TARGET]]:
        flow.transfer(s, f[ACTOR], f[TARGET], 3)


def blackmail_choice(s, f, seat, pay):
    s.stack.pop()
    actor = f[BY]
    if pay:
        flow.transfer(s, seat, actor, 3)
    else:
        flow.transfer(s, actor, seat, 3)
        flow.lose_life(s, seat, "maitre_chanteur")


def spy_again(s, f, seat):
    s.stack.pop()
    flow.pay_treasury(s, seat, 1)
    powers.start_exchange(s, seat, 1, spy=True)


powers.AFTER_CLAIM.update(
    {
        "illusionniste": _after_illusionniste,
        "pape": _after_pape,
        "bourreau": _after_bourreau,
    }
)
powers.RESOLVE.update(
    {
        "ursuline": _resolve_ursuline,
        "justicier": _resolve_justicier,
        "bourreau": _resolve_bourreau,
        "maitre_chanteur": _resolve_maitre_chanteur,
    }
)
powers.BLOCKERS["justicier"] = _justicier_blockers
powers.ON_BLOCKED["maitre_chanteur"] = _blocked_maitre_chanteur
STAGES["illusionniste"] = _stage_illusionniste
STAGES["pape"] = _stage_pape


# -- Saint-Barthélemy and Tyrannie turn actions ------------------------------------------


def begin_extension_action(s, seat, action):
    g = s.game
    players = g.players
    kind = action["type"]
    if kind == "convert":
        target = g.seat[action["target"]]
        cost = 1 if target == seat else 2
        s.mine()
        s.coins[seat] -= cost
        s.hospice += cost
        s.mine()
        s.religion[target] = "protestant" if s.religion[target] == "catholique" else "catholique"
        s.log = ({"event": "pay", "player": players[seat], "to": "hospice", "amount": cost}, s.log)
        s.add_log(
            {
                "event": "convert",
                "player": players[seat],
                "target": players[target],
                "religion": s.religion[target],
            }
        )
        return
    if kind == "abuse_of_trust":
        s.log = ({"event": "abuse_of_trust", "player": players[seat]}, s.log)
        s.stack.append(
            {
                KIND: ACT,
                ACTOR: seat,
                POWER: "abuse_of_trust",
                TARGET: -1,
                MODE: None,
                STAGE: "claim",
                PLAYED: dict(action),
            }
        )
        flow.push_challenge(s, seat, None, "abuse_of_trust")
        return
    if kind == "plague":
        target = g.seat[action["target"]]
        flow.pay_treasury(s, seat, 5)
        s.plague = target
        s.log = ({"event": "plague", "player": players[seat], "target": players[target]}, s.log)
        announce_window(s, (target,), "comtesse", "plague", targeted=(target,), holder=target)
        return
    if kind == "beggar":
        target = g.seat[action["target"]]
        flow.pay_treasury(s, seat, 1)
        s.beggar = target
        s.log = ({"event": "beggar", "player": players[seat], "target": players[target]}, s.log)
        return
    raise AssertionError(kind)


def _resolve_abuse(s, f):
    s.stack.pop()
    amount = s.hospice
    if amount:
        s.hospice = 0
        s.mine()
        s.coins[f[ACTOR]] += amount
        s.log = (
            {"event": "take_hospice", "player": s.game.players[f[ACTOR]], "amount": amount},
            s.log,
        )


powers.RESOLVE["abuse_of_trust"] = _resolve_abuse
powers.EXTENSION_ACTIONS[0] = begin_extension_action


def plague_candidates(s, targeted):
    return tuple(i for i in flow.alive_seats(s) if i not in targeted and i != s.cur)


def _finish_plague(s, f, standing, challenged):
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


FINISH["plague"] = _finish_plague


def pass_plague(s, f, seat, target):
    s.stack.pop()
    players = s.game.players
    s.plague = target
    s.log = ({"event": "plague", "player": players[seat], "target": players[target]}, s.log)
    targeted = f[TARGETED] + (target,)
    announce_window(s, (target,), "comtesse", "plague", targeted=targeted, holder=target)
