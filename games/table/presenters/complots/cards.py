"""The fifteen Complots characters as the site draws them: clan, colour, name, power.

Pure data for the templates (names and powers are translatable). The rules themselves live
in the engine; these texts only help a player read the table.
"""

from dataclasses import dataclass

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


@dataclass(frozen=True)
class Clan:
    slug: str
    name: str
    colour: str  # CSS class suffix, see static/games/css/complots.css


@dataclass(frozen=True)
class Character:
    slug: str
    clan: Clan
    name: str
    power: str
    blocks: str  # what the card counters, "" when nothing
    targets: bool  # the power names an opponent


PERCEPTRICES = Clan("perceptrices", _("Perceptrices"), "pink")
ASSASSINS = Clan("assassins", _("Assassins"), "green")
INTOUCHABLES = Clan("intouchables", _("Intouchables"), "yellow")
VOLEURS = Clan("voleurs", _("Voleurs"), "blue")
NEGOCIATEURS = Clan("negociateurs", _("Négociateurs"), "red")

CLANS = [PERCEPTRICES, ASSASSINS, INTOUCHABLES, VOLEURS, NEGOCIATEURS]
# The Tyrannie extension's two cards belong to no clan: they wait in the centre of the table.
TYRANNIE = Clan("tyrannie", _("Tyrannie"), "grey")

_CHARACTERS = [
    Character(
        "duchesse",
        PERCEPTRICES,
        pgettext_lazy("character", "Duchesse"),
        _("Takes 3 coins from the Treasury."),
        _("Blocks Foreign Aid."),
        False,
    ),
    Character(
        "illusionniste",
        PERCEPTRICES,
        pgettext_lazy("character", "Illusionniste"),
        _(
            "Takes 4 coins from the Treasury; gives 1 coin to each opponent who also "
            "announces the Illusionniste."
        ),
        _("Blocks Foreign Aid."),
        False,
    ),
    Character(
        "ursuline",
        PERCEPTRICES,
        pgettext_lazy("character", "Ursuline"),
        _("Takes 3 coins from the Treasury, then gives 1 coin to an opponent."),
        _("Blocks Foreign Aid."),
        False,
    ),
    Character(
        "assassin",
        ASSASSINS,
        pgettext_lazy("character", "Assassin"),
        _("Pays 3 coins to the Treasury: the target loses a life."),
        "",
        True,
    ),
    Character(
        "bourreau",
        ASSASSINS,
        pgettext_lazy("character", "Bourreau"),
        _("Pays 3 coins to the target, who loses a life."),
        "",
        True,
    ),
    Character(
        "maitre_chanteur",
        ASSASSINS,
        pgettext_lazy("character", "Maître-Chanteur"),
        _("The target chooses: lose a life and receive 3 coins, or pay 3 coins to keep the life."),
        "",
        True,
    ),
    Character(
        "comtesse",
        INTOUCHABLES,
        pgettext_lazy("character", "Comtesse"),
        _("No power."),
        _("Blocks the Assassin, the Bourreau and the Maître-Chanteur."),
        False,
    ),
    Character(
        "sorciere",
        INTOUCHABLES,
        pgettext_lazy("character", "Sorcière"),
        _("Just lost a life? Announce her: take 5 coins, the lost card stays face down."),
        _("Blocks the Assassin, the Bourreau and the Maître-Chanteur."),
        False,
    ),
    Character(
        "croque_mort",
        INTOUCHABLES,
        pgettext_lazy("character", "Croque-Mort"),
        _("Takes the coins of an eliminated opponent (shared between announcers)."),
        _("Blocks the Assassin, the Bourreau and the Maître-Chanteur."),
        False,
    ),
    Character(
        "capitaine",
        VOLEURS,
        pgettext_lazy("character", "Capitaine"),
        _("Steals 2 coins from an opponent."),
        _("Blocks the Capitaine and the Justicier."),
        True,
    ),
    Character(
        "justicier",
        VOLEURS,
        pgettext_lazy("character", "Justicier"),
        _("Steals 3 coins from the richest opponent, keeps 1 and gives 2 to the poorest player."),
        _("Blocks the Capitaine and the Justicier."),
        False,
    ),
    Character(
        "pape",
        VOLEURS,
        pgettext_lazy("character", "Pape"),
        _("Steals 1 coin from every opponent who does not announce the Pape too."),
        _("Blocks the Pape."),
        False,
    ),
    Character(
        "ambassadeur",
        NEGOCIATEURS,
        pgettext_lazy("character", "Ambassadeur"),
        _("Draws 2 cards from the Court, keeps as many as they had, returns the rest."),
        _("Blocks the Capitaine and the Justicier."),
        False,
    ),
    Character(
        "inquisiteur",
        NEGOCIATEURS,
        pgettext_lazy("character", "Inquisiteur"),
        _(
            "Either draws 1 card from the Court and may swap it, or looks at a card an "
            "opponent chooses and may make them discard it."
        ),
        _("Blocks the Capitaine and the Justicier."),
        True,
    ),
    Character(
        "espion",
        NEGOCIATEURS,
        pgettext_lazy("character", "Espion"),
        _(
            "Draws 1 card from the Court and may swap it; may repeat, paying 1 coin for "
            "each further card."
        ),
        _("Blocks the Capitaine and the Justicier."),
        False,
    ),
]

# Shown with the characters in play when the game uses the Tyrannie extension.
TYRANNIE_CARDS = [
    Character(
        "peste",
        TYRANNIE,
        _("Peste"),
        _(
            "Turn action: pay 5 coins to the Treasury and give the Peste to a player, who "
            "loses a life unless they announce the Comtesse (anyone may challenge). If nobody "
            "does, they pass the Peste on to another player, who may also announce the "
            "Comtesse. The player who paid never receives it and nobody receives it twice; "
            "it goes back to the centre as soon as someone loses a life."
        ),
        _("The Comtesse protects from it."),
        True,
    ),
    Character(
        "mendiant",
        TYRANNIE,
        _("Mendiant"),
        _(
            "Turn action: pay 1 coin to the Treasury and give the Mendiant to a player: on "
            "their next turn they do nothing and put it back in the centre."
        ),
        "",
        True,
    ),
]

CHARACTERS = {character.slug: character for character in _CHARACTERS}
CHARACTERS_BY_CLAN = {clan.slug: [c for c in _CHARACTERS if c.clan is clan] for clan in CLANS}
BASE_CHARACTERS = ["duchesse", "assassin", "comtesse", "capitaine", "ambassadeur"]


def character(slug):
    """The catalogue entry of `slug`, or None for an unknown slug."""
    return CHARACTERS.get(slug)


def character_name(slug):
    entry = character(slug)
    return str(entry.name) if entry else str(slug)
