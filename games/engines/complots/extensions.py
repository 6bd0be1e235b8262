"""Complots 2 moments, Saint-Barthélemy and Tyrannie.

Counter-announcements (Illusionniste, Pape, Croque-Mort, Sorcière, Comtesse against La Peste)
share one mechanism: an ``ann`` window open to every player who may announce (several at
once), then an ``annres`` frame that opens one challenge window per announcer, in seat order,
and finally hands the standing announcers to the finisher named by the frame's ``"for"``.
"""

from games.engines.complots import flow, powers

STAGES = powers.STAGES
FINISH = {}


# -- the announcement mechanism -------------------------------------------------------------


def announce_window(s, seats, character, purpose, **extra):
    """Open an announcement window for ``seats``; finish at once when nobody may announce."""
    frame = {"k": "ann", "w": tuple(seats), "c": character, "for": purpose, "a": ()}
    frame.update(extra)
    if seats:
        s.stack.append(frame)
    else:
        FINISH[purpose](s, frame, (), False)


def announce(s, f, seat):
    players = s.game.players
    s.log = ({"event": "announce", "player": players[seat], "character": f["c"]}, s.log)
    f = {**f, "a": f["a"] + (seat,)}
    s.stack[-1] = f
    if flow.window_pass(s, f, seat):
        _close_announcements(s, f)


def announce_pass(s, f, seat):
    s.log = ({"event": "pass", "player": s.game.players[seat], "moment": "announce"}, s.log)
    if flow.window_pass(s, f, seat):
        _close_announcements(s, f)


def _close_announcements(s, f):
    announcers = tuple(sorted(f["a"]))
    if not announcers:
        FINISH[f["for"]](s, f, (), False)
        return
    frame = dict(f)
    frame.update({"k": "annres", "a": announcers, "i": 0, "stand": (), "chd": False})
    del frame["w"]
    s.stack.append(frame)


flow.CLOSE_ANNOUNCEMENTS.append(lambda s, f: _close_announcements(s, f))


def _annres(s, f):
    f = dict(f)
    i = f["i"]
    announcers = f["a"]
    if "res" in f:
        res = f.pop("res")
        if res == 2 or res == 0:
            f["chd"] = True
        if res and s.lives[announcers[i]]:
            f["stand"] = f["stand"] + (announcers[i],)
        i += 1
    while i < len(announcers) and not s.lives[announcers[i]]:
        i += 1
    if i < len(announcers):
        f["i"] = i
        s.stack[-1] = f
        who = announcers[i]
        extra = {"card": f["card"]} if f["for"] == "sorciere" else None
        flow.push_challenge(s, who, f["c"], "announce", extra)
        return
    s.stack.pop()
    FINISH[f["for"]](s, f, f["stand"], f["chd"])


flow.AUTO["annres"] = _annres


def _finish_for_act(s, f, standing, challenged):
    act = dict(s.stack[-1])
    act["standing"] = standing
    s.stack[-1] = act


FINISH["act"] = _finish_for_act


# -- Sorcière and Croque-Mort ------------------------------------------------------------


def _finish_sorciere(s, f, standing, challenged):
    seat = f["holder"]
    card = f["card"]
    if standing:
        flow.hide_pending(s, seat, card)
        amount = flow.gain(s, seat, 5, log=False)
        s.log = ({"event": "sorciere", "player": s.game.players[seat], "amount": amount}, s.log)
    else:
        flow.reveal_pending(s, seat, card)


FINISH["sorciere"] = _finish_sorciere


def _finish_croque_mort(s, f, standing, challenged):
    dead = f["dead"]
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
    s.stack[-1] = {**f, "st": "illusionniste"}
    announce_window(s, flow.others_alive_seat_order(s, f["a"]), "illusionniste", "act")
    return None


def _stage_illusionniste(s, f):
    s.stack.pop()
    actor = f["a"]
    flow.gain(s, actor, 4)
    standing = [i for i in f.get("standing", ()) if s.lives[i]]
    if len(standing) >= 4:
        count = min(3, s.coins[actor])
        if count:
            s.stack.append({"k": "give", "w": (actor,), "n": count, "cand": tuple(standing)})
        return
    for i in standing:
        flow.transfer(s, actor, i, 1)


def _resolve_ursuline(s, f):
    s.stack.pop()
    actor = f["a"]
    flow.gain(s, actor, 3)
    opponents = flow.others_alive_seat_order(s, actor)
    if s.coins[actor] and opponents:
        s.stack.append({"k": "give", "w": (actor,), "n": 1, "cand": opponents})


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
    victims = _pape_victims(s, f["a"])
    s.stack[-1] = {**f, "st": "pape", "victims": victims}
    announce_window(s, victims, "pape", "act")
    return None


def _stage_pape(s, f):
    s.stack.pop()
    standing = f.get("standing", ())
    for i in f["victims"]:
        if i not in standing and s.lives[i]:
            flow.transfer(s, i, f["a"], 1, event="steal")


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
    actor = f["a"]
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
            "k": "split",
            "w": (actor,),
            "step": "take",
            "cand": targets,
            "total": total,
            "poor": poorest,
        }
    )


def justicier_give(s, actor, stolen, poorest):
    amount = stolen - min(1, stolen)
    if not amount or not poorest:
        return
    if len(poorest) == 1:
        flow.transfer(s, actor, poorest[0], amount)
        return
    s.stack.append({"k": "split", "w": (actor,), "step": "give", "cand": poorest, "total": amount})


flow.JUSTICIER_GIVE.append(justicier_give)


def split(s, f, seat, amounts):
    s.stack.pop()
    seats = s.game.seat
    moved = 0
    if f["step"] == "take":
        for p, n in amounts.items():
            if n:
                moved += flow.transfer(s, seats[p], seat, n, event="steal")
        justicier_give(s, seat, moved, f["poor"])
    else:
        for p, n in amounts.items():
            if n:
                flow.transfer(s, seat, seats[p], n)


def _justicier_blockers(s, f):
    return _justicier_targets(s, f["a"])


def _after_bourreau(s, f):
    target = f["t"]
    if s.lives[target]:
        flow.transfer(s, f["a"], target, 3)
    return f


def _resolve_bourreau(s, f):
    s.stack.pop()
    flow.lose_life(s, f["t"], "bourreau")


def _resolve_maitre_chanteur(s, f):
    s.stack.pop()
    target = f["t"]
    if s.lives[target]:
        s.stack.append({"k": "bm", "w": (target,), "by": f["a"]})


def _blocked_maitre_chanteur(s, f):
    if s.lives[f["t"]]:
        flow.transfer(s, f["a"], f["t"], 3)


def blackmail_choice(s, f, seat, pay):
    s.stack.pop()
    actor = f["by"]
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
                "k": "act",
                "a": seat,
                "key": "abuse_of_trust",
                "t": -1,
                "mode": None,
                "st": "claim",
                "action": dict(action),
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
        s.coins[f["a"]] += amount
        s.log = (
            {"event": "take_hospice", "player": s.game.players[f["a"]], "amount": amount},
            s.log,
        )


powers.RESOLVE["abuse_of_trust"] = _resolve_abuse
powers.EXTENSION_ACTIONS[0] = begin_extension_action


def plague_candidates(s, targeted):
    return tuple(i for i in flow.alive_seats(s) if i not in targeted and i != s.cur)


def _finish_plague(s, f, standing, challenged):
    holder = f["holder"]
    if not f["a"]:
        s.plague = -1
        flow.lose_life(s, holder, "plague")
        return
    if not standing or challenged:
        s.plague = -1
        return
    candidates = plague_candidates(s, f["targeted"])
    if not candidates:
        s.plague = -1
        return
    s.stack.append({"k": "plague", "w": (holder,), "targeted": f["targeted"], "cand": candidates})


FINISH["plague"] = _finish_plague


def pass_plague(s, f, seat, target):
    s.stack.pop()
    players = s.game.players
    s.plague = target
    s.log = ({"event": "plague", "player": players[seat], "target": players[target]}, s.log)
    targeted = f["targeted"] + (target,)
    announce_window(s, (target,), "comtesse", "plague", targeted=targeted, holder=target)
