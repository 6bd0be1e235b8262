"""Regicide, alone against the Castle: attacking, the suits' powers, discarding to survive,
an exact kill and the solo Jesters. From "Regicide rulebook"."""

from django.utils.translation import gettext_lazy as _

from games.tutorials.steps import LOG, MOVES, Step, Tutorial

ENEMY = '[data-testid="enemy"]'
PILES = ".piles"


def play(*cards):
    return {"type": "play", "cards": list(cards)}


def discard(*cards):
    return {"type": "discard", "cards": list(cards)}


TUTORIAL = Tutorial(
    slug="regicide",
    kind="regicide",
    order=20,
    title=_("Regicide: storm the Castle"),
    summary=_(
        "Attack a Jack, use the suits' powers, discard to survive, kill exactly and call "
        "the solo Jesters."
    ),
    rulebook="Regicide rulebook",
    seats=1,
    options={
        "setup": {
            "hands": {"p1": ["8S", "5C", "2S", "5H", "3D", "4H", "AC", "9H"]},
            "castle": ["JD", "JC"],
            "tavern": ["6D", "7C", "2D"],
            "discard": ["8H", "8D", "9C", "7H"],
        }
    },
    steps=(
        Step(
            "welcome",
            _(
                "Welcome to Regicide! Here is the Jack of Diamonds: 20 health, attacks for 10. "
                "Each enemy ignores the power of its own suit. Beat the twelve royals to win."
            ),
            point=ENEMY,
        ),
        Step(
            "spades",
            _(
                "Play a card to attack: its value is the damage. Spades also shield you: play "
                "the 8 of Spades, and the Jack will hit for 8 less."
            ),
            point=MOVES,
            expect=play("8S"),
            hint=_("Try the 8 of Spades here."),
        ),
        Step(
            "survive",
            _(
                "The Jack strikes back for 2. To survive, discard cards worth at least 2: "
                "discard the 3 of Diamonds."
            ),
            point=MOVES,
            expect=discard("3D"),
            hint=_("Discard the 3 of Diamonds here."),
        ),
        Step(
            "clubs",
            _("Clubs double their damage: play the 5 of Clubs for 10."),
            point=MOVES,
            expect=play("5C"),
            hint=_("Try the 5 of Clubs here."),
        ),
        Step(
            "survive_again",
            _("18 damage, 2 health left. Survive the next blow: discard the 4 of Hearts."),
            point=MOVES,
            expect=discard("4H"),
            hint=_("Discard the 4 of Hearts here."),
        ),
        Step(
            "exact",
            _(
                "Kill it exactly: damage equal to its health puts the enemy on top of your "
                "draw pile (the Tavern) instead of the discard. Play the 2 of Spades."
            ),
            point=MOVES,
            expect=play("2S"),
            hint=_("Try the 2 of Spades here: exactly 2."),
        ),
        Step(
            "hearts",
            _(
                "The Jack of Clubs comes out of the Castle. Hearts heal: play the 5 of Hearts "
                "to shuffle 5 cards of the discard back under the Tavern. (Diamonds draw cards.)"
            ),
            point=MOVES,
            expect=play("5H"),
            hint=_("Try the 5 of Hearts here."),
        ),
        Step(
            "jester",
            _(
                "It strikes for 10 and your hand is thin. Alone, you have two Jesters: flip "
                "one to discard your hand and draw a full new one."
            ),
            point=PILES,
            expect={"type": "flip_jester"},
            hint=_("Flip a Jester here."),
        ),
        Step(
            "done",
            _(
                "Well done! Your new hand starts with the Jack you killed exactly. Win with "
                "both Jesters unused for gold, one for silver, two for bronze."
            ),
            point=LOG,
        ),
    ),
)
