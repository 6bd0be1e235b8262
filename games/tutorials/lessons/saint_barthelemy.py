"""Complots' extensions: Saint-Barthélemy (religions, the pact between players of one
religion, conversion, the Hospice, the Abus de confiance) and Tyrannie (the Peste passed on
by a Comtesse, the Mendiant). From "Complots, Naiade edition rulebook"."""

from django.utils.translation import gettext_lazy as _

from games.tutorials.steps import LOG, MOVES, Step, Tutorial

ME = "#seat-name-p1"
CENTRE = ".table-center"
PASS = {"type": "pass"}

TUTORIAL = Tutorial(
    slug="complots-extensions",
    kind="complots",
    order=12,
    title=_("Complots: Saint-Barthélemy and Tyrannie"),
    summary=_(
        "Religions and their pact, conversions paid to the Hospice, the Abuse of trust, "
        "the Peste passed on with a Comtesse, and the Mendiant."
    ),
    rulebook="Complots, Naiade edition rulebook",
    seats=3,
    options={
        "saint_barthelemy": True,
        "tyrannie": True,
        "setup": {
            "hands": {
                "p1": ["comtesse", "capitaine"],
                "p2": ["duchesse", "assassin"],
                "p3": ["ambassadeur", "capitaine"],
            },
            "coins": {"p1": 3, "p2": 2, "p3": 5},
            "religions": {"p1": "catholique", "p2": "protestant", "p3": "catholique"},
            "first_player": "p1",
        },
    },
    steps=(
        Step(
            "welcome",
            _(
                "Welcome to Saint-Barthélemy and Tyrannie! Each player is Catholic or "
                "Protestant (the badge by their name). Players of one religion keep a pact: "
                "no Capitaine, no Assassin, no Assassination and no block of Foreign Aid "
                "between them; challenging is still allowed."
            ),
            point=ME,
        ),
        Step(
            "convert",
            _(
                "The last player is Catholic like you, so the pact shields them from your "
                "Capitaine and your Assassin. Convert them: it costs 2 coins (1 to convert "
                "yourself), paid to the Hospice."
            ),
            point=MOVES,
            expect={"type": "convert", "target": "p3"},
            hint=_("Convert the last player here."),
            then=(
                ("p2", {"type": "income"}),
                ("p3", {"type": "plague", "target": "p1"}),
            ),
        ),
        Step(
            "plague",
            _(
                "They paid 5 coins for the Peste and gave it to you: you lose a life, unless "
                "you announce the Comtesse (anyone may challenge her). You hold one: "
                "announce the Comtesse."
            ),
            point=MOVES,
            expect={"type": "announce", "character": "comtesse"},
            hint=_("Announce the Comtesse here."),
            then=(("p2", PASS), ("p3", PASS)),
        ),
        Step(
            "pass_plague",
            _(
                "Nobody challenged: you pass the Peste on to a player of your choice (never "
                "the one who paid for it, never twice the same). Give it to your neighbour."
            ),
            point=MOVES,
            expect={"type": "pass_plague", "target": "p2"},
            hint=_("Give the Peste to your neighbour here."),
            then=(("p2", PASS), ("p2", {"type": "lose", "character": "assassin"})),
        ),
        Step(
            "abuse",
            _(
                "They had no Comtesse: they lost a life and the Peste went back to the centre. "
                "The Hospice holds your 2 coins. Abuse of trust: claim you have no Duchesse "
                "and take all of it. If challenged, you would show your cards."
            ),
            point=MOVES,
            expect={"type": "abuse_of_trust"},
            hint=_("Try the Abuse of trust here: take the Hospice."),
            then=(
                ("p2", PASS),
                ("p3", PASS),
                ("p2", {"type": "beggar", "target": "p1"}),
                ("p3", {"type": "income"}),
                ("p2", {"type": "income"}),
                ("p3", {"type": "income"}),
            ),
        ),
        Step(
            "beggar",
            _(
                "Your neighbour paid 1 coin to give you the Mendiant: your last turn was "
                "skipped, and the card went back to the centre. The log shows it."
            ),
            point=LOG,
        ),
        Step(
            "reunite",
            _(
                "The others are both Protestant now. Convert yourself for 1 coin: with a "
                "single religion left, the pact ends, it is every player for themselves, and "
                "nobody converts any more."
            ),
            point=MOVES,
            expect={"type": "convert", "target": "p1"},
            hint=_("Convert yourself here."),
        ),
        Step(
            "done",
            _(
                "Well done! You used the pact and the Hospice, survived the Peste with a "
                "Comtesse and lost a turn to the Mendiant. Both extensions can be chosen "
                "when you open a game of Complots."
            ),
            point=CENTRE,
        ),
    ),
)
