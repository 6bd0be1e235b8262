"""The frames of the moment stack: their kinds and the names of their fields.

A frame is a small dict, replaced rather than changed (states share them). Its keys stay
short because they are dumped as they are (a stored game must load, and its dump stay
byte-identical); the code reads them through the names below. Every frame has ``KIND``;
decision frames have ``WAITING``, the seats that may act in them; the others (``ACT``,
``ANNOUNCE_RESULTS``) are run by ``machine.run``.
"""

# -- kinds (the value of ``KIND``) -----------------------------------------------------------

TURN = "turn"  # the current player chooses the turn's action
CHALLENGE = "chal"  # a claim is open to challenges
BLOCK = "block"  # the action below may be blocked
LOSE = "lose"  # a player with two live cards picks the one to lose
EXCHANGE = "exch"  # Ambassadeur / Inquisiteur / Espion: pick the cards to keep
SHOW = "show"  # Inquisiteur examine: the target shows a card
EXAMINE = "exam"  # Inquisiteur examine: give the card back or force a discard
ANNOUNCE = "ann"  # a counter-announcement window
GIVE = "give"  # Ursuline / Illusionniste: pick who receives the Or
SPLIT = "split"  # Justicier ties: split what is taken or given
BLACKMAIL = "bm"  # Maître-Chanteur: the target pays or loses a life
SPY = "spy"  # Espion: exchange once more or stop
PLAGUE = "plague"  # Tyrannie: pass La Peste on
CHOOSE = "choose"  # two-player setup: take a card from one's own pile
ACT = "act"  # automatic: the turn's action from its claim to its resolution
ANNOUNCE_RESULTS = "annres"  # automatic: one challenge window per announcer, then finish

# -- fields ----------------------------------------------------------------------------------

KIND = "k"
WAITING = "w"  # decision frames: tuple of the seats that may act

# ``CHALLENGE`` frame
CLAIMANT = "who"  # the seat whose claim is open
CLAIMED = "c"  # the character claimed (None for an Abus de confiance)
CLAIM_KIND = "kind"  # "action", "block", "announce" or "abuse_of_trust"
LOST_CARD = "card"  # Sorcière claims: the index of the card lost face down

# ``ACT`` frame
ACTOR = "a"  # the seat playing the turn's action (also in ``BLOCK`` frames)
POWER = "key"  # a character slug, "foreign_aid" or "abuse_of_trust"
TARGET = "t"  # the target seat or -1 (also in ``EXAMINE`` frames)
MODE = "mode"  # Inquisiteur: "exchange" or "examine", else None
STAGE = "st"  # "claim", "post", "blockwin", "resolve" or a Complots 2 stage
PLAYED = "action"  # the action as played (``view`` shows it)
RESULT = "res"  # written by a challenge window: 0 failed, 1 stood, 2 stood a challenge
BLOCKER = "blocker"  # the seat that blocked
BLOCKED_WITH = "bc"  # the character it blocked with
STANDING = "standing"  # the counter-announcers whose announcement stood
VICTIMS = "victims"  # Pape: the seats it takes from

# ``BLOCK`` frame (and ``ACTOR``)
CAN_BLOCK = "chars"  # the characters that may block

# ``LOSE`` frame
REASON = "reason"  # why the life is lost (``pending["reason"]``)

# ``EXCHANGE`` frame
DRAWN = "d"  # the cards drawn from the Court
SPYING = "spy"  # an Espion's exchange: it may go on

# ``SHOW``, ``BLACKMAIL`` frames
BY = "by"  # the Inquisiteur / the Maître-Chanteur

# ``EXAMINE`` frame (and ``TARGET``)
CARD_INDEX = "i"  # the index in the target's hand of the card shown
SHOWN = "c"  # the character shown

# ``ANNOUNCE`` and ``ANNOUNCE_RESULTS`` frames
ANNOUNCED = "c"  # the character announced
PURPOSE = "for"  # the finisher: "act", "sorciere", "croque_mort" or "plague"
ANNOUNCERS = "a"  # the seats that announced (seat order in ``ANNOUNCE_RESULTS``)
HOLDER = "holder"  # Sorcière / Comtesse: the seat deciding
DEAD = "dead"  # Croque-Mort: the eliminated seat
TARGETED = "targeted"  # La Peste: the seats it has been given to this turn
NEXT = "i"  # ``ANNOUNCE_RESULTS``: the index of the announcer being challenged
STOOD = "stand"  # ``ANNOUNCE_RESULTS``: the announcers whose claim stood so far
CHALLENGED = "chd"  # ``ANNOUNCE_RESULTS``: some announcement was challenged

# ``GIVE``, ``SPLIT``, ``PLAGUE`` frames
COUNT = "n"  # ``GIVE``: how many to give to
CANDIDATES = "cand"  # the seats that may receive (or be taken from)
STEP = "step"  # ``SPLIT``: "take" or "give"
TOTAL = "total"  # ``SPLIT``: the Or to split
POOREST = "poor"  # ``SPLIT`` take: the seats the Justicier gives to afterwards
