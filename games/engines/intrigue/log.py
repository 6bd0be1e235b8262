"""Readable sentences for log entries: ``describe(entry, lang="en", names=None)``.

Entries are the plain dicts listed in the package docstring; none carries hidden money
(the ``end`` entry reveals everyone's, as the final scores do). ``names`` optionally maps
player ids to display names.
"""

_KIND_NAMES = {
    "chimiste": ("Chimiste", "Chemist"),
    "ecrivain": ("Écrivain", "Writer"),
    "medecin": ("Médecin", "Physician"),
    "religieux": ("Religieux", "Cleric"),
}

_PLURALS = {
    "chimiste": ("Chimistes", "Chemists"),
    "ecrivain": ("Écrivains", "Writers"),
    "medecin": ("Médecins", "Physicians"),
    "religieux": ("Religieux", "Clerics"),
}

_STAGES = {
    "place": ("les conseillers sans conflit", "the advisors in no conflict"),
    "order": ("l'ordre des conflits externes", "the order of the external conflicts"),
    "external": ("un conflit externe", "an external conflict"),
    "internal": ("un conflit interne", "an internal conflict"),
}


def _ducats(n, fr):
    if not isinstance(n, int):
        return str(n)
    if fr:
        return f"{n:,}".replace(",", "\u202f") + " ducats"
    return f"{n:,} ducats"


def _kind(slug, fr):
    pair = _KIND_NAMES.get(slug)
    if pair is None:
        return str(slug)
    return pair[0] if fr else pair[1]


def _advisor(name, fr):
    """'medecin-2' -> 'Médecin 2' / 'Physician 2'."""
    if not isinstance(name, str):
        return str(name)
    kind, _, number = name.rpartition("-")
    return f"{_kind(kind, fr)} {number}" if kind else _kind(name, fr)


def describe(entry, lang="en", names=None):
    """One sentence for ``entry`` in ``lang`` ("en" or "fr")."""
    fr = lang == "fr"
    names = names or {}

    def name(value):
        return str(names.get(value, value))

    def who(key):
        return name(entry.get(key))

    def of(owner, advisor):
        a = _advisor(advisor, fr)
        if fr:
            article = "l'" if a[:1] in "AEIOUÉ" else "le "
            return f"{article}{a} de {name(owner)}"
        return f"{name(owner)}'s {a}"

    def owned():
        return of(entry.get("owner"), entry.get("advisor"))

    def pair(value):
        owner, advisor = value if isinstance(value, list) and len(value) == 2 else ("?", "?")
        return of(owner, advisor)

    def slot_part():
        if entry.get("slot") is None:
            return ""
        slot = _ducats(entry["slot"], fr)
        return f" pour l'emplacement à {slot}" if fr else f" for the {slot} slot"

    event = entry.get("event")
    p = who("player")
    if event == "start":
        players = ", ".join(name(x) for x in entry.get("players", []))
        if fr:
            return f"La partie commence : {players}. {who('first_player')} commence."
        return f"The game starts: {players}. {who('first_player')} plays first."
    if event == "turn":
        r = entry.get("round")
        return f"Tour {r} : au tour de {p}." if fr else f"Round {r}: {p}'s turn."
    if event == "income":
        amount = _ducats(entry.get("ducats"), fr)
        if entry.get("final"):
            return f"Derniers revenus de {p} : {amount}." if fr else f"{p}'s last income: {amount}."
        return f"{p} reçoit {amount} de revenus." if fr else f"{p} receives {amount} of income."
    if event == "pass":
        if fr:
            return f"{p} n'a rien à accueillir ni à présenter : son tour passe."
        return f"{p} has nothing to receive or send: the turn passes."
    if event == "stage":
        stage = _STAGES.get(entry.get("stage"), (str(entry.get("stage")),) * 2)
        text = stage[0] if fr else stage[1]
        if entry.get("type"):
            text += f" ({_kind(entry['type'], fr)})"
        if entry.get("seated"):
            slot = _ducats(entry.get("slot"), fr)
            seated = pair(entry["seated"])
            text += f", {seated} à {slot}" if fr else f", {seated} at {slot}"
        return f"{p} règle {text}." if fr else f"{p} settles {text}."
    if event == "offer":
        amount = _ducats(entry.get("amount", 0) * 1000, fr)
        if fr:
            return f"{p} propose {amount}{slot_part()}."
        return f"{p} offers {amount}{slot_part()}."
    if event == "done":
        return f"{p} n'a plus rien à proposer." if fr else f"{p} has nothing more to offer."
    if event == "accept":
        amount = _ducats(entry.get("ducats"), fr)
        if entry.get("bank"):
            if fr:
                return f"{p} accepte l'offre de {who('from')} : la banque paie {amount}."
            return f"{p} accepts {who('from')}'s offer: the bank pays {amount}."
        if fr:
            return f"{p} accepte l'offre de {who('from')} et encaisse {amount}."
        return f"{p} accepts {who('from')}'s offer and takes {amount}."
    if event == "refuse":
        amount = _ducats(entry.get("amount", 0) * 1000, fr)
        if fr:
            return f"{p} refuse l'offre de {who('from')} ({amount})."
        return f"{p} turns down {who('from')}'s offer ({amount})."
    if event == "lapse":
        amount = _ducats(entry.get("amount", 0) * 1000, fr)
        if fr:
            return f"L'offre de {p} ({amount}) n'a pas été acceptée et tombe."
        return f"{p}'s offer ({amount}) was not accepted and lapses."
    if event == "order":
        plural = _PLURALS.get(entry.get("kind"))
        k = (plural[0] if fr else plural[1]) if plural else str(entry.get("kind"))
        if fr:
            return f"{p} règle maintenant le conflit des {k}."
        return f"{p} settles the {k}' conflict next."
    if event == "place":
        slot = _ducats(entry.get("slot"), fr)
        if fr:
            return f"{p} place {owned()} à l'emplacement à {slot}."
        return f"{p} places {owned()} on the {slot} slot."
    if event == "admit":
        slot = _ducats(entry.get("slot"), fr)
        if entry.get("challenge"):
            if fr:
                return f"{p} retient {owned()}, qui affrontera le conseiller à {slot}."
            return f"{p} admits {owned()}, who will face the advisor at {slot}."
        if fr:
            return f"{p} accueille {owned()} à l'emplacement à {slot}."
        return f"{p} admits {owned()} on the {slot} slot."
    if event == "replace":
        slot = _ducats(entry.get("slot"), fr)
        old = pair(entry.get("replaced"))
        if fr:
            return f"{p} remplace {old} par {owned()} à {slot}."
        return f"{p} replaces {old} with {owned()} at {slot}."
    if event == "keep":
        slot = _ducats(entry.get("slot"), fr)
        if fr:
            return f"{p} garde {owned()} à {slot}."
        return f"{p} keeps {owned()} at {slot}."
    if event == "exile":
        if fr:
            text = owned()
            return f"{text[0].upper()}{text[1:]} est exilé sur l'île."
        return f"{owned()} is exiled to the island."
    if event == "send":
        a = _advisor(entry.get("advisor"), fr)
        if fr:
            return f"{p} présente son {a} au château de {who('to')}."
        return f"{p} sends their {a} to {who('to')}'s castle."
    if event == "resign":
        if fr:
            return f"{p} abandonne la partie : ses conseillers restent en place."
        return f"{p} leaves the game: their advisors stay where they are."
    if event == "end":
        winners = ", ".join(name(x) for x in entry.get("winners", []))
        money = entry.get("money") or {}
        scores = ", ".join(f"{name(k)} {_ducats(v, fr)}" for k, v in money.items())
        gone = ", ".join(name(x) for x in entry.get("resigned", []))
        if fr:
            left = f" Abandon : {gone}." if gone else ""
            return f"Fin de la partie ({scores}). Victoire : {winners}.{left}"
        left = f" Left the game: {gone}." if gone else ""
        return f"The game is over ({scores}). Winner(s): {winners}.{left}"
    return str(event)
