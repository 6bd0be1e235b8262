"""The 15 characters and 5 clans of Complots and Complots 2, as data.

Each character is described by what its action does (``kind``), whether it targets, what it
costs to announce, and what it blocks. The engine reads these tables; no character is a
special case outside the small resolution functions in ``powers`` and ``extensions``.
"""

CLANS = ("perceptrices", "assassins", "intouchables", "voleurs", "negociateurs")

CLAN_OF = {
    "duchesse": "perceptrices",
    "illusionniste": "perceptrices",
    "ursuline": "perceptrices",
    "assassin": "assassins",
    "bourreau": "assassins",
    "maitre_chanteur": "assassins",
    "comtesse": "intouchables",
    "sorciere": "intouchables",
    "croque_mort": "intouchables",
    "capitaine": "voleurs",
    "justicier": "voleurs",
    "pape": "voleurs",
    "ambassadeur": "negociateurs",
    "inquisiteur": "negociateurs",
    "espion": "negociateurs",
}

CHARACTERS = tuple(CLAN_OF)
BASE_CHARACTERS = ("duchesse", "assassin", "comtesse", "capitaine", "ambassadeur")
CLAN_MEMBERS = {clan: tuple(c for c in CHARACTERS if CLAN_OF[c] == clan) for clan in CLANS}

# Action powers: character -> (targeted, cost paid when the claim stands).
# "inquisiteur" is targeted only in its "examine" mode (see TARGETED_MODES).
POWERS = {
    "duchesse": (False, 0),
    "illusionniste": (False, 0),
    "ursuline": (False, 0),
    "assassin": (True, 3),
    "bourreau": (True, 3),
    "maitre_chanteur": (True, 3),
    "capitaine": (True, 0),
    "justicier": (False, 0),
    "pape": (False, 0),
    "ambassadeur": (False, 0),
    "inquisiteur": (False, 0),
    "espion": (False, 0),
}

# Characters whose power needs at least this much Or to be announced.
MIN_COINS = {"assassin": 3, "bourreau": 3, "maitre_chanteur": 3}

# Who may block what: the blocked action -> characters that block it.
_INTOUCHABLES = ("comtesse", "sorciere", "croque_mort")
_NEGOCIATEURS_AND_VOLEURS = (
    "capitaine",
    "justicier",
    "ambassadeur",
    "inquisiteur",
    "espion",
)
BLOCKED_BY = {
    "foreign_aid": ("duchesse", "illusionniste", "ursuline"),
    "assassin": _INTOUCHABLES,
    "bourreau": _INTOUCHABLES,
    "maitre_chanteur": _INTOUCHABLES,
    "capitaine": _NEGOCIATEURS_AND_VOLEURS,
    "justicier": _NEGOCIATEURS_AND_VOLEURS,
}

# Assassins-clan and Capitaine targets are restricted by Saint-Barthélemy's pact.
PACT_RESTRICTED = frozenset({"assassin", "bourreau", "maitre_chanteur", "capitaine"})

# Number of cards drawn by each exchanging power.
DRAWS = {"ambassadeur": 2, "inquisiteur": 1, "espion": 1}

RELIGIONS = ("catholique", "protestant")

TREASURY_TOTAL = 54

NAMES = {
    "duchesse": ("la Duchesse", "the Duchesse"),
    "illusionniste": ("l'Illusionniste", "the Illusionniste"),
    "ursuline": ("l'Ursuline", "the Ursuline"),
    "assassin": ("l'Assassin", "the Assassin"),
    "bourreau": ("le Bourreau", "the Bourreau"),
    "maitre_chanteur": ("le Maître-Chanteur", "the Maître-Chanteur"),
    "comtesse": ("la Comtesse", "the Comtesse"),
    "sorciere": ("la Sorcière", "the Sorcière"),
    "croque_mort": ("la Croque-Mort", "the Croque-Mort"),
    "capitaine": ("le Capitaine", "the Capitaine"),
    "justicier": ("le Justicier", "the Justicier"),
    "pape": ("le Pape", "the Pape"),
    "ambassadeur": ("l'Ambassadeur", "the Ambassadeur"),
    "inquisiteur": ("l'Inquisiteur", "the Inquisiteur"),
    "espion": ("l'Espion", "the Espion"),
}


def validate_characters(chosen) -> tuple:
    """Return the five characters in clan order, or raise ValueError with a clear message."""
    if not isinstance(chosen, (list, tuple)) or not all(isinstance(c, str) for c in chosen):
        raise ValueError("'characters' must be a list of five character slugs or \"random\"")
    unknown = [c for c in chosen if c not in CLAN_OF]
    if unknown:
        raise ValueError(f"Unknown character(s): {', '.join(unknown)}")
    by_clan = {}
    for c in chosen:
        clan = CLAN_OF[c]
        if clan in by_clan:
            raise ValueError(
                f"Only one character per clan: {by_clan[clan]} and {c} are both {clan}"
            )
        by_clan[clan] = c
    missing = [clan for clan in CLANS if clan not in by_clan]
    if missing:
        raise ValueError(f"One character per clan is needed; missing: {', '.join(missing)}")
    return tuple(by_clan[clan] for clan in CLANS)
