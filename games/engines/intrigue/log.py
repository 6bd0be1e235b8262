"""Readable sentences for log entries: ``describe(entry, lang="en", names=None)``.

Entries are the plain dicts listed in the package docstring; none carries hidden money
(the ``end`` entry reveals everyone's, as the final scores do). ``names`` optionally maps
player ids to display names. ``describe`` returns a ``Sentence``
(``games.engines.sentences``): the English text with its ``N_``-marked template and
parameters, which the platform translates (the French is in the site's catalogue); ``lang``
is accepted for the callers that pass it and not used.

Player names are plain text here, not ``Name``s: this game's French has never elided them
("l'offre de Alice"), and its apostrophes are straight ones.
"""

from games.engines.base import N_
from games.engines.sentences import Amount, Name, Sentence, joined

_KINDS = {
    "chimiste": N_("Chemist"),
    "ecrivain": N_("Writer"),
    "medecin": N_("Physician"),
    "religieux": N_("Cleric"),
}

_PLURALS = {
    "chimiste": N_("Chemists"),
    "ecrivain": N_("Writers"),
    "medecin": N_("Physicians"),
    "religieux": N_("Clerics"),
}

#: An advisor and its owner, by kind (French: "l'Écrivain 2 de Bob").
_OWNED = {
    "chimiste": N_("%(owner)s's Chemist %(number)s"),
    "ecrivain": N_("%(owner)s's Writer %(number)s"),
    "medecin": N_("%(owner)s's Physician %(number)s"),
    "religieux": N_("%(owner)s's Cleric %(number)s"),
}

_STAGES = {
    "place": N_("the advisors in no conflict"),
    "order": N_("the order of the external conflicts"),
    "external": N_("an external conflict"),
    "internal": N_("an internal conflict"),
}

#: Events told by the player, the advisor ("owner", "advisor") and its slot.
_SLOTTED = {
    "place": N_("%(player)s places %(advisor)s on the %(slot)s slot."),
    "replace": N_("%(player)s replaces %(replaced)s with %(advisor)s at %(slot)s."),
    "keep": N_("%(player)s keeps %(advisor)s at %(slot)s."),
}

#: Events told by the player and "from", with the offer's amount (thousands of ducats).
_OFFERS = {
    "refuse": N_("%(player)s turns down %(from)s's offer (%(amount)s)."),
    "lapse": N_("%(player)s's offer (%(amount)s) was not accepted and lapses."),
}

_PLAIN = {
    "pass": N_("%(player)s has nothing to receive or send: the turn passes."),
    "done": N_("%(player)s has nothing more to offer."),
    "exile": N_("%(advisor)s is exiled to the island."),
    "resign": N_("%(player)s leaves the game: their advisors stay where they are."),
}


def _ducats(n):
    if not isinstance(n, int):
        return str(n)
    return Sentence(N_("%(amount)s ducats"), amount=Amount(n))


def _kind(slug):
    template = _KINDS.get(slug)
    return str(slug) if template is None else Sentence(template)


def _split(name):
    """'medecin-2' -> ('medecin', '2'); a name without a number -> (name, None)."""
    kind, _, number = name.rpartition("-")
    return (kind, number) if kind else (name, None)


def _advisor(name):
    """'medecin-2' -> 'Physician 2' (French: 'Médecin 2')."""
    if not isinstance(name, str):
        return str(name)
    kind, number = _split(name)
    if number is None:
        return _kind(kind)
    return Sentence("%(kind)s %(number)s", kind=_kind(kind), number=number)


def _owned(owner, advisor, name):
    """The advisor with its owner: "Bob's Writer 2", "l'Écrivain 2 de Bob"."""
    kind, number = _split(advisor) if isinstance(advisor, str) else (None, None)
    if kind in _OWNED and number is not None:
        return Sentence(_OWNED[kind], owner=name(owner), number=number)
    return Sentence(N_("%(owner)s's %(advisor)s"), owner=name(owner), advisor=_advisor(advisor))


def describe(entry, lang="en", names=None):
    """One ``Sentence`` for ``entry`` (``lang`` is not used: the platform translates)."""
    names = names or {}

    def name(value):
        return Name(str(names.get(value, value)))

    def pair(value):
        owner, advisor = value if isinstance(value, list) and len(value) == 2 else ("?", "?")
        return _owned(owner, advisor, name)

    event = entry.get("event")
    params = {"player": name(entry.get("player")), "from": name(entry.get("from"))}
    if event in ("place", "admit", "replace", "keep", "exile"):
        params["advisor"] = _owned(entry.get("owner"), entry.get("advisor"), name)
        params["slot"] = _ducats(entry.get("slot"))
    if event in _PLAIN:
        return Sentence(_PLAIN[event], params)
    if event in _SLOTTED:
        return Sentence(_SLOTTED[event], params, replaced=pair(entry.get("replaced")))
    if event in _OFFERS:
        return Sentence(_OFFERS[event], params, amount=_ducats(entry.get("amount", 0) * 1000))
    if event == "start":
        players = ", ".join(name(x) for x in entry.get("players", []))
        # "first", not "first_player": Regicide's sentence is the same in English only.
        return Sentence(
            N_("The game starts: %(players)s. %(first)s plays first."),
            players=players,
            first=name(entry.get("first_player")),
        )
    if event == "turn":
        return Sentence(N_("Round %(round)s: %(player)s's turn."), params, round=entry.get("round"))
    if event == "income":
        amount = _ducats(entry.get("ducats"))
        if entry.get("final"):
            return Sentence(N_("%(player)s's last income: %(amount)s."), params, amount=amount)
        return Sentence(N_("%(player)s receives %(amount)s of income."), params, amount=amount)
    if event == "stage":
        # logged when the stage opens: it is still to settle
        return Sentence(
            N_("%(player)s's castle: %(stage)s to settle."), params, stage=_stage(entry, pair)
        )
    if event == "offer":
        amount = _ducats(entry.get("amount", 0) * 1000)
        if entry.get("slot") is None:
            return Sentence(N_("%(player)s offers %(amount)s."), params, amount=amount)
        return Sentence(
            N_("%(player)s offers %(amount)s for the %(slot)s slot."),
            params,
            amount=amount,
            slot=_ducats(entry["slot"]),
        )
    if event == "accept":
        amount = _ducats(entry.get("ducats"))
        if entry.get("bank"):
            template = N_("%(player)s accepts %(from)s's offer: the bank pays %(amount)s.")
        else:
            template = N_("%(player)s accepts %(from)s's offer and takes %(amount)s.")
        return Sentence(template, params, amount=amount)
    if event == "order":
        plural = _PLURALS.get(entry.get("kind"))
        kinds = Sentence(plural) if plural else str(entry.get("kind"))
        return Sentence(N_("%(player)s settles the %(kinds)s' conflict next."), params, kinds=kinds)
    if event == "admit":
        if entry.get("challenge"):
            template = N_("%(player)s admits %(advisor)s, who will face the advisor at %(slot)s.")
        else:
            template = N_("%(player)s admits %(advisor)s on the %(slot)s slot.")
        return Sentence(template, params)
    if event == "send":
        return Sentence(
            N_("%(player)s sends their %(advisor)s to %(to)s's castle."),
            params,
            advisor=_advisor(entry.get("advisor")),
            to=name(entry.get("to")),
        )
    if event == "end":
        return _end(entry, name)
    return str(event)


def _stage(entry, pair):
    stage = entry.get("stage")
    text = Sentence(_STAGES[stage]) if stage in _STAGES else str(stage)
    if entry.get("type"):
        text = Sentence("%(stage)s (%(kind)s)", stage=text, kind=_kind(entry["type"]))
    if entry.get("seated"):
        return Sentence(
            N_("%(stage)s, %(seated)s at %(slot)s"),
            stage=text,
            seated=pair(entry["seated"]),
            slot=_ducats(entry.get("slot")),
        )
    return text


def _end(entry, name):
    winners = ", ".join(name(x) for x in entry.get("winners", []))
    money = entry.get("money") or {}
    scores = joined(
        Sentence("%(player)s %(amount)s", player=name(k), amount=_ducats(v))
        for k, v in money.items()
    )
    gone = ", ".join(name(x) for x in entry.get("resigned", []))
    if gone:
        template = N_(
            "The game is over (%(scores)s). Winner(s): %(winners)s. Left the game: %(gone)s."
        )
    else:
        template = N_("The game is over (%(scores)s). Winner(s): %(winners)s.")
    return Sentence(template, scores=scores, winners=winners, gone=gone)
