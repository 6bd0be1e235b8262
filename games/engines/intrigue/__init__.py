"""Intrigue: 3 to 5 notables, advisors sent to each other's castles, bribes and hidden money.

The rules are the Intrigue rulebook, read with rulings 31-33 and 38-41 of ``docs/rulings.md``.
The contract is ``docs/engines.md`` (its Intrigue section);
this docstring is the engine's own part of it. Players are opaque strings in seat order;
every action is a JSON dict with a ``"type"``. Nothing is drawn at random: ``seed`` is
accepted (bytes, int, str or None) and unused, and the same players, options and actions give
the same state.

Modules
-------
``advisors``  the fixed data: advisor names and types, slots, money, rounds, stage kinds.
``state``     the ``State`` (copied on every ``apply``), dump/load.
``setup``     ``new_game``: players, options, the rigged positions of ``setup``.
``flow``      turns, incomes, which stage opens next, the end of the game.
``actions``   what each action does.
``legal``     ``legal_actions``, ``check`` (why an action is refused), ``default_action``.
``absent``    the decisions of the players who resigned, played by the default rule.
``view``      ``view(state, player)`` and ``outcome``.
``log``       ``describe(entry, lang, names=None)``.
``engine``    ``IntrigueEngine``, the public surface.

The game
--------
Each player owns a castle (slots 1000, 3000, 6000, 10000 ducats) and eight advisors,
``chimiste-1 chimiste-2 ecrivain-1 ecrivain-2 medecin-1 medecin-2 religieux-1 religieux-2``
(the fixed name order); an advisor is always named with its owner (``"owner": P,
"advisor": A``). Everyone starts with 32,000 ducats, hidden. Five rounds; each player's turn:

1. Income (automatic): the slot values of the player's advisors seated in the other castles;
   none in round 1 (ruling 39, even in a rigged position).
2. Reception of the advisors waiting at the player's door (the host), in three stages:
   - stage 1 ``place``: the advisors in no conflict (their type neither seated in the castle
     nor brought by another advisor at the door). The host must place them all, each on a
     free slot of the host's choice (golden rule 3; there is always room: a castle holds one
     advisor per type).
   - stage 2 ``external``: each type brought by two advisors or more, one type at a time. With
     two such types or more the host first picks the next one (``order``). The host admits
     one; the others go to the island. If the type is not seated, the admitted one takes a
     free slot; if it is (ruling 38), it stays at the door and faces the seated advisor in
     stage 3 (the ``admit``'s ``slot`` is then the seated advisor's slot, the only choice).
   - stage 3 ``internal``: each seated advisor whose type waits at the door, slot 1000 first,
     then 3000, 6000, 10000. The host ``replace``-s (the newcomer takes exactly that slot, the
     seated one goes to the island, ruling 38) or ``keep``-s (the newcomer goes to the
     island).
   Every stage but ``order`` is a negotiation (below).
3. Sending (rounds 1-4): two ``send`` of advisors left in the hand to opponents' doors (the
   same door allowed). Not in round 5 (ruling 31). A hand with fewer than two advisors left
   (a rigged position) sends what it has.

A turn with nothing to receive and nothing to send passes by itself (ruling 39: a ``pass``
entry after its income). Right after the last turn of round 5, every player takes a last
income (in seat order from the first player), then the game is over: most money wins, ties
share the win (``outcome`` is ``{"winners": [...], "money": {player: ducats}}``; see
"Resigning" for the players who left).

Negotiation
-----------
A stage's petitioners are the owners of the advisors at stake (in an internal conflict, the
seated advisor's owner too). Petitioners and host act in any order until the host decides
(``place``, ``admit``, ``replace``, ``keep``), which ends the bargaining. ``waiting_for`` is
the host and the petitioners still bargaining, in seat order; anyone else has no legal
action but ``resign``. Promises are words in the game's chat; the engine knows offers only.

``{"type": "offer", "amount": N}`` or ``{..., "slot": S}``  (a petitioner still bargaining)
    A standing bribe offer of N thousand ducats (an int, 0 <= N*1000 <= the petitioner's
    money; more raises ``IllegalAction``). ``slot`` is the slot asked for, one of
    ``stage["ask_slots"]``: the free slots in stage 1 and in an external conflict over a type
    not seated; no slot may be named otherwise. It replaces the petitioner's earlier standing
    offer. Offers are public (view ``offers``, log), amounts included.
``{"type": "done"}``  (a petitioner still bargaining)
    Nothing more to offer: the petitioner leaves ``waiting_for``. Their standing offer, if
    any, still stands: the host may accept or refuse it.
``{"type": "accept", "from": P}`` / ``{"type": "refuse", "from": P}``  (the host)
    On P's standing offer. Accepted: paid at once, never returned (ruling 32). A petitioner
    whose money is exactly 0 is broke: they may only offer 0, and their accepted offer is the
    bank's 1,000 ducats (ruling 40). An accepted bribe is final for the stage (the rules:
    "impossible de revoir cette somme ... une fois le paiement effectué"): P is done. A
    refused offer is gone; P (if still bargaining) may offer again.
Offers still standing when the host decides lapse (ruling 40; a ``lapse`` entry each).

Host decisions:

``{"type": "place", "owner": P, "advisor": A, "slot": S}``  stage 1, a free slot. Each
    ``place`` ends the bargaining of that advisor's owner (their standing offer lapses) and
    nobody else's (ruling 41); the last one ends the stage.
``{"type": "order", "kind": K}``  the next external conflict (an advisor type, "medecin").
``{"type": "admit", "owner": P, "advisor": A, "slot": S}``  external conflict.
``{"type": "replace"}`` / ``{"type": "keep"}``  internal conflict.
``{"type": "send", "advisor": A, "to": P}``  the active player, phase 3, twice.

``legal_actions`` lists, for the host: ``accept`` and ``refuse`` per standing offer (seat
order), then every decision (advisors in stage order x slots, ascending). For a petitioner:
for each amount 0..money//1000, the offer without a slot then one per ``ask_slot``, and
``done`` last: (money/1000 + 1) x (1 + free slots) + 1 actions, a few hundred at most for a
rich player. ``apply`` checks an action directly (``check``) without building that list.
Ints are ints: ``True``, ``1.0`` or ``"1000"`` are refused; missing or extra keys too.

``default_action`` (what a timeout plays):
- a petitioner: ``done``;
- the host in a negotiation: ``refuse`` the first standing offer in seat order (one per
  call), then: stage 1 the first advisor in the fixed rule order (owners in seat order from
  the host's left, then the fixed name order) on the highest free slot; external conflict the
  first contender in that same order, admitted on the highest free slot (or facing the
  seated advisor); internal conflict ``keep``;
- ``order``: the first type left in the order chimiste, ecrivain, medecin, religieux;
- ``send``: the first advisor left in the hand (fixed name order) to the opponent on the
  sender's left; twice, that is the first two advisors.

Deadlines
---------
``decision_continues(state)`` (beyond the contract) is True when the last action left the
pending decision open: a bargaining move (``offer``, ``done``, ``accept``, ``refuse``), a
``place`` of stage 1 with advisors left to place, the first ``send``. The platform keeps such
a decision's deadline and opens a new one (and its "your turn" mails) otherwise: one deadline
per negotiation stage, one for the sending, whatever the petitioners revise in between.

Readings of the rules
---------------------
Where the rules or rulings leave a choice, the engine reads them so:

- No income in round 1 even when a rigged position has advisors placed (the rules' remark,
  ruling 39). The last income is taken in seat order from the first player.
- The first player is the first in seat order unless ``setup["first_player"]`` says
  otherwise (the rules' "most corrupt player" is left to the table).
- Stage 1 is bargained advisor by advisor (ruling 41): a ``place`` ends its owner's
  bargaining only; the others may go on offering (and asking for a slot still free) until
  their advisor is placed.
- Two advisors of one type at the door make an external conflict even when one player owns
  both (that player is then the only petitioner). An external conflict's petitioners are the
  contenders' owners; the seated advisor's owner joins in the internal conflict that follows
  (ruling 38). ``order`` is asked only while two external conflicts or more are left, and is
  not a negotiation.
- Offers are public, amounts included (the rules: the briber "announces and pays"); money
  stays hidden. An accepted bribe is final for its stage: the petitioner makes no further
  offer in it ("impossible de revoir cette somme ... une fois le paiement effectué").
  ``done`` does not withdraw a standing offer. An accepted offer of 0 from a petitioner with
  money pays nothing; a broke petitioner (exactly 0 ducats) can only offer 0 and, accepted,
  the bank pays the host 1,000 (ruling 40).
- An offer names a slot only where the host's decision picks one (stage 1, an external
  conflict over a type not seated); an internal conflict's slot is fixed.
- A rigged hand with fewer than two advisors sends what it has; an empty one sends nothing.
- A player who resigns cannot win, but the table goes on around their advisors (below).

Resigning
---------
``{"type": "resign"}`` takes a player out of the game (their own Abandon, a timeout policy,
a moderator). It is legal for every player still in the game at every moment while it runs,
waited for or not, and is always the LAST entry of their ``legal_actions`` (a player with
nothing to do gets ``[resign]``); never for a player who already left, never after the end;
``default_action`` never resigns. The reading:

- Their advisors stay where they are: seated ones hold their slots (and still earn their
  owner an income, which no longer matters), waiting ones are received as usual, exiled
  ones stay on the island. Their castle still receives advisors, and the others still earn
  their incomes from it.
- Their money counts for nothing: ``outcome`` and the ``end`` entry give the winners among
  the players still in the game (the money of all, and ``"resigned": [...]``, once over).
  Their money stays hidden until the end like anyone's.
- As a petitioner they bargain no more: out of the open stage at once, their standing offer
  withdrawn (a ``lapse`` entry; a bribe already accepted stays paid), and left out of the
  bargaining of every later stage (they stay its petitioners: their advisors are at stake).
- Their own decisions are taken by the default rule, by the engine itself right after the
  action that makes them due (``absent``): as the host they refuse every standing offer and
  decide by the fixed rule; they send the first two advisors left to their left neighbour.
  So ``waiting_for`` never names a player who left.
- When one player is left in the game, it ends at once (no last income): they win.

Effects, in order: log ``{"event": "resign", "player": P}``; P's standing offer lapses and P
leaves the bargaining; the game ends if one player is left; else, if P was waited for as the
host or the sender, P's decisions follow by the default rule until someone else is waited
for. ``decision_continues`` is True after a resignation that leaves the open decision to
others (a petitioner, a player not waited for).

Options
-------
Only ``setup`` (anything else raises ``IllegalAction``): ``money`` {player: ducats} (whole
thousands, >= 0; default 32,000), ``first_player``, ``round`` (1-5, default 1), ``castles``
{host: {slot: [owner, advisor]}} (slot keys ints or strings such as ``"1000"``), ``waiting``
{host: [[owner, advisor], ...]}, ``island`` [[owner, advisor], ...]. Advisors not placed by
the setup are in their owner's hand. The game then starts with ``first_player``'s turn in
``round`` (income first, none in round 1).

View
----
``view(state, p)`` (p None: a spectator)::

    {"round": 1..5, "rounds": 5, "first_player": P, "current_player": P | None (over),
     "phase": "reception" | "send" | "over",
     "stage": None | {"kind": "place" | "order" | "external" | "internal", "host": P,
                      "negotiating": bool,   # offers may still be made
                      "petitioners": [{"id", "bargaining": bool}],
                      "advisors": [{"owner", "advisor"}],  # at stake: to place, contenders,
                                                           # or the newcomer (internal)
                      "type": K | None, "slot": S | None, "seated": {"owner", "advisor"} | None,
                      "kinds": [K, ...],     # order: the external conflicts to choose from
                      "ask_slots": [S, ...], # slots an offer may name now
                      "slots": [S, ...]},    # where the host's decision may put the advisor
     "upcoming": {"external": [K, ...], "internal": [S, ...]},  # still unsettled at the
                                                                # host's door, open one included
     "players": [{"id", "money": int | None, "hand": [A, ...], "income": ducats,
                  "resigned": bool, "alive": bool}],   # alive: not resigned
     "castles": {host: {1000: {"owner", "advisor"} | None, 3000: ..., 6000: ..., 10000: ...}},
     "waiting": {host: [{"owner", "advisor"}]},
     "island": [{"owner", "advisor"}],
     "hand": [A, ...] | None,   # p's advisors not yet sent (None for a spectator)
     "offers": [{"from", "amount" (thousands), "slot", "status": "standing" | "accepted",
                 "paid": ducats | None, "bank": bool}],   # the open stage's offers
     "sends_left": int, "waiting_for": [P, ...], "log": [entry, ...],
     "outcome": None | {"winners": [...], "money": {P: ducats}[, "resigned": [P, ...]]}}

``money`` is None for everyone but p until the game is over, then everyone's (ruling 33).
Hands, castles, the doors and the island are public, as on the table; ``income`` is what
each player would earn from the castles now. Nothing in a view depends on anyone else's money.

Log
---
Public entries (dicts with an ``"event"``); amounts of offers are in thousands (as in the
action), ``ducats`` are ducats:

    {"event": "start", "players": [...], "first_player": P, "round": r}
    {"event": "turn", "player": P, "round": r}
    {"event": "income", "player": P, "ducats": n[, "final": True]}
    {"event": "pass", "player": P}                  # nothing to receive or send
    {"event": "stage", "player": host, "stage": kind[, "advisors": [[owner, A], ...],
     "petitioners": [...]][, "kinds": [...]][, "type": K][, "slot": S, "seated": [owner, A]]}
    {"event": "offer", "player": P, "amount": N[, "slot": S]}
    {"event": "done", "player": P}
    {"event": "accept", "player": host, "from": P, "amount": N, "ducats": paid, "bank": bool
     [, "slot": S]}
    {"event": "refuse", "player": host, "from": P, "amount": N[, "slot": S]}
    {"event": "lapse", "player": P, "amount": N[, "slot": S]}
    {"event": "order", "player": host, "kind": K}
    {"event": "place", "player": host, "owner": P, "advisor": A, "slot": S}
    {"event": "admit", "player": host, "owner": P, "advisor": A, "slot": S[, "challenge": True]}
    {"event": "replace", "player": host, "owner": P, "advisor": A, "slot": S,
     "replaced": [owner, A]}
    {"event": "keep", "player": host, "owner": P, "advisor": A, "slot": S}  # the seated one
    {"event": "exile", "player": host, "owner": P, "advisor": A}
    {"event": "send", "player": P, "advisor": A, "to": T}
    {"event": "resign", "player": P}                # P left the game
    {"event": "end", "winners": [...], "money": {P: ducats}[, "resigned": [...]]}

Money adds up: every player's money = their starting money + their incomes + bribes
received - bribes paid; the bank pays the incomes and the broke petitioners' 1,000.

``describe(entry, lang="en", names=None)`` renders one entry as a ``Sentence``
(``games.engines.sentences``): English, with the template the platform translates.
"""

from games.engines.intrigue.engine import IntrigueEngine
from games.engines.intrigue.log import describe

__all__ = ["IntrigueEngine", "describe"]
