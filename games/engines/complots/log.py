"""Readable sentences for log entries: ``describe(entry, lang="en", names=None)``.

Entries are the plain dicts listed in the package docstring. ``describe`` is pure: it reads
the entry (and ``names``, an optional mapping of player ids to display names) and returns a
``Sentence`` (``games.engines.sentences``): the English text, with its ``N_``-marked
template and parameters, which the platform translates (the French is in the site's
catalogue). ``lang`` is accepted for the callers that pass it; the sentence does not depend
on it.

Words: English says "coins", "the Treasury", "the Court" and "Coup" (the 7-coin action, never
to be mistaken for the Assassin); French says "Or", "le Trésor", "la Cour", "l’Aide
étrangère" and "Assassinat". French sentences elide "de" before a vowel ("d’Alice": player
names are ``Name``s) and never agree with a player's gender, which the site does not know
("Carol est hors jeu"). Private entries (``"only"``: the one player who sees them) speak to
that player ("you").
"""

from games.engines.base import N_
from games.engines.sentences import Name, Nn_, Sentence, joined

#: Each character with its article (the French ones are in the catalogue: "la Duchesse").
_CHARACTERS = {
    "duchesse": N_("the Duchesse"),
    "illusionniste": N_("the Illusionniste"),
    "ursuline": N_("the Ursuline"),
    "assassin": N_("the Assassin"),
    "bourreau": N_("the Bourreau"),
    "maitre_chanteur": N_("the Maître-Chanteur"),
    "comtesse": N_("the Comtesse"),
    "sorciere": N_("the Sorcière"),
    "croque_mort": N_("the Croque-Mort"),
    "capitaine": N_("the Capitaine"),
    "justicier": N_("the Justicier"),
    "pape": N_("the Pape"),
    "ambassadeur": N_("the Ambassadeur"),
    "inquisiteur": N_("the Inquisiteur"),
    "espion": N_("the Espion"),
}

_CONVERTED = {
    "catholique": N_("%(player)s converts %(target)s: Catholic."),
    "protestant": N_("%(player)s converts %(target)s: Protestant."),
}

_PASSES = {
    "challenge": N_("%(player)s does not challenge."),
    "block": N_("%(player)s does not block."),
    "announce": N_("%(player)s announces nothing."),
}

#: Characters announced in a window that follows no announcement of them ("announces", not
#: "also announces").
_FIRST_ANNOUNCED = frozenset({"sorciere", "croque_mort", "comtesse"})

#: Events told by the player and, in "character", the character they name.
_PLAIN = {
    "skip": N_("%(player)s holds the Mendiant and skips the turn."),
    "foreign_aid": N_("%(player)s asks for Foreign Aid."),
    "coup": N_("%(player)s launches a Coup against %(target)s (7 coins)."),
    "block": N_("%(player)s blocks %(against)s with %(character)s."),
    "announce": N_("%(player)s also announces %(character)s."),
    "resign": N_("%(player)s resigns."),
    "eliminated": N_("%(player)s is eliminated."),
    "win": N_("%(player)s wins the game!"),
    "blocked": N_("%(player)s's action is blocked."),
    "failed": N_("%(player)s's action fails."),
    "abuse_of_trust": N_("%(player)s claims not to hold the Duchesse (Abus de confiance)."),
    "plague": N_("%(player)s gives the Peste to %(target)s."),
    "beggar": N_("%(player)s gives the Mendiant to %(target)s."),
}

#: Events told by the player and an amount of coins.
_AMOUNTS = {
    "income": N_("%(player)s takes Income (%(amount)s)."),
    "gain": N_("%(player)s takes %(amount)s from the Treasury."),
    "steal": N_("%(player)s takes %(amount)s from %(target)s."),
    "sorciere": N_("%(player)s gains %(amount)s with the Sorcière."),
    "inherit": N_("%(player)s inherits %(amount)s from %(from)s."),
    "take_hospice": N_("%(player)s takes %(amount)s from the Hospice."),
}

_PAID = {
    "treasury": N_("%(player)s pays %(amount)s to the Treasury."),
    "hospice": N_("%(player)s gives %(amount)s to the Hospice."),
}

#: (no character named, a character named) by event
_WITH_CHARACTER = {
    "challenge": (
        N_("%(player)s challenges %(claimant)s's Abus de confiance."),
        N_("%(player)s challenges %(claimant)s's claim of %(character)s."),
    ),
    "proof": (
        N_("%(player)s shows %(cards)s: no Duchesse."),
        N_("%(player)s shows %(character)s and shuffles it into the Court."),
    ),
    "bluff": (
        N_("%(player)s had the Duchesse."),
        N_("%(player)s did not have %(character)s."),
    ),
    "lose": (
        N_("%(player)s loses a life (the card stays face down)."),
        N_("%(player)s loses a life and reveals %(character)s."),
    ),
}


def _char(slug):
    template = _CHARACTERS.get(slug)
    return str(slug) if template is None else Sentence(template)


def _bare(slug):
    """The character's name without its article ("Sorcière"), the same in every language."""
    template = _CHARACTERS.get(slug)
    return str(slug) if template is None else template.removeprefix("the ")


def _coins(n):
    return Sentence(Nn_("%(count)s coin", "%(count)s coins"), count=n)


def _cards(slugs):
    names = [_char(x) for x in slugs]
    if len(names) < 2:
        return names[0] if names else ""
    return Sentence(N_("%(items)s and %(last)s"), items=joined(names[:-1]), last=names[-1])


def describe(entry, lang="en", names=None):
    """One ``Sentence`` for ``entry`` (``lang`` is not used: the platform translates)."""
    names = names or {}

    def who(key):
        value = entry.get(key)
        return Name(names.get(value, value))

    event = entry.get("event")
    params = {
        "player": who("player"),
        "target": who("target"),
        "against": who("against"),
        "claimant": who("claimant"),
        "to": who("to"),
        "from": who("from"),
        "character": _char(entry.get("character")),
    }
    private = _PRIVATE.get(event)
    if private is not None:
        return private(entry, params)
    if event == "announce" and entry.get("character") in _FIRST_ANNOUNCED:
        # nobody announced her before: the Sorcière for one's own life, the Croque-Mort for
        # an estate, the Comtesse against the Peste
        return Sentence(N_("%(player)s announces %(character)s."), params)
    if event in _PLAIN:
        return Sentence(_PLAIN[event], params)
    if event in _AMOUNTS:
        return Sentence(_AMOUNTS[event], params, amount=_coins(entry.get("amount")))
    if event in _WITH_CHARACTER:
        none, named = _WITH_CHARACTER[event]
        if entry.get("character") is None:
            return Sentence(none, params, cards=_cards(entry.get("cards", [])))
        return Sentence(named, params)
    if event == "start":
        players = ", ".join(str(names.get(p, p)) for p in entry.get("players", []))
        chars = ", ".join(_bare(x) for x in entry.get("characters", []))
        return Sentence(
            N_("The game starts: %(players)s. Characters: %(characters)s."),
            players=players,
            characters=chars,
        )
    if event == "turn":
        return Sentence(N_("Turn %(number)s: %(player)s."), params, number=entry.get("number"))
    if event == "claim":
        return Sentence(_claim(entry), params)
    if event == "pass":
        if entry.get("moment") == "announce" and entry.get("character") in _CHARACTERS:
            return Sentence(N_("%(player)s does not announce %(character)s."), params)
        return Sentence(_PASSES.get(entry.get("moment"), N_("%(player)s passes.")), params)
    if event == "pay":
        template = _PAID.get(entry.get("to"), N_("%(player)s gives %(amount)s to %(to)s."))
        return Sentence(template, params, amount=_coins(entry.get("amount")))
    if event == "exchange":
        n = entry.get("drawn")
        if n == 1:
            return Sentence(N_("%(player)s draws 1 card from the Court."), params)
        return Sentence(N_("%(player)s draws %(count)s cards from the Court."), params, count=n)
    if event == "examine":
        if entry.get("discarded"):
            return Sentence(N_("%(player)s makes %(target)s discard the card seen."), params)
        return Sentence(N_("%(player)s gives %(target)s the card back."), params)
    if event == "convert":
        template = _CONVERTED.get(entry.get("religion"), N_("%(player)s converts %(target)s: ?."))
        return Sentence(template, params)
    return str(event)


def _claim(entry):
    mode = entry.get("mode")
    if "target" in entry:
        if mode == "examine":
            return N_("%(player)s announces %(character)s to examine a card of %(target)s.")
        return N_("%(player)s announces %(character)s against %(target)s.")
    if mode == "exchange":
        return N_("%(player)s announces %(character)s to exchange a card.")
    return N_("%(player)s announces %(character)s.")


def _drew(entry, params):
    cards = _cards(entry.get("cards", []))
    return Sentence(N_("You drew %(cards)s (only you know this)."), cards=cards)


def _kept(entry, params):
    cards = _cards(entry.get("cards", []))
    if not cards:
        return Sentence(N_("You kept no card."))
    return Sentence(N_("You kept %(cards)s (only you know this)."), cards=cards)


def _seen(entry, params):
    cards = _cards(entry.get("cards", []))
    return Sentence(N_("%(player)s shows you %(cards)s (only you know this)."), params, cards=cards)


# Private entries: what only their player (``"to"``) learns.
_PRIVATE = {"drew": _drew, "kept": _kept, "seen": _seen}
