"""Intrigue: incomes, the three stages of a reception (a bribe accepted and one refused, an
external and an internal conflict), sending advisors, the last round. From "Intrigue
rulebook"."""

from django.utils.translation import gettext_lazy as _

from games.tutorials.steps import LOG, MOVES, Step, Tutorial

MONEY = '[data-testid="my-money"]'
STAGE = '[data-testid="stage"]'
OFFERS = '[data-testid="offers"]'
DONE = {"type": "done"}

TUTORIAL = Tutorial(
    slug="intrigue",
    kind="intrigue",
    order=30,
    title=_("Intrigue: bribes at the door"),
    summary=_(
        "Take your income, receive advisors in three stages, accept one bribe and refuse "
        "another, settle two conflicts and send your own advisors."
    ),
    rulebook="Intrigue rulebook",
    seats=3,
    options={
        "setup": {
            "round": 4,
            "first_player": "p1",
            "money": {"p1": 20000, "p2": 20000, "p3": 20000},
            "castles": {
                "p1": {"1000": ["p2", "religieux-1"]},
                "p2": {"3000": ["p1", "ecrivain-2"]},
                "p3": {"6000": ["p1", "medecin-2"]},
            },
            "waiting": {
                "p1": [
                    ["p2", "medecin-1"],
                    ["p3", "ecrivain-1"],
                    ["p2", "chimiste-1"],
                    ["p3", "chimiste-1"],
                    ["p3", "religieux-2"],
                ]
            },
        }
    },
    opening=(("p2", {"type": "offer", "amount": 2}), ("p3", {"type": "offer", "amount": 1})),
    steps=(
        Step(
            "income",
            _(
                "Welcome to Intrigue! It is round 4 and your turn. Your advisors seated in "
                "other castles earned you their slots: 3,000 + 6,000 ducats. Your money is "
                "hidden from the others."
            ),
            point=MONEY,
        ),
        Step(
            "accept",
            _(
                "Advisors wait at your door. Stage 1: those in no conflict. Their owners bid "
                "for a good slot: accept the 2,000 ducats of the player to your left."
            ),
            point=OFFERS,
            expect={"type": "accept", "from": "p2"},
            hint=_("Accept the offer of the player to your left here."),
        ),
        Step(
            "refuse",
            _("A bribe is paid at once and kept. 1,000 is too little: refuse the other offer."),
            point=OFFERS,
            expect={"type": "refuse", "from": "p3"},
            hint=_("Refuse the 1,000 ducats here."),
            then=(("p3", DONE),),
        ),
        Step(
            "place_paid",
            _("Promises bind nobody, but be fair: place the Médecin who paid on your 10,000 slot."),
            point=MOVES,
            expect={"type": "place", "owner": "p2", "advisor": "medecin-1", "slot": 10000},
            hint=_("Place the Médecin on the 10,000 slot here."),
        ),
        Step(
            "place_other",
            _("Place the Écrivain on the 3,000 slot."),
            point=MOVES,
            expect={"type": "place", "owner": "p3", "advisor": "ecrivain-1", "slot": 3000},
            hint=_("Place the Écrivain on the 3,000 slot here."),
            then=(("p2", {"type": "offer", "amount": 3}), ("p3", DONE), ("p2", DONE)),
        ),
        Step(
            "external",
            _(
                "Stage 2: two Chimistes at the door, an external conflict. Only one gets in, "
                "the other goes to the island. Admit the one whose owner offered 3,000, on "
                "the 6,000 slot."
            ),
            point=STAGE,
            expect={"type": "admit", "owner": "p2", "advisor": "chimiste-1", "slot": 6000},
            hint=_("Admit the Chimiste of the player to your left, on the 6,000 slot."),
            then=(("p3", {"type": "offer", "amount": 2}), ("p2", DONE), ("p3", DONE)),
        ),
        Step(
            "internal_bribe",
            _(
                "Stage 3: a Religieux waits while another sits in your castle, an internal "
                "conflict. The newcomer's owner offers 2,000: accept."
            ),
            point=OFFERS,
            expect={"type": "accept", "from": "p3"},
            hint=_("Accept the 2,000 ducats here."),
        ),
        Step(
            "replace",
            _("Replace the seated Religieux with the newcomer: the old one goes to the island."),
            point=STAGE,
            expect={"type": "replace"},
            hint=_("Replace the seated Religieux here."),
        ),
        Step(
            "send_one",
            _(
                "Your reception is over. Now send two of your advisors to other doors. Send a "
                "Chimiste to the player to your left."
            ),
            point=MOVES,
            expect={"type": "send", "advisor": "chimiste-2", "to": "p2"},
            hint=_("Send the second Chimiste to the player to your left here."),
        ),
        Step(
            "send_two",
            _("And a Religieux to the other player."),
            point=MOVES,
            expect={"type": "send", "advisor": "religieux-1", "to": "p3"},
            hint=_("Send the first Religieux to the other player here."),
        ),
        Step(
            "done",
            _(
                "Well done! In round 5, the last, nobody sends advisors; after it everyone "
                "takes a last income and the richest wins."
            ),
            point=LOG,
        ),
    ),
)
