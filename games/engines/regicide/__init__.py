"""Regicide: the cooperative card game, solo to four players.

The rules are the Regicide rulebook, read with rulings 27-30 of ``docs/rulings.md``. The
contract is ``docs/engines.md`` (its Regicide section); this docstring is the engine's own
part of it. Players are opaque strings in seat order (clockwise). Every action is a JSON
dict with a ``"type"``.

Modules
-------
``cards``   card names, values, suits, bits and masks, covering discards.
``actions`` the shared read-only action dicts (every legal play made once), listed plays
            and covers of a hand.
``state``   the compact ``State`` (``__slots__``, every field immutable; hands are card
            masks), dump/load.
``entries`` log entries: stored as compact tuples, made into the dicts below when read.
``setup``   a new game: Castle, Tavern, deal, and ``options["setup"]``.
``rules``   what the actions do: the four steps, enemies falling, winning and losing.
``legal``   legal actions, their checking, the timeout defaults.
``view``    ``view(state, player)`` and ``outcome``.
``log``     ``describe(entry, lang, names=None)``: log entries as English or French sentences.
``engine``  ``RegicideEngine``, the public surface.

Cards
-----
``"AH"`` .. ``"10S"``, ``"JC"``, ``"QD"``, ``"KH"``: rank then suit (``H D C S``); Jesters
``"X1"``, ``"X2"``. Values: Ace (animal companion) 1, 2-10 their number, Jack 10, Queen 15,
King 20 (in hand, to play or to discard), Jester 0. Enemies: Jack 20 health / 10 attack,
Queen 30 / 15, King 40 / 20. Card lists in actions and the log are in the engine's canonical
order, plain string order (``["10C", "2H", "AS"]``), except the listed discards, which run
from the most valuable card down; ``apply`` takes cards in any order. The view shows hands
in rank order.

Setting up
----------
1-4 players. The Castle: the four Jacks (shuffled) on the four Queens (shuffled) on the four
Kings (shuffled); its top card is the first enemy. The Tavern: 2-10 of every suit, the four
Aces and 0 / 0 / 1 / 2 Jesters for 1 / 2 / 3 / 4 players; hands of 8 / 7 / 6 / 5 cards are
dealt from it. The first player in seat order starts. Solo: two Jesters are set aside
(``jesters_left`` 2), never in the Tavern.

Options: only ``setup`` (anything else raises ``IllegalAction``). ``setup`` keys:

``hands``        {player: [card, ...]}: that hand exactly (at most the maximum hand size);
                 the other players are dealt from the Tavern as usual.
``tavern``       [card, ...] top first: the top of the Tavern; the Tavern cards not placed
                 anywhere follow, shuffled, below them (after the unrigged hands are dealt).
``castle``       [card, ...] top first (Jacks, Queens and Kings only): its first card is the
                 first enemy; the face cards not placed anywhere follow below in the usual
                 order (Jacks, Queens, Kings, each group shuffled).
``discard``      [card, ...]: the discard pile (how a puzzle takes cards out of play, e.g.
                 eleven face cards for a Castle of one King).
``first_player`` who starts.
``jesters_left`` solo only: 0, 1 or 2 Jesters still set aside (default 2).

Any card may be placed in a hand, the Tavern or the discard (an enemy card in hand is
normal after an exact kill); a card placed twice, an unknown card, a Jester the player count
does not have, or a Castle left without an enemy raise ``IllegalAction``.

Chance: the Castle and Tavern shuffles and every Hearts shuffle of the discard pile come
from the seed through ``games.engines.base`` (SHA-256 of key || counter blocks; the counter
is part of the state). With nothing placed, one block orders the three Castle groups.

Turns and actions
-----------------
``view["phase"]`` names the moment; ``waiting_for`` is always the current player alone.

``play`` (step 1)
    ``{"type": "play", "cards": [card, ...]}``  one card; a Jester alone; an animal companion
        (Ace) with one other card that is not a Jester (another Ace included); or 2-4 cards
        of one rank 2-10 worth 10 or less in all (pairs of 2-5, triples of 2-3, four 2s).
        Steps 2-3 follow at once: the suit powers of the suits in the play, each once, at
        the play's total value, Hearts before Diamonds, except the enemy's own suit while
        it is immune; then the damage (doubled by Clubs). At the enemy's health or more it
        falls: face down on top of the Tavern on exact damage (judged after doubling), else
        to the discard pile; the cards played against it go to the discard pile; the next
        Castle card is revealed and the same player plays again from step 1 (the last
        King falling wins the game). Otherwise step 4.
    ``{"type": "yield"}``  Passer: straight to step 4. Not in a solo game, and not when
        every other player yielded on their most recent turn (a player who has not had a
        turn yet has not yielded; a Jester, a play or a kill is a turn that is no yield).
    ``{"type": "flip_jester"}``  solo, while a Jester is set aside: discard the hand and
        draw back to 8 (not a Diamonds draw; immunity stays); still at the start of step 1.
``discard`` (step 4, when the attack after shields is above 0; at 0 the turn just passes)
    ``{"type": "discard", "cards": [card, ...]}``  cards of the hand worth at least
        ``view["to_cover"]`` (Ace 1, Jester 0, Jack 10, Queen 15, King 20). Then the next
        player clockwise starts at step 1.
    ``{"type": "flip_jester"}``  solo, as above, at the start of step 4: then discard from
        the new hand.
``choose`` (after a Jester: steps 3 and 4 are skipped)
    ``{"type": "choose_next", "player": P}``  the Jester's player names who plays next,
        any player, themselves included; P starts at step 1.

Covering discards: ``legal_actions`` lists the *minimal* covers (no card of them can be
removed and still cover), the useful choices, which keeps the list short for pages, bots and
random play. ``apply`` also accepts any non-minimal cover (a set of distinct cards of the
hand worth at least the attack): the rules allow discarding more than needed. This is the
one place where ``apply`` accepts more than ``legal_actions`` lists; everything else it
refuses with ``IllegalAction``.

Losing: at step 4 when the hand cannot cover the attack (solo: and no Jester is left to
flip); at step 1 when the hand is empty and the player may not yield (solo: no Jester left).
The game is then over for everyone.

Readings of the rules
---------------------
- Immunity: a play's power of the enemy's suit is cancelled (its value still counts as
  damage), until a Jester is played against that enemy; then it lasts until the enemy
  falls. Spades played against an immune Spades enemy are remembered (``blocked_spades``)
  and count as a shield once a Jester is played against it; against other suits a Jester
  counts only for later plays.
- The Spade shield is the play's whole attack value (8 of Spades with the Ace of Hearts:
  9), cumulative, until the enemy falls. Clubs double the damage only.
- Diamonds: one card at a time, clockwise from the player, skipping full hands, until the
  value is drawn, every hand is full or the Tavern is empty. Hearts: the discard pile is
  shuffled and that many of its cards go under the Tavern.
- A play with an enemy card in hand uses its value (Jack 10, Queen 15, King 20) and suit.
- Yield limit: "every other player yielded on their most recent turn", kept across enemies.
- Step 4 at 0 attack needs no decision (nothing to discard); in solo a flip at that
  moment is the same as a flip at the start of the next step 1.

Timeouts (``default_action``): ``yield`` where yielding is allowed; else the play of least
attack value, then fewest cards (a Jester only when the hand holds nothing else); with an
empty hand, ``flip_jester``. Step 4: the cheapest cover (least total value, then fewest
cards; always one of the listed minimal covers), or ``flip_jester`` when the hand cannot
cover. ``choose``: the next player clockwise from the Jester's player.

``legal_actions`` returns shared, read-only dicts (``dict(action)`` gives a mutable copy;
their ``cards`` lists are read-only too, ``list(cards)`` copies); ``apply`` accepts any equal
dict.

View
----
``view(state, p)`` (p None: a spectator)::

    {"enemy": {"card", "suit", "health", "damage", "remaining", "base_attack",
               "attack",            # after shields
               "shield", "blocked_spades", "immune", "jester"} | None (after the win),
     "castle_size", "tavern_size", "discard_size",
     "players": [{"id", "hand_size", "hand": [card, ...] (p only) | None, "yielded"}],
     "table": [{"player", "cards"}],          # the plays against the current enemy
     "current_player", "waiting_for",
     "phase": "play" | "discard" | "choose" | "over", "step": 1 | 4 | None,
     "to_cover": int | None,                  # step 4: the attack to cover
     "can_yield": bool,                       # may the current player yield now
     "max_hand_size", "solo", "jesters_left": int (solo) | None,
     "log": [entry, ...], "outcome": None | {...}}

``outcome``: ``{"winners": [every player], "medal": "gold" | "silver" | "bronze"}`` on a
victory (medal None with 2-4 players; solo: 0, 1, 2 Jesters flipped), ``{"winners": [],
"lost": True}`` on a defeat.

Log
---
Public entries (JSON dicts with an ``"event"``)::

    {"event": "start", "players": [...], "first_player": P, "solo": bool}
    {"event": "enemy", "card": C, "castle": n}            # revealed; n cards left below
    {"event": "play", "player": P, "cards": [...], "attack": n, "damage": d
        [, "immune": suit][, "healed": n][, "drawn": n][, "shield": n]}
    {"event": "jester", "player": P, "card": "X1"[, "shield": n]}
    {"event": "choose_next", "player": P, "next": Q}
    {"event": "yield", "player": P}
    {"event": "defeat", "player": P, "card": C, "exact": bool}
    {"event": "attack", "player": P, "card": C, "amount": n}
    {"event": "discard", "player": P, "cards": [...], "value": n}
    {"event": "flip_jester", "player": P, "discarded": [...], "drawn": n, "jesters_left": n}
    {"event": "lost", "player": P, "reason": "cover" | "stuck"}
    {"event": "won", "medal": M | None}

``describe(entry, lang="en", names=None)`` (also ``RegicideEngine.describe``) renders one
entry as a sentence in English or French; ``names`` maps player ids to display names.
"""

from games.engines.regicide.engine import RegicideEngine
from games.engines.regicide.log import describe

__all__ = ["RegicideEngine", "describe"]
