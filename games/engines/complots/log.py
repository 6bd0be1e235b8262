"""Readable sentences for log entries: ``describe(entry, lang="en", names=None)``.

Entries are the plain dicts listed in the package docstring. ``describe`` is pure: it reads
the entry (and ``names``, an optional mapping of player ids to display names) and returns
one sentence in English (``"en"``) or French (``"fr"``).

Words: English says "coins", "the Treasury", "the Court" and "Coup" (the 7-coin action, never
to be mistaken for the Assassin); French says "Or", "le Trésor", "la Cour", "l’Aide
étrangère" and "Assassinat". French sentences elide "de" before a vowel ("d’Alice") and never
agree with a player's gender, which the site does not know ("Carol est hors jeu").
Private entries (``"only"``: the one player who sees them) speak to that player ("you").
"""

from games.engines.complots.characters import NAMES

_RELIGION = {
    "catholique": ("catholique", "Catholic"),
    "protestant": ("protestant", "Protestant"),
}

_VOWELS = set("aeiouyhàâäéèêëîïôöûüAEIOUYHÀÂÄÉÈÊËÎÏÔÖÛÜ")


def _char(slug, fr):
    pair = NAMES.get(slug)
    if pair is None:
        return str(slug)
    return pair[0].replace("'", "’") if fr else pair[1]


def _bare(slug, fr):
    """The character's name without its article ("Sorcière")."""
    name = _char(slug, fr)
    for article in ("the ", "la ", "le ", "l’"):
        if name.startswith(article):
            return name[len(article) :]
    return name


def _coins(n, fr):
    if fr:
        return f"{n} Or"
    return f"{n} coin" if n == 1 else f"{n} coins"


def _of(name):
    """French "de" before a name: "d’Alice", "de Bob"."""
    return f"d’{name}" if name[:1] in _VOWELS else f"de {name}"


def _cards(slugs, fr):
    names = [_char(x, fr) for x in slugs]
    if len(names) < 2:
        return "".join(names)
    joiner = " et " if fr else " and "
    return ", ".join(names[:-1]) + joiner + names[-1]


def describe(entry, lang="en", names=None):
    """One sentence for ``entry`` in ``lang`` ("en" or "fr")."""
    fr = lang == "fr"
    names = names or {}

    def who(key):
        value = entry.get(key)
        return str(names.get(value, value))

    event = entry.get("event")
    c = _char(entry.get("character"), fr)
    text = _PRIVATE.get(event)
    if text is not None:
        return text(entry, who, fr)
    if event == "start":
        players = ", ".join(str(names.get(p, p)) for p in entry.get("players", []))
        chars = ", ".join(_bare(x, fr) for x in entry.get("characters", []))
        if fr:
            return f"La partie commence : {players}. Personnages : {chars}."
        return f"The game starts: {players}. Characters: {chars}."
    if event == "turn":
        return (
            f"Tour {entry.get('number')} : {who('player')}."
            if fr
            else f"Turn {entry.get('number')}: {who('player')}."
        )
    if event == "skip":
        return (
            f"{who('player')} a le Mendiant et passe son tour."
            if fr
            else f"{who('player')} holds Le Mendiant and skips the turn."
        )
    if event == "income":
        return (
            f"{who('player')} prend le Revenu ({_coins(entry.get('amount'), fr)})."
            if fr
            else f"{who('player')} takes Income ({_coins(entry.get('amount'), fr)})."
        )
    if event == "foreign_aid":
        return (
            f"{who('player')} demande l’Aide étrangère."
            if fr
            else f"{who('player')} asks for Foreign Aid."
        )
    if event == "coup":
        return (
            f"{who('player')} lance un Assassinat contre {who('target')} (7 Or)."
            if fr
            else f"{who('player')} launches a Coup against {who('target')} (7 coins)."
        )
    if event == "claim":
        mode = entry.get("mode")
        if "target" in entry:
            if mode == "examine":
                return (
                    f"{who('player')} annonce {c} pour examiner une carte {_of(who('target'))}."
                    if fr
                    else f"{who('player')} announces {c} to examine a card of {who('target')}."
                )
            return (
                f"{who('player')} annonce {c} contre {who('target')}."
                if fr
                else f"{who('player')} announces {c} against {who('target')}."
            )
        if mode == "exchange":
            return (
                f"{who('player')} annonce {c} pour échanger une carte."
                if fr
                else f"{who('player')} announces {c} to exchange a card."
            )
        return f"{who('player')} annonce {c}." if fr else f"{who('player')} announces {c}."
    if event == "block":
        return (
            f"{who('player')} contre {who('against')} avec {c}."
            if fr
            else f"{who('player')} blocks {who('against')} with {c}."
        )
    if event == "announce":
        return (
            f"{who('player')} annonce {c} à son tour."
            if fr
            else f"{who('player')} also announces {c}."
        )
    if event == "pass":
        return _pass(entry.get("moment"), who("player"), fr)
    if event == "challenge":
        if entry.get("character") is None:
            return (
                f"{who('player')} met en doute l’Abus de confiance {_of(who('claimant'))}."
                if fr
                else f"{who('player')} challenges {who('claimant')}'s Abus de confiance."
            )
        return (
            f"{who('player')} met en doute {who('claimant')}, qui annonce {c}."
            if fr
            else f"{who('player')} challenges {who('claimant')}'s claim of {c}."
        )
    if event == "proof":
        if entry.get("character") is None:
            cards = _cards(entry.get("cards", []), fr)
            return (
                f"{who('player')} montre {cards} : pas de Duchesse."
                if fr
                else f"{who('player')} shows {cards}: no Duchesse."
            )
        return (
            f"{who('player')} montre {c} ; la carte est mélangée à la Cour."
            if fr
            else f"{who('player')} shows {c} and shuffles it into the Court."
        )
    if event == "bluff":
        if entry.get("character") is None:
            return (
                f"{who('player')} avait la Duchesse."
                if fr
                else f"{who('player')} had the Duchesse."
            )
        return f"{who('player')} n’avait pas {c}." if fr else f"{who('player')} did not have {c}."
    if event == "lose":
        if entry.get("character") is None:
            return (
                f"{who('player')} perd une vie (la carte reste face cachée)."
                if fr
                else f"{who('player')} loses a life (the card stays face down)."
            )
        return (
            f"{who('player')} perd une vie et révèle {c}."
            if fr
            else f"{who('player')} loses a life and reveals {c}."
        )
    if event == "resign":
        return f"{who('player')} abandonne la partie." if fr else f"{who('player')} resigns."
    if event == "eliminated":
        return f"{who('player')} est hors jeu." if fr else f"{who('player')} is eliminated."
    if event == "win":
        return f"{who('player')} gagne la partie !" if fr else f"{who('player')} wins the game!"
    if event == "gain":
        amount = _coins(entry.get("amount"), fr)
        return (
            f"{who('player')} prend {amount} au Trésor."
            if fr
            else f"{who('player')} takes {amount} from the Treasury."
        )
    if event == "pay":
        to = entry.get("to")
        amount = _coins(entry.get("amount"), fr)
        if to == "treasury":
            return (
                f"{who('player')} paie {amount} au Trésor."
                if fr
                else f"{who('player')} pays {amount} to the Treasury."
            )
        if to == "hospice":
            return (
                f"{who('player')} donne {amount} à l’Hospice."
                if fr
                else f"{who('player')} gives {amount} to the Hospice."
            )
        return (
            f"{who('player')} donne {amount} à {who('to')}."
            if fr
            else f"{who('player')} gives {amount} to {who('to')}."
        )
    if event == "steal":
        amount = _coins(entry.get("amount"), fr)
        return (
            f"{who('player')} prend {amount} à {who('target')}."
            if fr
            else f"{who('player')} takes {amount} from {who('target')}."
        )
    if event == "blocked":
        return (
            f"L’action {_of(who('player'))} est contrée."
            if fr
            else f"{who('player')}'s action is blocked."
        )
    if event == "failed":
        return (
            f"L’action {_of(who('player'))} échoue." if fr else f"{who('player')}'s action fails."
        )
    if event == "exchange":
        n = entry.get("drawn")
        return (
            f"{who('player')} pioche {n} carte{'s' if n != 1 else ''} à la Cour."
            if fr
            else f"{who('player')} draws {n} card{'s' if n != 1 else ''} from the Court."
        )
    if event == "examine":
        if entry.get("discarded"):
            return (
                f"{who('player')} fait défausser la carte vue à {who('target')}."
                if fr
                else f"{who('player')} makes {who('target')} discard the card seen."
            )
        return (
            f"{who('player')} rend sa carte à {who('target')}."
            if fr
            else f"{who('player')} gives {who('target')} the card back."
        )
    if event == "sorciere":
        amount = _coins(entry.get("amount"), fr)
        return (
            f"{who('player')} gagne {amount} grâce à la Sorcière."
            if fr
            else f"{who('player')} gains {amount} with the Sorcière."
        )
    if event == "inherit":
        amount = _coins(entry.get("amount"), fr)
        return (
            f"{who('player')} hérite de {amount} {_of(who('from'))}."
            if fr
            else f"{who('player')} inherits {amount} from {who('from')}."
        )
    if event == "convert":
        religion = _RELIGION.get(entry.get("religion"), ("?", "?"))
        return (
            f"{who('player')} convertit {who('target')} : {religion[0]}."
            if fr
            else f"{who('player')} converts {who('target')}: {religion[1]}."
        )
    if event == "abuse_of_trust":
        return (
            f"{who('player')} annonce ne pas avoir la Duchesse (Abus de confiance)."
            if fr
            else f"{who('player')} claims not to hold the Duchesse (Abus de confiance)."
        )
    if event == "take_hospice":
        amount = _coins(entry.get("amount"), fr)
        return (
            f"{who('player')} prend {amount} de l’Hospice."
            if fr
            else f"{who('player')} takes {amount} from the Hospice."
        )
    if event == "plague":
        return (
            f"{who('player')} donne La Peste à {who('target')}."
            if fr
            else f"{who('player')} gives La Peste to {who('target')}."
        )
    if event == "beggar":
        return (
            f"{who('player')} donne Le Mendiant à {who('target')}."
            if fr
            else f"{who('player')} gives Le Mendiant to {who('target')}."
        )
    return str(event)


def _pass(moment, player, fr):
    if moment == "challenge":
        return f"{player} ne met pas en doute." if fr else f"{player} does not challenge."
    if moment == "block":
        return f"{player} ne contre pas." if fr else f"{player} does not block."
    if moment == "announce":
        return f"{player} n’annonce rien." if fr else f"{player} announces nothing."
    return f"{player} passe." if fr else f"{player} passes."


def _drew(entry, who, fr):
    cards = _cards(entry.get("cards", []), fr)
    return (
        f"Vous piochez {cards} (vous seul le savez)."
        if fr
        else f"You drew {cards} (only you know this)."
    )


def _kept(entry, who, fr):
    cards = _cards(entry.get("cards", []), fr)
    if not cards:
        return "Vous ne gardez aucune carte." if fr else "You kept no card."
    return (
        f"Vous gardez {cards} (vous seul le savez)."
        if fr
        else f"You kept {cards} (only you know this)."
    )


def _seen(entry, who, fr):
    cards = _cards(entry.get("cards", []), fr)
    return (
        f"{who('player')} vous montre {cards} (vous seul le savez)."
        if fr
        else f"{who('player')} shows you {cards} (only you know this)."
    )


# Private entries: what only their player (``"to"``) learns.
_PRIVATE = {"drew": _drew, "kept": _kept, "seen": _seen}
