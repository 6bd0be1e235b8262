"""Complots 2 powers, and the turn actions of Saint-Barthélemy and Tyrannie.

The counter-announcements some of them open live in ``announcements``; ``dispatch`` lists
which function handles which character and stage.
"""

from games.engines.complots import announcements, flow, powers
from games.engines.complots.frames import (
    ACT,
    ACTOR,
    BLACKMAIL,
    BY,
    CANDIDATES,
    COUNT,
    GIVE,
    KIND,
    MODE,
    PLAYED,
    POOREST,
    POWER,
    SPLIT,
    STAGE,
    STANDING,
    STEP,
    TARGET,
    TOTAL,
    VICTIMS,
    WAITING,
)

# -- Illusionniste, Ursuline, Pape, Justicier, Bourreau, Maître-Chanteur, Espion ------------


def after_illusionniste(s, f):
    s.stack[-1] = {**f, STAGE: "illusionniste"}
    announcements.announce_window(
        s, flow.others_alive_seat_order(s, f[ACTOR]), "illusionniste", "act"
    )
    return None


def stage_illusionniste(s, f):
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


def resolve_ursuline(s, f):
    s.stack.pop()
    actor = f[ACTOR]
    flow.gain(s, actor, 3)
    opponents = flow.others_alive_seat_order(s, actor)
    if s.coins[actor] and opponents:
        s.stack.append({KIND: GIVE, WAITING: (actor,), COUNT: 1, CANDIDATES: opponents})


def give(s, f, seat, action):
    """Ursuline / Illusionniste: 1 Or to each player of ``action["to"]``."""
    s.stack.pop()
    recipients = action["to"]
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


def after_pape(s, f):
    victims = _pape_victims(s, f[ACTOR])
    s.stack[-1] = {**f, STAGE: "pape", VICTIMS: victims}
    announcements.announce_window(s, victims, "pape", "act")
    return None


def stage_pape(s, f):
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


def resolve_justicier(s, f):
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


def split(s, f, seat, action):
    """Justicier ties: take or give the amounts of ``action["amounts"]``."""
    s.stack.pop()
    amounts = action["amounts"]
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


def justicier_blockers(s, f):
    return _justicier_targets(s, f[ACTOR])


def after_bourreau(s, f):
    target = f[TARGET]
    if s.lives[target]:
        flow.transfer(s, f[ACTOR], target, 3)
    return f


def resolve_bourreau(s, f):
    s.stack.pop()
    flow.lose_life(s, f[TARGET], "bourreau")


def resolve_maitre_chanteur(s, f):
    s.stack.pop()
    target = f[TARGET]
    if s.lives[target]:
        s.stack.append({KIND: BLACKMAIL, WAITING: (target,), BY: f[ACTOR]})


def blocked_maitre_chanteur(s, f):
    if s.lives[f[TARGET]]:
        flow.transfer(s, f[ACTOR], f[TARGET], 3)


def blackmail_choice(s, f, seat, action):
    """The Maître-Chanteur's target pays 3 Or, or loses a life and receives 3 Or."""
    s.stack.pop()
    pay = action["pay"]
    actor = f[BY]
    if pay:
        flow.transfer(s, seat, actor, 3)
    else:
        flow.transfer(s, actor, seat, 3)
        flow.lose_life(s, seat, "maitre_chanteur")


def spy_stop(s, f, seat, action):
    s.stack.pop()


def spy_again(s, f, seat, action):
    s.stack.pop()
    flow.pay_treasury(s, seat, 1)
    powers.start_exchange(s, seat, 1, spy=True)


# -- Saint-Barthélemy and Tyrannie turn actions ------------------------------------------


def convert(s, f, seat, action):
    """Saint-Barthélemy: change a religion; the Or goes to the Hospice."""
    s.stack.pop()  # the turn frame
    g = s.game
    players = g.players
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


def abuse_of_trust(s, f, seat, action):
    """Saint-Barthélemy: claim not to hold the Duchesse, open to challenges."""
    s.stack.pop()  # the turn frame
    g = s.game
    players = g.players
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


def give_plague(s, f, seat, action):
    """Tyrannie: 5 Or, La Peste to the target (who may counter with the Comtesse)."""
    s.stack.pop()  # the turn frame
    g = s.game
    players = g.players
    target = g.seat[action["target"]]
    flow.pay_treasury(s, seat, 5)
    s.plague = target
    s.log = ({"event": "plague", "player": players[seat], "target": players[target]}, s.log)
    announcements.announce_window(
        s, (target,), "comtesse", "plague", targeted=(target,), holder=target
    )


def give_beggar(s, f, seat, action):
    """Tyrannie: 1 Or, Le Mendiant to the target (their next turn is skipped)."""
    s.stack.pop()  # the turn frame
    g = s.game
    players = g.players
    target = g.seat[action["target"]]
    flow.pay_treasury(s, seat, 1)
    s.beggar = target
    s.log = ({"event": "beggar", "player": players[seat], "target": players[target]}, s.log)


def resolve_abuse(s, f):
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
