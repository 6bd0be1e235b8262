"""The turn: every legal action gets a score in Or-equivalents, the best one is played.

A claimed power scores ``(1 - risk) * gain - risk * life`` where ``risk`` is the chance of a
challenge (0 for a card the seat holds; a level that does not bluff never claims a card it
lacks) and ``gain`` what the power brings once it stands, net of what a block would cancel.
Killing (Assassinat, Assassin, Bourreau, La Peste) is worth ``values.kill_value``, which
favours the leader. The extensions are scored like the rest: Saint-Barthélemy's Abus de
confiance is worth the Hospice, a conversion is played to shelter the seat from a rich
leader; Tyrannie's Mendiant goes to a leader about to strike, La Peste when its kill is
worth its 5 Or.
"""

from games.bots.complots.values import ACTION_CARDS, hand_value, kill_value

KILLERS = ("assassin", "bourreau", "maitre_chanteur")
_UNPLAYABLE = -1000.0


def p_block(seat, target, action_key) -> float:
    """How likely ``target`` is to block ``action_key`` (claims in the log, then the count)."""
    chars = seat.blockers(action_key)
    if not chars:
        return 0.0
    if any(seat.claims.claimed(target, c) for c in chars):
        return 0.85
    base = seat.p_holds(target, chars)
    bluff = 0.1
    if action_key in KILLERS and seat.lives_of(target) == 1:
        bluff = 0.35
    return min(0.95, base + (1.0 - base) * bluff)


def p_foreign_aid_blocked(seat) -> float:
    chars = seat.blockers("foreign_aid")
    if not chars:
        return 0.0
    through = 1.0
    for p in seat.opponents:
        if seat.divided and seat.same_religion(p["id"], seat.me):
            continue  # the pact: no blocking one's own religion's Aide Étrangère
        if any(seat.claims.claimed(p["id"], c) for c in chars):
            chance = 0.85
        else:
            chance = 0.6 * seat.p_holds(p["id"], chars) + 0.03
        through *= 1.0 - chance
    return 1.0 - through


def p_announce(seat, pid, character) -> float:
    """How likely ``pid`` is to counter-announce ``character`` (Illusionniste, Pape)."""
    if seat.claims.claimed(pid, character):
        return 0.9
    return 0.8 * seat.p_holds(pid, character) + 0.05


def denial(seat, target, amount) -> float:
    """Or taken from an opponent are worth a little more when that opponent leads."""
    return 0.5 * amount if target == seat.leader() else 0.2 * amount


def exchange_gain(seat) -> float:
    """What a new look at the Court is worth: much with a poor or doubled hand."""
    value = hand_value(seat, seat.hand)
    per_card = value / max(1, len(seat.hand))
    gain = max(0.0, 4.2 - per_card) * 0.9
    if len(set(seat.hand)) < len(seat.hand):
        gain += 0.8
    if not any(c in ACTION_CARDS for c in seat.hand):
        gain += 0.8
    return gain


def power_gain(seat, action) -> float:
    c = action.get("character")
    target = action.get("target")
    if c == "duchesse":
        return 3.0
    if c == "illusionniste":
        return 4.0 - sum(p_announce(seat, p["id"], c) for p in seat.opponents)
    if c == "ursuline":
        return 2.0
    if c == "capitaine":
        take = min(2, seat.coins_of(target))
        if take == 0:
            return -1.0
        return (take + denial(seat, target, take)) * (1.0 - p_block(seat, target, "capitaine"))
    if c in KILLERS:
        through = 1.0 - p_block(seat, target, c)
        kill = kill_value(seat, target)
        if c == "assassin":
            return kill * through - 3.0
        if c == "bourreau":
            return kill * through - 3.0 - 1.0
        if seat.coins_of(target) >= 3:  # the target would rather pay than lose a life
            return (3.0 + denial(seat, target, 3)) * through
        return (kill - 3.0 - 1.0) * through
    if c in ("ambassadeur", "espion") or (c == "inquisiteur" and action.get("mode") != "examine"):
        return exchange_gain(seat) + (0.3 if c == "ambassadeur" else 0.0)
    if c == "inquisiteur":  # examine: a look at a card, and maybe a good card gone
        return 1.3 if target == seat.leader() else 0.8
    if c == "pape":
        victims = [
            p
            for p in seat.opponents
            if p.get("coins", 0) > 0 and not (seat.divided and seat.same_religion(p["id"], seat.me))
        ]
        return sum(
            (1.0 + denial(seat, p["id"], 1)) * (1.0 - p_announce(seat, p["id"], c)) for p in victims
        )
    if c == "justicier":
        return justicier_gain(seat)
    return 0.5


def justicier_gain(seat) -> float:
    victims = [
        p for p in seat.opponents if not (seat.divided and seat.same_religion(p["id"], seat.me))
    ]
    if not victims:
        return -1.0
    top = max(p.get("coins", 0) for p in victims)
    if top == 0:
        return -1.0
    richest = [p["id"] for p in victims if p.get("coins", 0) == top]
    take = min(3, top)
    mine = 1.0 if take >= 1 else 0.0
    living = [p for p in seat.players if p.get("alive")]
    poorest = min(p.get("coins", 0) for p in living)
    if seat.coins <= poorest:
        mine += min(2, max(0, take - 1))
    through = 1.0 - max(p_block(seat, r, "justicier") for r in richest)
    return (mine + denial(seat, richest[0], take)) * through


def score_turn(bot, seat, action) -> float:
    kind = action.get("type")
    target = action.get("target")
    life = bot.life_value(seat)
    if kind == "income":
        # a long game leans on the one gain nobody can stop, so that it moves towards a coup
        return 1.0 + max(0, (seat.view.get("turn") or 0) - 40 * len(seat.players)) / 40
    if kind == "foreign_aid":
        return 2.0 * (1.0 - p_foreign_aid_blocked(seat))
    if kind == "coup":
        return kill_value(seat, target) - 7.0 + 3.0
    if kind == "power":
        risk = bot.risk_of(seat, action.get("character"))
        if risk is None:
            return _UNPLAYABLE
        return (1.0 - risk) * power_gain(seat, action) - risk * life
    if kind == "abuse_of_trust":
        hospice = seat.view.get("hospice", 0)
        if not seat.holds("duchesse"):
            return hospice - 0.3
        risk = bot.claim_risk(seat, "duchesse")  # lying about NOT holding her
        if risk is None:
            return _UNPLAYABLE
        return (1.0 - risk) * hospice - risk * life
    if kind == "convert":
        return convert_score(seat, action)
    if kind == "plague":
        comtesse = 0.35 + 0.5 * seat.p_holds(target, "comtesse")
        return kill_value(seat, target) * (1.0 - comtesse) - 5.0 - 0.5
    if kind == "beggar":
        coins = seat.coins_of(target)
        if coins >= 7 or (coins >= 3 and seat.claims.claimed(target, "assassin")):
            # a beggar lock that makes nobody richer helps nobody: each one counts less
            fading = 0.5 ** seat.claims.beggared.get(target, 0)
            return (2.2 if target == seat.leader() else 1.4) * fading
        return 0.0
    return 0.0


def convert_score(seat, action) -> float:
    """A conversion shelters the seat: same religion as a rich leader, who then cannot strike
    it (a leader converted costs 2 Or, the seat itself 1 Or)."""
    target = action.get("target")
    leader = seat.leader()
    if leader is None or seat.coins_of(leader) < 6:
        return -2.0
    if seat.same_religion(leader, seat.me):
        return -2.0
    cost = 1.0 if target == seat.me else 2.0
    if target not in (seat.me, leader):
        return -2.0
    return 2.5 + (0.8 if seat.lives <= 1 else 0.0) - cost


def choose_turn(bot, seat, actions, rng):
    return bot.best(rng, [(score_turn(bot, seat, a), a) for a in actions])
