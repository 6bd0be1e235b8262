"""Complots 2: a table of new characters (one per clan), the Bourreau blocked by a bluffed
Sorcière and unmasked, the Pape answered by a Pape, the Illusionniste, the Bourreau paying
its target, the Sorcière turning a lost life into gold, and the forced Assassination. From
the examples of "Complots, Naiade edition rulebook" (its examples 2 and 5)."""

from django.utils.translation import gettext_lazy as _

from games.tutorials.steps import LOG, MOVES, Step, Tutorial

ME = "#seat-name-p1"
P2 = "#seat-name-p2"
AID = '[data-aid="bourreau"]'
PASS = {"type": "pass"}

TUTORIAL = Tutorial(
    slug="complots2",
    kind="complots",
    order=11,
    title=_("Complots 2: the new characters"),
    summary=_(
        "Play with the Complots 2 characters: the Bourreau and the Sorcière of the "
        "rulebook's examples, the Pape, the Illusionniste, and the Assassination forced at "
        "10 coins."
    ),
    rulebook="Complots, Naiade edition rulebook",
    seats=3,
    options={
        "characters": ["illusionniste", "bourreau", "sorciere", "pape", "inquisiteur"],
        "setup": {
            "hands": {
                "p1": ["sorciere", "bourreau"],
                "p2": ["pape", "inquisiteur"],
                "p3": ["illusionniste", "pape"],
            },
            "coins": {"p1": 4, "p2": 2, "p3": 3},
            "first_player": "p1",
        },
    },
    steps=(
        Step(
            "welcome",
            _(
                "Welcome to Complots 2! Each game uses five characters, one per clan: here "
                "the Illusionniste, the Bourreau, the Sorcière, the Pape and the Inquisiteur "
                "(their powers are in the game aid). You hold the Sorcière and the Bourreau."
            ),
            point=AID,
        ),
        Step(
            "bourreau",
            _(
                "Like the Assassin, the Bourreau makes a player lose a life for 3 coins, but "
                "he pays them to his target. Claim the Bourreau against the player to your "
                "left."
            ),
            point=MOVES,
            expect={"type": "power", "character": "bourreau", "target": "p2"},
            hint=_("Try the Bourreau on the player to your left here."),
            then=(
                ("p2", PASS),
                ("p3", PASS),
                ("p2", {"type": "block", "character": "sorciere"}),
                ("p3", PASS),
            ),
        ),
        Step(
            "challenge_block",
            _(
                "Nobody doubted you, so your target got the 3 coins. Now they block with the "
                "Sorcière, who stops the Assassins' clan. You hold a Sorcière yourself... "
                "Challenge their block."
            ),
            point=MOVES,
            expect={"type": "challenge"},
            hint=_("Challenge the block here: the Sorcière is a bluff."),
            then=(
                ("p2", {"type": "lose", "character": "inquisiteur"}),
                ("p2", PASS),
                ("p3", {"type": "power", "character": "pape"}),
            ),
        ),
        Step(
            "pape_claim",
            _(
                "A bluff: they lost a life for it, then the Bourreau struck and took their "
                "last one, as in the rulebook's example. Now the last player claims the "
                "Pape, who takes 1 coin from each opponent. Let the claim pass."
            ),
            point=MOVES,
            expect=PASS,
            hint=_("Pass here: the next step answers the Pape."),
        ),
        Step(
            "pape_announce",
            _(
                "Nobody blocks a Pape, but an opponent who announces a Pape too keeps their "
                "coin (and may be challenged for it). Announce the Pape."
            ),
            point=MOVES,
            expect={"type": "announce", "character": "pape"},
            hint=_("Announce the Pape here."),
            then=(("p3", PASS),),
        ),
        Step(
            "illusionniste",
            _(
                "Your Pape was not challenged: you kept your coin. Your turn: the "
                "Illusionniste takes 4 coins, but she pays 1 to each opponent who claims "
                "her too. Claim the Illusionniste."
            ),
            point=MOVES,
            expect={"type": "power", "character": "illusionniste"},
            hint=_("Try the Illusionniste here."),
            then=(
                ("p3", PASS),
                ("p3", PASS),
                ("p3", {"type": "power", "character": "bourreau", "target": "p1"}),
            ),
        ),
        Step(
            "bourreau_claim",
            _(
                "The last player claims the Bourreau against you: he pays you 3 coins and "
                "you lose a life. Let the claim pass."
            ),
            point=MOVES,
            expect=PASS,
            hint=_("Pass here: let the Bourreau strike."),
        ),
        Step(
            "no_block",
            _("Your Sorcière could block him, but her other power is better here: do not block."),
            point=MOVES,
            expect=PASS,
            hint=_("Do not block here: pass."),
        ),
        Step(
            "lose",
            _("You lose a life: choose the card you lose. Give up the Bourreau."),
            point=MOVES,
            expect={"type": "lose", "character": "bourreau"},
            hint=_("Lose the Bourreau here."),
        ),
        Step(
            "sorciere",
            _(
                "Right after losing a life, announce the Sorcière: if nobody challenges, you "
                "take 5 coins and the lost card stays face down, a secret kept."
            ),
            point=MOVES,
            expect={"type": "announce", "character": "sorciere"},
            hint=_("Announce the Sorcière here."),
            then=(("p3", PASS),),
        ),
        Step(
            "forced_coup",
            _(
                "5 coins! You start your turn with 10 coins or more: you must pay 7 for an "
                "Assassination, which nobody can block. Assassinate your last opponent."
            ),
            point=MOVES,
            expect={"type": "coup", "target": "p3"},
            hint=_("Assassinate your last opponent here."),
            then=(("p3", {"type": "lose", "character": "pape"}),),
        ),
        Step(
            "done",
            _(
                "Well done! You met the Bourreau from both sides, unmasked a Sorcière, "
                "answered the Pape and used the Sorcière's gold. Mix these characters with "
                "the first ones when you open a game."
            ),
            point=LOG,
        ),
    ),
)

__all__ = ["TUTORIAL", "P2"]
