"""Regicide with three players: the Jester played against a Spades Jack (the rulebook's
example of Spades before and after a Jester), choosing who plays next, yielding, and the
rule that not everyone may yield in a row. From "Regicide rulebook"."""

from django.utils.translation import gettext_lazy as _

from games.tutorials.steps import LOG, MOVES, Step, Tutorial

ENEMY = '[data-testid="enemy"]'
ATTACK = '[data-testid="enemy-attack"]'


def play(*cards):
    return {"type": "play", "cards": list(cards)}


def discard(*cards):
    return {"type": "discard", "cards": list(cards)}


YIELD = {"type": "yield"}

TUTORIAL = Tutorial(
    slug="regicide-party",
    kind="regicide",
    order=21,
    title=_("Regicide: the Jester and yielding"),
    summary=_(
        "Three players against the Castle: play the Jester, choose who plays next, yield, "
        "and learn when nobody may yield."
    ),
    rulebook="Regicide rulebook",
    seats=3,
    options={
        "setup": {
            "hands": {
                "p1": ["X1", "9C", "3H", "6D", "7H", "AD"],
                "p2": ["4S", "3D", "8H", "2C", "10D", "5S"],
                "p3": ["3S", "10H", "4C", "7D", "6H", "5C"],
            },
            "castle": ["JS", "JH"],
            "tavern": ["2S", "9S", "4D", "8C", "6S", "3C", "10S"],
            "first_player": "p3",
        }
    },
    opening=(("p3", play("3S")), ("p3", discard("10H"))),
    steps=(
        Step(
            "welcome",
            _(
                "Welcome to Regicide with three! Each of you holds 6 cards and one Jester "
                "hides in the Tavern. The last player played the 3 of Spades against the "
                "Jack of Spades: he is immune to Spades, so his attack stayed at 10."
            ),
            point=ENEMY,
        ),
        Step(
            "jester",
            _(
                "You hold the Jester. Play it: it deals no damage, but it cancels the "
                "enemy's immunity, even for the Spades already played: the Jack's attack "
                "drops to 7."
            ),
            point=MOVES,
            expect=play("X1"),
            hint=_("Try the Jester here."),
        ),
        Step(
            "choose",
            _(
                "After a Jester nobody is hit, and you choose who plays next, yourself "
                "included. Until then the players may say how good their hand is, never "
                "what is in it. Your neighbour says they have a good hand: choose them."
            ),
            point=MOVES,
            expect={"type": "choose_next", "player": "p2"},
            hint=_("Choose your neighbour here."),
            then=(
                ("p2", play("4S")),
                ("p2", discard("3D")),
                ("p3", YIELD),
                ("p3", discard("4C")),
            ),
        ),
        Step(
            "yield",
            _(
                "Their 4 of Spades cut the attack to 3. The last player yielded: instead of "
                "playing a card, they took the enemy's blow at once. Yield too."
            ),
            point=ATTACK,
            expect=YIELD,
            hint=_("Yield here."),
        ),
        Step(
            "discard",
            _("Yielding still means taking the hit: discard the 3 of Hearts to cover it."),
            point=MOVES,
            expect=discard("3H"),
            hint=_("Discard the 3 of Hearts here."),
            then=(("p2", play("2C")), ("p2", discard("5S")), ("p3", YIELD), ("p3", discard("5C"))),
        ),
        Step(
            "companion",
            _(
                "You and the last player had both yielded, so your neighbour could not: "
                "they played the 2 of Clubs. Now an Ace (an animal companion) adds 1 and its "
                "suit's power to another card: play the Ace and the 6 of Diamonds, 7 damage "
                "and 7 cards drawn, one at a time around the table."
            ),
            point=MOVES,
            expect=play("AD", "6D"),
            hint=_("Play the Ace and the 6 of Diamonds together here."),
        ),
        Step(
            "cover",
            _("The Jack has 2 health left and hits for 3: discard the 7 of Hearts."),
            point=MOVES,
            expect=discard("7H"),
            hint=_("Discard the 7 of Hearts here."),
            then=(("p2", YIELD), ("p2", discard("8H")), ("p3", YIELD), ("p3", discard("7D"))),
        ),
        Step(
            "no_yield",
            _(
                "Both other players yielded on their last turn, so you may not yield: "
                "somebody has to attack (your Yield button is gone). Finish the Jack with "
                "the 2 of Spades you drew: exactly 2."
            ),
            point=MOVES,
            expect=play("2S"),
            hint=_("Try the 2 of Spades here."),
        ),
        Step(
            "done",
            _(
                "Exact kill: the Jack of Spades goes on top of the Tavern and you face the "
                "Jack of Hearts at once. Well done: you played the Jester, chose the next "
                "player, yielded and know when nobody may yield."
            ),
            point=LOG,
        ),
    ),
)
