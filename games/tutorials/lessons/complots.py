"""Complots: claims, a challenge won and one lost, a block, the Ambassadeur's exchange, the
Assassin and the Comtesse. From the examples of "Complots, Naiade edition rulebook"."""

from django.utils.translation import gettext_lazy as _

from games.tutorials.steps import LOG, MOVES, Step, Tutorial

ME = "#seat-name-p1"
P2 = "#seat-name-p2"
P3 = "#seat-name-p3"
PASS = {"type": "pass"}

TUTORIAL = Tutorial(
    slug="complots",
    kind="complots",
    order=10,
    title=_("Complots: bluff, challenge, block"),
    summary=_(
        "Claim characters, unmask a bluff, block Foreign Aid, exchange with the Ambassadeur "
        "and meet the Assassin and the Comtesse."
    ),
    rulebook="Complots, Naiade edition rulebook",
    seats=3,
    options={
        "setup": {
            "hands": {
                "p1": ["duchesse", "assassin"],
                "p2": ["capitaine", "comtesse"],
                "p3": ["capitaine", "duchesse"],
            },
            "court": ["comtesse", "ambassadeur", "ambassadeur", "assassin"],
            "coins": {"p1": 2, "p2": 2, "p3": 2},
            "first_player": "p1",
        }
    },
    steps=(
        Step(
            "welcome",
            _(
                "Welcome to Complots! Your two face-down cards are your two lives: a "
                "Duchesse and an Assassin. Only you see them. The last player with a card "
                "left wins."
            ),
            point=ME,
        ),
        Step(
            "tax",
            _(
                "On your turn you may claim any character, true or not. Claim the Duchesse "
                "to take 3 coins from the Treasury."
            ),
            point=MOVES,
            expect={"type": "power", "character": "duchesse"},
            hint=_("Try the Duchesse here: she takes 3 coins."),
            then=(("p2", PASS), ("p3", PASS), ("p2", {"type": "power", "character": "duchesse"})),
        ),
        Step(
            "challenge_won",
            _(
                "Nobody doubted you: 3 coins. Now your neighbour claims the Duchesse too. "
                "You know where the Duchesses are... Challenge: if they bluff, they lose a "
                "card."
            ),
            point=MOVES,
            expect={"type": "challenge"},
            hint=_("Challenge here: your neighbour is bluffing."),
            then=(
                ("p2", {"type": "lose", "character": "capitaine"}),
                ("p3", {"type": "foreign_aid"}),
            ),
        ),
        Step(
            "block",
            _(
                "Caught: they had no Duchesse and turned a card face up. The next player asks "
                "for Foreign Aid (2 coins). A Duchesse blocks Foreign Aid: block it."
            ),
            point=MOVES,
            expect={"type": "block", "character": "duchesse"},
            hint=_("Try the Duchesse here: she blocks Foreign Aid."),
            then=(("p2", PASS), ("p3", PASS)),
        ),
        Step(
            "exchange",
            _(
                "Blocked. Your turn again. A bluff nobody challenges works like the truth: "
                "claim the Ambassadeur to draw two cards from the Court."
            ),
            point=MOVES,
            expect={"type": "power", "character": "ambassadeur"},
            hint=_("Try the Ambassadeur here: he exchanges cards with the Court."),
            then=(("p2", PASS), ("p3", PASS)),
        ),
        Step(
            "keep",
            _(
                "You drew a Comtesse and an Ambassadeur. Keep two of your four cards and "
                "give the others back: keep the Assassin and the Comtesse, who protects you "
                "from Assassins."
            ),
            point=MOVES,
            expect={"type": "exchange", "keep": ["assassin", "comtesse"]},
            hint=_("Keep the Assassin and the Comtesse here."),
            then=(("p2", {"type": "income"}), ("p3", {"type": "income"})),
        ),
        Step(
            "assassin",
            _(
                "The others took their income (1 coin). You have 5 coins: pay 3 and send "
                "your Assassin after the player to your left."
            ),
            point=MOVES,
            expect={"type": "power", "character": "assassin", "target": "p2"},
            hint=_("Try the Assassin on the player to your left here."),
            then=(("p2", PASS), ("p3", PASS), ("p2", {"type": "block", "character": "comtesse"})),
        ),
        Step(
            "comtesse",
            _(
                "Your target claims the Comtesse, who blocks the Assassin. They kept a card "
                "you never saw: a Comtesse is likely. Let it pass; your 3 coins are spent."
            ),
            point=MOVES,
            expect=PASS,
            hint=_("Pass here: their Comtesse is real."),
            then=(
                ("p3", PASS),
                ("p2", {"type": "income"}),
                ("p3", {"type": "power", "character": "capitaine", "target": "p1"}),
            ),
        ),
        Step(
            "challenge_lost",
            _(
                "Now the last player claims the Capitaine to steal 2 of your coins. Challenge "
                "them, and see what a lost challenge costs."
            ),
            point=MOVES,
            expect={"type": "challenge"},
            hint=_("Challenge here, to see a challenge lost."),
        ),
        Step(
            "lose",
            _(
                "They showed a real Capitaine (and drew a new card): you lost the challenge and "
                "a life. Choose the card you turn face up: give up the Assassin."
            ),
            point=MOVES,
            expect={"type": "lose", "character": "assassin"},
            hint=_("Turn the Assassin face up here."),
        ),
        Step(
            "done",
            _(
                "Well done! You claimed, challenged, blocked, exchanged and assassinated. "
                "Everything that happened is in the log. The rules are in the game aid under "
                "the table."
            ),
            point=LOG,
        ),
    ),
)

__all__ = ["TUTORIAL", "P2", "P3"]
