"""Readable sentences for log entries: ``describe(entry, lang="en", names=None)``.

Entries are the plain dicts listed in the package docstring. ``describe`` is pure: it reads
the entry (and ``names``, an optional mapping of player ids to display names) and returns
one sentence in English (``"en"``) or French (``"fr"``).
"""

from games.engines.complots.characters import NAMES

_RELIGION = {
    "catholique": ("catholique", "Catholic"),
    "protestant": ("protestant", "Protestant"),
}

_REASONS_FR = {}


def _char(slug, fr):
    pair = NAMES.get(slug)
    if pair is None:
        return str(slug)
    return pair[0] if fr else pair[1]


def _coins(n, fr):
    return f"{n} Or"


def describe(entry, lang="en", names=None):
    """One sentence for ``entry`` in ``lang`` ("en" or "fr")."""
    fr = lang == "fr"
    names = names or {}

    def who(key):
        value = entry.get(key)
        return str(names.get(value, value))

    event = entry.get("event")
    c = _char(entry.get("character"), fr)
    if event == "start":
        players = ", ".join(str(names.get(p, p)) for p in entry.get("players", []))
        chars = ", ".join(_char(x, fr) for x in entry.get("characters", []))
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
            else f"{who('player')} takes Income ({entry.get('amount')} Or)."
        )
    if event == "foreign_aid":
        return (
            f"{who('player')} demande l'Aide Étrangère."
            if fr
            else f"{who('player')} asks for Foreign Aid."
        )
    if event == "coup":
        return (
            f"{who('player')} assassine (Assassinat) {who('target')}."
            if fr
            else f"{who('player')} launches an Assassinat against {who('target')}."
        )
    if event == "claim":
        mode = entry.get("mode")
        if "target" in entry:
            extra_fr = " pour examiner une carte de" if mode == "examine" else " contre"
            extra_en = " to examine a card of" if mode == "examine" else " against"
            return (
                f"{who('player')} annonce {c}{extra_fr} {who('target')}."
                if fr
                else f"{who('player')} announces {c}{extra_en} {who('target')}."
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
    if event == "challenge":
        if entry.get("character") is None:
            return (
                f"{who('player')} met en doute l'Abus de confiance de {who('claimant')}."
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
            cards = ", ".join(_char(x, fr) for x in entry.get("cards", []))
            return (
                f"{who('player')} montre {cards} : pas de Duchesse."
                if fr
                else f"{who('player')} shows {cards}: no Duchesse."
            )
        return (
            f"{who('player')} montre {c} et le mélange à la Cour."
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
        return f"{who('player')} n'avait pas {c}." if fr else f"{who('player')} did not have {c}."
    if event == "lose":
        if entry.get("character") is None:
            return (
                f"{who('player')} perd une vie (carte gardée face cachée)."
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
        return f"{who('player')} est éliminé." if fr else f"{who('player')} is eliminated."
    if event == "win":
        return f"{who('player')} gagne la partie !" if fr else f"{who('player')} wins the game!"
    if event == "gain":
        return (
            f"{who('player')} prend {entry.get('amount')} Or au Trésor."
            if fr
            else f"{who('player')} takes {entry.get('amount')} Or from the Trésor."
        )
    if event == "pay":
        to = entry.get("to")
        amount = entry.get("amount")
        if to == "treasury":
            return (
                f"{who('player')} paie {amount} Or au Trésor."
                if fr
                else f"{who('player')} pays {amount} Or to the Trésor."
            )
        if to == "hospice":
            return (
                f"{who('player')} donne {amount} Or à l'Hospice."
                if fr
                else f"{who('player')} gives {amount} Or to the Hospice."
            )
        return (
            f"{who('player')} donne {amount} Or à {who('to')}."
            if fr
            else f"{who('player')} gives {amount} Or to {who('to')}."
        )
    if event == "steal":
        return (
            f"{who('player')} prend {entry.get('amount')} Or à {who('target')}."
            if fr
            else f"{who('player')} takes {entry.get('amount')} Or from {who('target')}."
        )
    if event == "blocked":
        return (
            f"L'action de {who('player')} est contrée."
            if fr
            else f"{who('player')}'s action is blocked."
        )
    if event == "failed":
        return f"L'action de {who('player')} échoue." if fr else f"{who('player')}'s action fails."
    if event == "exchange":
        return (
            f"{who('player')} pioche {entry.get('drawn')} carte(s) à la Cour."
            if fr
            else f"{who('player')} draws {entry.get('drawn')} card(s) from the Court."
        )
    if event == "examine":
        if entry.get("discarded"):
            return (
                f"{who('player')} fait défausser la carte vue de {who('target')}."
                if fr
                else f"{who('player')} makes {who('target')} discard the card seen."
            )
        return (
            f"{who('player')} rend sa carte à {who('target')}."
            if fr
            else f"{who('player')} gives {who('target')} the card back."
        )
    if event == "sorciere":
        return (
            f"{who('player')} gagne {entry.get('amount')} Or grâce à la Sorcière."
            if fr
            else f"{who('player')} gains {entry.get('amount')} Or with the Sorcière."
        )
    if event == "inherit":
        return (
            f"{who('player')} hérite de {entry.get('amount')} Or de {who('from')}."
            if fr
            else f"{who('player')} inherits {entry.get('amount')} Or from {who('from')}."
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
        return (
            f"{who('player')} prend {entry.get('amount')} Or de l'Hospice."
            if fr
            else f"{who('player')} takes {entry.get('amount')} Or from the Hospice."
        )
    if event == "plague":
        return (
            f"{who('player')} donne la Peste à {who('target')}."
            if fr
            else f"{who('player')} gives La Peste to {who('target')}."
        )
    if event == "beggar":
        return (
            f"{who('player')} donne le Mendiant à {who('target')}."
            if fr
            else f"{who('player')} gives Le Mendiant to {who('target')}."
        )
    return str(event)
