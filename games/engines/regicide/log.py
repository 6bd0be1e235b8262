"""Readable sentences for log entries: ``describe(entry, lang="en", names=None)``.

Entries are the plain dicts listed in the package docstring. ``describe`` is pure: it reads
the entry (and ``names``, an optional mapping of player ids to display names) and returns one
sentence in English (``"en"``) or French (``"fr"``). Unknown entries give a neutral sentence,
never an error.
"""

_SUITS = {
    "H": ("Cœur", "Hearts", "♥"),
    "D": ("Carreau", "Diamonds", "♦"),
    "C": ("Trèfle", "Clubs", "♣"),
    "S": ("Pique", "Spades", "♠"),
}
_FACES = {"J": ("Valet", "Jack"), "Q": ("Reine", "Queen"), "K": ("Roi", "King")}
_REASONS = {
    "cover": (
        "ne peut pas encaisser l'attaque : la partie est perdue",
        "cannot cover the attack: the game is lost",
    ),
    "stuck": (
        "ne peut ni jouer ni passer : la partie est perdue",
        "can neither play nor yield: the game is lost",
    ),
}
_MEDALS = {
    "gold": ("d'or", "gold"),
    "silver": ("d'argent", "silver"),
    "bronze": ("de bronze", "bronze"),
}


def card_label(card):
    """A short label: ``7♥``, ``A♠``, ``K♣``, ``Jester``."""
    if not isinstance(card, str) or len(card) < 2:
        return str(card)
    if card[0] == "X":
        return "🃏"
    suit = _SUITS.get(card[-1])
    return card[:-1] + suit[2] if suit else card


def enemy_name(card, fr):
    """``Valet de Pique`` / ``Jack of Spades``."""
    if not isinstance(card, str) or len(card) != 2 or card[0] not in _FACES:
        return str(card)
    face = _FACES[card[0]][0 if fr else 1]
    suit = _SUITS.get(card[1], (card[1], card[1]))[0 if fr else 1]
    return f"{face} de {suit}" if fr else f"{face} of {suit}"


def the_enemy(card, fr, capital=False):
    """The enemy with its article: ``la Reine de Cœur``, ``the Queen of Hearts``."""
    name = enemy_name(card, fr)
    if fr:
        article = "la" if isinstance(card, str) and card[:1] == "Q" else "le"
    else:
        article = "the"
    if capital:
        article = article.capitalize()
    return f"{article} {name}"


def _cards(cards):
    if not isinstance(cards, (list, tuple)):
        return str(cards)
    return " ".join(card_label(c) for c in cards)


def describe(entry, lang="en", names=None):
    """One sentence for ``entry`` in ``lang`` ("en" or "fr")."""
    fr = lang == "fr"
    names = names or {}
    if not isinstance(entry, dict):
        return str(entry)

    def who(key="player"):
        value = entry.get(key)
        try:
            return str(names.get(value, value))
        except TypeError:
            return str(value)

    event = entry.get("event")
    if event == "start":
        players = ", ".join(str(names.get(p, p)) for p in entry.get("players", []))
        if entry.get("solo"):
            return f"Partie en solo : {players}." if fr else f"A solo game: {players}."
        if fr:
            return f"La partie commence : {players}. {who('first_player')} joue en premier."
        return f"The game starts: {players}. {who('first_player')} plays first."
    if event == "enemy":
        name = the_enemy(entry.get("card"), fr)
        left = entry.get("castle")
        if fr:
            return f"Nouvel ennemi : {name} ({left} carte(s) restent dans le Château)."
        return f"New enemy: {name} ({left} card(s) left in the Castle)."
    if event == "play":
        return _play(entry, fr, who())
    if event == "jester":
        extra = ""
        if entry.get("shield"):
            n = entry["shield"]
            extra = (
                f" Les Piques déjà joués comptent : bouclier de {n}."
                if fr
                else f" The Spades already played now count: a shield of {n}."
            )
        if fr:
            return f"{who()} joue le Bouffon : l'ennemi perd son immunité.{extra}"
        return f"{who()} plays the Jester: the enemy loses its immunity.{extra}"
    if event == "choose_next":
        if fr:
            return f"{who()} choisit {who('next')} pour jouer ensuite."
        return f"{who()} chooses {who('next')} to play next."
    if event == "yield":
        return f"{who()} passe." if fr else f"{who()} yields."
    if event == "defeat":
        name = the_enemy(entry.get("card"), fr)
        if entry.get("exact"):
            if fr:
                return (
                    f"{who()} vainc {name} avec des dégâts exacts : "
                    "la carte rejoint la Taverne, face cachée sur le dessus."
                )
            return (
                f"{who()} defeats {name} with exact damage: it goes face down on top of the Tavern."
            )
        if fr:
            return f"{who()} vainc {name}, qui part à la défausse."
        return f"{who()} defeats {name}, which goes to the discard pile."
    if event == "attack":
        name = the_enemy(entry.get("card"), fr, capital=True)
        amount = entry.get("amount")
        if not amount:
            if fr:
                return f"{name} attaque {who()}, mais les boucliers arrêtent tout."
            return f"{name} attacks {who()}, but the shields stop it all."
        if fr:
            return f"{name} attaque {who()} : {amount} dégâts à encaisser."
        return f"{name} attacks {who()} for {amount}."
    if event == "discard":
        cards = _cards(entry.get("cards"))
        value = entry.get("value")
        if fr:
            return f"{who()} se défausse de {cards} (valeur {value})."
        return f"{who()} discards {cards} (worth {value})."
    if event == "flip_jester":
        drawn = entry.get("drawn")
        left = entry.get("jesters_left")
        if fr:
            return (
                f"{who()} retourne un Bouffon : main défaussée, {drawn} carte(s) piochée(s) "
                f"({left} Bouffon(s) restant(s))."
            )
        return (
            f"{who()} flips a Jester: the hand is discarded and {drawn} card(s) drawn "
            f"({left} Jester(s) left)."
        )
    if event == "lost":
        reason = _REASONS.get(entry.get("reason"), ("ne peut plus jouer", "cannot go on"))
        return f"{who()} {reason[0 if fr else 1]}."
    if event == "won":
        medal = _MEDALS.get(entry.get("medal"))
        if medal:
            if fr:
                return f"Le dernier Roi tombe : victoire {medal[0]} !"
            return f"The last King falls: a {medal[1]} victory!"
        return "Le dernier Roi tombe : victoire !" if fr else "The last King falls: victory!"
    return str(event)


def _play(entry, fr, player):
    cards = _cards(entry.get("cards"))
    attack = entry.get("attack")
    parts = []
    if entry.get("healed") is not None:
        n = entry["healed"]
        parts.append(
            f"{n} carte(s) de la défausse sous la Taverne"
            if fr
            else f"{n} card(s) healed into the Tavern"
        )
    if entry.get("drawn") is not None:
        n = entry["drawn"]
        parts.append(f"{n} carte(s) piochée(s)" if fr else f"{n} card(s) drawn")
    if entry.get("shield") is not None:
        n = entry["shield"]
        parts.append(f"bouclier de {n}" if fr else f"a shield of {n}")
    immune = entry.get("immune")
    if immune in _SUITS:
        suit = _SUITS[immune][0 if fr else 1]
        parts.append(f"l'ennemi est immunisé au {suit}" if fr else f"the enemy is immune to {suit}")
    damage = entry.get("damage")
    if fr:
        text = f"{player} joue {cards} (attaque {attack}) : {damage} dégâts"
    else:
        text = f"{player} plays {cards} (attack {attack}): {damage} damage"
    if parts:
        text += ", " + ", ".join(parts)
    return text + "."
