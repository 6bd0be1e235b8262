"""Forced decisions: which card to lose, keep, show; whom to give to; how to split; and the
Complots 2 and Tyrannie choices (blackmail, spy again, pass La Peste, two-player card).

Each picks among the engine's own legal actions, so any legal list is handled; the scores only
order them.
"""

from games.bots.complots.values import card_value, hand_value


def _by_score(bot, rng, actions, score):
    return bot.best(rng, [(score(a), a) for a in actions])


def choose_lose(bot, seat, actions, rng):
    """Lose the weakest card; a card claimed and believed is kept a little longer."""

    def score(action):
        c = action.get("character")
        keep = card_value(seat, c) + 0.8 * min(2, seat.claims.claimed(seat.me, c))
        return -keep

    return _by_score_exact(actions, score)


def _by_score_exact(actions, score):
    """No jitter: the highest score, ties broken by the engine's order."""
    best = None
    for action in actions:
        value = score(action)
        if best is None or value > best[0]:
            best = (value, action)
    return best[1]


def choose_exchange(bot, seat, actions, rng):
    return _by_score_exact(actions, lambda a: hand_value(seat, list(a.get("keep") or ())))


def choose_show(bot, seat, actions, rng):
    """Show the Inquisiteur the card we would lose first (a discard costs less)."""
    return _by_score_exact(actions, lambda a: -card_value(seat, a.get("character")))


def choose_examine(bot, seat, actions, rng):
    """Discard the shown card when it is a good one for its owner, else give it back."""
    shown = seat.private.get("shown") or {}
    character = shown.get("character")
    wanted = "force_discard" if character and card_value(seat, character) >= 4.0 else "give_back"
    for action in actions:
        if action.get("type") == wanted:
            return action
    return actions[0]


def choose_give(bot, seat, actions, rng):
    """Give to the least dangerous players (Ursuline, Illusionniste with 4+ announcers)."""
    return _by_score_exact(actions, lambda a: -sum(seat.threat(p) for p in a.get("to") or ()))


def choose_split(bot, seat, actions, rng):
    """Justicier ties: take from the most dangerous, give to the seat itself when it may."""
    step = seat.pending.get("step")

    def score(action):
        amounts = action.get("amounts") or {}
        total = 0.0
        for pid, n in amounts.items():
            if step == "take":
                total += n * seat.threat(pid)
            elif pid == seat.me:
                total += 100.0 * n
            else:
                total -= n * seat.threat(pid)
        return total

    return _by_score_exact(actions, score)


def choose_blackmail(bot, seat, actions, rng):
    """Pay the Maître-Chanteur (3 Or) rather than lose a life, unless Or is nearly all we
    have and a life to spare."""
    pay = next((a for a in actions if a.get("pay") is True), None)
    refuse = next((a for a in actions if a.get("pay") is False), None)
    if pay is None or refuse is None:
        return actions[0]
    if seat.lives >= 2 and seat.coins <= 3 and bot.life_value(seat) < 7.0:
        return refuse
    return pay


def choose_spy(bot, seat, actions, rng):
    """Draw again (1 Or) while the hand is weak and the Or is not needed for a coup."""
    again = next((a for a in actions if a.get("type") == "spy_again"), None)
    stop = next((a for a in actions if a.get("type") == "spy_stop"), None)
    if again is None or stop is None:
        return actions[0]
    per_card = hand_value(seat, seat.hand) / max(1, len(seat.hand))
    if per_card < 3.6 and 2 <= seat.coins < 7 and seat.view.get("court_size", 0) > 0:
        return again
    return stop


def choose_pass_plague(bot, seat, actions, rng):
    """La Peste goes to the most dangerous candidate."""
    return _by_score_exact(actions, lambda a: seat.threat(a.get("target")))


def choose_card(bot, seat, actions, rng):
    """Two players: take the best card of the pile (the Assassin, the Duchesse...)."""
    return _by_score(bot, rng, actions, lambda a: 2.0 * card_value(seat, a.get("character")))
