"""The game's fixed data: advisor names and types, castle slots, money, rounds.

An advisor on the board is a *token* ``(owner_seat, name)``: the seat (an int) of the player
who owns it and one of the eight names below. Slots are referred to by their value in
ducats in actions and views, and by their index (0..3) inside the state.
"""

#: The eight advisors every player owns, in the fixed name order (hands are kept sorted so).
ADVISORS = (
    "chimiste-1",
    "chimiste-2",
    "ecrivain-1",
    "ecrivain-2",
    "medecin-1",
    "medecin-2",
    "religieux-1",
    "religieux-2",
)

#: Advisor types in the fixed order (the default ``order`` takes the first one left).
KINDS = ("chimiste", "ecrivain", "medecin", "religieux")

#: name -> type ("medecin-1" -> "medecin")
KIND_OF = {name: name.rsplit("-", 1)[0] for name in ADVISORS}

#: name -> position in the fixed name order
NAME_INDEX = {name: i for i, name in enumerate(ADVISORS)}

#: The four slots of a castle, in ducats, from the lowest (index 0) up.
SLOTS = (1000, 3000, 6000, 10000)
SLOT_INDEX = {value: i for i, value in enumerate(SLOTS)}

STARTING_MONEY = 32000
BANK_BRIBE = 1000  # what the bank pays for a broke petitioner's accepted bribe
THOUSAND = 1000
ROUNDS = 5
SENDS_PER_TURN = 2
MIN_PLAYERS = 3
MAX_PLAYERS = 5

# Stage kinds (``state.stage["kind"]``, ``view["stage"]["kind"]``)
PLACE = "place"  # stage 1: the advisors in no conflict
ORDER = "order"  # the host picks the next external conflict
EXTERNAL = "external"  # stage 2: several advisors of one type at the door
INTERNAL = "internal"  # stage 3: a newcomer against the seated advisor of its type

# Phases (``state.phase``)
RECEPTION = "reception"
SEND = "send"
OVER = "over"


def kind_of(token):
    """The type of a token ``(owner, name)``."""
    return KIND_OF[token[1]]
