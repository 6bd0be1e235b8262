"""Response windows: challenge a claim, block an action, counter-announce.

A challenge is worth it when ``(1 - p) * stake > p * life``: ``p`` the claim's likelihood
(the level's ``truth``), ``stake`` what a caught bluff brings (the claimer loses a life, the
claimed effect is cancelled, worth most when it was aimed at the seat) and ``life`` what a
wrong challenge costs the seat. A block with a card the seat holds is free and always made;
a bluffed block (Bluffer only) is weighed against what passing lets through, including the
double loss of a caught Comtesse against an Assassin.
"""

from games.bots.complots.turn import KILLERS, power_gain
from games.bots.complots.values import LIFE, kill_value

_ANNOUNCE_GAIN = {"illusionniste": 1.0, "pape": 1.0, "sorciere": 5.0}


def _pick(actions, kind, character=None):
    for action in actions:
        if action.get("type") == kind and (
            character is None or action.get("character") == character
        ):
            return action
    return None


def _pass(actions):
    return _pick(actions, "pass") or actions[0]


def harm_to_me(seat, action) -> float:
    """What the turn's action does to the seat if it goes through."""
    if not action:
        return 0.0
    c = action.get("character") if action.get("type") == "power" else action.get("type")
    if action.get("target") == seat.me:
        if c in ("assassin", "bourreau", "coup"):
            return LIFE * 3 if seat.lives <= 1 else LIFE
        if c == "maitre_chanteur":
            return 3.0 if seat.coins >= 3 else LIFE - 3.0
        if c == "capitaine":
            return float(min(2, seat.coins))
        if c == "plague":
            return LIFE * 3 if seat.lives <= 1 else LIFE
        return 1.0
    if c == "justicier":
        return 3.0 if seat.coins == max(p.get("coins", 0) for p in seat.players) else 0.5
    if c == "pape":
        return 1.0 if seat.coins else 0.0
    return 0.0


def effect_value(seat, action, actor) -> float:
    """How much cancelling the turn's action is worth to the seat."""
    if not action:
        return 0.5
    harm = harm_to_me(seat, action)
    if harm:
        return harm
    if action.get("type") == "foreign_aid":
        return 1.0 if actor == seat.leader() else 0.6
    if action.get("type") == "power":
        gain = power_gain(seat, action) if action.get("character") not in KILLERS else 3.0
        return 0.5 * max(0.0, gain) + (0.5 if actor == seat.leader() else 0.0)
    return 0.5


def choose_challenge(bot, seat, actions, rng):
    challenge = _pick(actions, "challenge")
    if challenge is None:
        return _pass(actions)
    pending = seat.pending
    claim = pending.get("claim") or {}
    claimer = claim.get("player")
    character = claim.get("character")
    kind = claim.get("kind")
    action = pending.get("action") or {}
    if kind == "abuse_of_trust":
        p_true = 1.0 - seat.p_holds(claimer, "duchesse")
    else:
        p_true = bot.truth(seat, claimer, character)
    if p_true <= 0.0:
        return challenge  # impossible: every copy is seen
    stake = 0.5 * kill_value(seat, claimer)
    if kind == "block" and pending.get("player") == seat.me:
        stake += _own_action_value(seat, action)
    elif kind == "action":
        stake += effect_value(seat, action, claimer)
        target = action.get("target")
        if target == seat.me and any(seat.holds(c) for c in seat.blockers(character)):
            stake -= 0.7 * harm_to_me(seat, action)  # a real block will do
    elif kind == "announce":
        announce = pending.get("announce") or character
        stake += {"sorciere": 2.5, "croque_mort": 1.5}.get(announce, 0.5)
        if announce == "comtesse" and pending.get("player") == seat.me:
            stake += 3.0  # my Peste
    elif kind == "abuse_of_trust":
        stake += 0.5 * seat.view.get("hospice", 0)
    life = bot.life_value(seat)
    edge = (1.0 - p_true) * stake - p_true * life
    if edge + bot.jitter(rng) - bot.noise / 2 > 0:
        return challenge
    return _pass(actions)


def _own_action_value(seat, action) -> float:
    kind = action.get("character") if action.get("type") == "power" else action.get("type")
    if kind in KILLERS:
        return kill_value(seat, action.get("target"))
    if kind == "foreign_aid":
        return 2.0
    if kind == "capitaine":
        return float(min(2, seat.coins_of(action.get("target"))))
    return 2.0


def choose_block(bot, seat, actions, rng):
    blocks = [a for a in actions if a.get("type") == "block"]
    if not blocks:
        return _pass(actions)
    held = [a for a in blocks if seat.holds(a.get("character"))]
    if held:
        return held[0]
    pending = seat.pending
    action = pending.get("action") or {}
    actor = pending.get("player")
    lose_by_passing = harm_to_me(seat, action) or effect_value(seat, action, actor) * 0.5
    kill = (action.get("character") in KILLERS and action.get("target") == seat.me) or (
        action.get("type") == "coup"
    )
    life = bot.life_value(seat)
    best = None
    for block in blocks:
        risk = bot.claim_risk(seat, block.get("character"))
        if risk is None or risk >= 1.0:
            continue  # not this level's way, or every copy is face up
        caught = life + (lose_by_passing if not kill else LIFE * 3)
        if kill and seat.lives <= 1:
            caught = lose_by_passing  # dead either way
        edge = lose_by_passing - risk * caught
        if best is None or edge > best[0]:
            best = (edge, block)
    if best is not None and best[0] + bot.jitter(rng) - bot.noise / 2 > 0:
        return best[1]
    return _pass(actions)


def choose_announce(bot, seat, actions, rng):
    pending = seat.pending
    character = pending.get("announce")
    announce = _pick(actions, "announce")
    if announce is None:
        return _pass(actions)
    if seat.holds(character):
        return announce
    if character == "comtesse" and pending.get("decider") == seat.me:
        # La Peste: a caught Comtesse costs the life La Peste would take anyway
        return announce if bot.bluffs_against_plague else _pass(actions)
    risk = bot.claim_risk(seat, character)
    if risk is None:
        return _pass(actions)
    gain = _ANNOUNCE_GAIN.get(character, 0.5)
    if character == "croque_mort":
        dead = pending.get("eliminated")
        share = seat.coins_of(dead) / (len(pending.get("announcers") or ()) + 1)
        gain = share
    edge = (1.0 - risk) * gain - risk * bot.life_value(seat)
    if edge + bot.jitter(rng) - bot.noise / 2 > 0:
        return announce
    return _pass(actions)
