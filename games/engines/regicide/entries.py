"""Log entries: written by the rules as compact tuples, read as the dicts of the package
docstring.

An apply writes one to four entries and most are never read (replays, bots, playouts), so
the rules store ``(make, *fields)``: a tuple is much cheaper to build than a dict.
``make(*fields)`` gives the entry's dict, with fresh lists, each time the log is read
(``state.log_dicts``: dump and view). A loaded log keeps the dicts it was given.
"""

from games.engines.regicide.cards import NAME


def start_entry(players, first_player, solo):
    return {"event": "start", "players": list(players), "first_player": first_player, "solo": solo}


def enemy_entry(card, castle):
    return {"event": "enemy", "card": card, "castle": castle}


def play_entry(player, cards, attack, immune, healed, drawn, shield, damage):
    """A play; ``immune``, ``healed``, ``drawn`` and ``shield`` are None when absent."""
    entry = {"event": "play", "player": player, "cards": list(cards), "attack": attack}
    if immune is not None:
        entry["immune"] = immune
    if healed is not None:
        entry["healed"] = healed
    if drawn is not None:
        entry["drawn"] = drawn
    if shield is not None:
        entry["shield"] = shield
    entry["damage"] = damage
    return entry


def jester_entry(player, card, shield):
    """A Jester played; ``shield`` (the Spades it makes count) is None when absent."""
    entry = {"event": "jester", "player": player, "card": card}
    if shield is not None:
        entry["shield"] = shield
    return entry


def choose_next_entry(player, chosen):
    return {"event": "choose_next", "player": player, "next": chosen}


def yield_entry(player):
    return {"event": "yield", "player": player}


def defeat_entry(player, card, exact):
    return {"event": "defeat", "player": player, "card": card, "exact": exact}


def attack_entry(card, player, amount):
    return {"event": "attack", "card": card, "player": player, "amount": amount}


def discard_entry(player, cards, value):
    return {"event": "discard", "player": player, "cards": list(cards), "value": value}


def flip_jester_entry(player, discarded, drawn, jesters_left):
    """A solo Jester flipped; ``discarded``: the bits of the hand discarded (canonical)."""
    return {
        "event": "flip_jester",
        "player": player,
        "discarded": list(map(NAME.__getitem__, discarded)),
        "drawn": drawn,
        "jesters_left": jesters_left,
    }


def lost_entry(player, reason):
    return {"event": "lost", "player": player, "reason": reason}


def won_entry(medal):
    return {"event": "won", "medal": medal}
