"""Readable sentences for log entries: ``describe(entry, lang="en", names=None)``.

Entries are the plain dicts listed in the package docstring. ``describe`` is pure: it reads
the entry (and ``names``, an optional mapping of player ids to display names) and returns a
``Sentence`` (``games.engines.sentences``): the English text with its ``N_``-marked template
and parameters, which the platform translates (the French is in the site's catalogue);
``lang`` is accepted for the callers that pass it and not used. Unknown entries give a
neutral sentence, never an error.
"""

from games.engines.base import N_
from games.engines.sentences import Name, Sentence, joined

_SUITS = {"H": N_("Hearts"), "D": N_("Diamonds"), "C": N_("Clubs"), "S": N_("Spades")}
_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
#: An enemy with its article, by face (French: "la Reine de Cœur").
_FACES = {
    "J": N_("the Jack of %(suit)s"),
    "Q": N_("the Queen of %(suit)s"),
    "K": N_("the King of %(suit)s"),
}
_LOST = {
    "cover": N_("%(player)s cannot cover the attack: the game is lost."),
    "stuck": N_("%(player)s can neither play nor yield: the game is lost."),
}
_WON = {
    "gold": N_("The last King falls: a gold victory!"),
    "silver": N_("The last King falls: a silver victory!"),
    "bronze": N_("The last King falls: a bronze victory!"),
}


def card_label(card):
    """A short label: ``7♥``, ``A♠``, ``K♣``, ``Jester``."""
    if not isinstance(card, str) or len(card) < 2:
        return str(card)
    if card[0] == "X":
        return "🃏"
    symbol = _SYMBOLS.get(card[-1])
    return card[:-1] + symbol if symbol else card


def _suit(letter):
    template = _SUITS.get(letter)
    return str(letter) if template is None else Sentence(template)


def the_enemy(card):
    """The enemy with its article: ``the Queen of Hearts`` (``la Reine de Cœur``); a
    capital when it opens the sentence."""
    if not isinstance(card, str) or len(card) != 2 or card[0] not in _FACES:
        return Sentence(N_("the %(card)s"), card=str(card))
    return Sentence(_FACES[card[0]], suit=_suit(card[1]))


def _cards(cards):
    if not isinstance(cards, (list, tuple)):
        return str(cards)
    return " ".join(card_label(c) for c in cards)


def describe(entry, lang="en", names=None):
    """One ``Sentence`` for ``entry`` (``lang`` is not used: the platform translates)."""
    names = names or {}
    if not isinstance(entry, dict):
        return str(entry)

    def who(key="player"):
        value = entry.get(key)
        try:
            return Name(names.get(value, value))
        except TypeError:
            return Name(value)

    event = entry.get("event")
    player = who()
    if event == "start":
        players = ", ".join(str(names.get(p, p)) for p in entry.get("players", []))
        if entry.get("solo"):
            return Sentence(N_("A solo game: %(players)s."), players=players)
        return Sentence(
            N_("The game starts: %(players)s. %(first_player)s plays first."),
            players=players,
            first_player=who("first_player"),
        )
    if event == "enemy":
        return Sentence(
            N_("New enemy: %(enemy)s (%(left)s card(s) left in the Castle)."),
            enemy=the_enemy(entry.get("card")),
            left=entry.get("castle"),
        )
    if event == "play":
        return _play(entry, player)
    if event == "jester":
        if entry.get("shield"):
            return Sentence(
                N_(
                    "%(player)s plays the Jester: the enemy loses its immunity. "
                    "The Spades already played now count: a shield of %(count)s."
                ),
                player=player,
                count=entry["shield"],
            )
        return Sentence(
            N_("%(player)s plays the Jester: the enemy loses its immunity."), player=player
        )
    if event == "choose_next":
        return Sentence(
            N_("%(player)s chooses %(next)s to play next."), player=player, next=who("next")
        )
    if event == "yield":
        return Sentence(N_("%(player)s yields."), player=player)
    if event == "defeat":
        if entry.get("exact"):
            template = N_(
                "%(player)s defeats %(enemy)s with exact damage: "
                "it goes face down on top of the Tavern."
            )
        else:
            template = N_("%(player)s defeats %(enemy)s, which goes to the discard pile.")
        return Sentence(template, player=player, enemy=the_enemy(entry.get("card")))
    if event == "attack":
        amount = entry.get("amount")
        if not amount:
            template = N_("%(enemy)s attacks %(player)s, but the shields stop it all.")
        else:
            template = N_("%(enemy)s attacks %(player)s for %(amount)s.")
        enemy = the_enemy(entry.get("card"))
        return Sentence(template, player=player, enemy=enemy, amount=amount)
    if event == "discard":
        return Sentence(
            N_("%(player)s discards %(cards)s (worth %(value)s)."),
            player=player,
            cards=_cards(entry.get("cards")),
            value=entry.get("value"),
        )
    if event == "flip_jester":
        return Sentence(
            N_(
                "%(player)s flips a Jester: the hand is discarded and %(drawn)s card(s) drawn "
                "(%(left)s Jester(s) left)."
            ),
            player=player,
            drawn=entry.get("drawn"),
            left=entry.get("jesters_left"),
        )
    if event == "lost":
        template = _LOST.get(entry.get("reason"), N_("%(player)s cannot go on."))
        return Sentence(template, player=player)
    if event == "won":
        return Sentence(_WON.get(entry.get("medal"), N_("The last King falls: victory!")))
    return str(event)


def _play(entry, player):
    parts = []
    if entry.get("healed") is not None:
        parts.append(
            Sentence(N_("%(count)s card(s) healed into the Tavern"), count=entry["healed"])
        )
    if entry.get("drawn") is not None:
        parts.append(Sentence(N_("%(count)s card(s) drawn"), count=entry["drawn"]))
    if entry.get("shield") is not None:
        parts.append(Sentence(N_("a shield of %(count)s"), count=entry["shield"]))
    immune = entry.get("immune")
    if immune in _SUITS:
        parts.append(Sentence(N_("the enemy is immune to %(suit)s"), suit=_suit(immune)))
    played = Sentence(
        N_("%(player)s plays %(cards)s (attack %(attack)s): %(damage)s damage"),
        player=player,
        cards=_cards(entry.get("cards")),
        attack=entry.get("attack"),
        damage=entry.get("damage"),
    )
    if parts:  # the glue is the same in every language
        return Sentence("%(played)s, %(parts)s.", played=played, parts=joined(parts))
    return Sentence("%(played)s.", played=played)
