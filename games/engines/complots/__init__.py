"""Complots (the French Coup): base game, Complots 2, Saint-Barthélemy and Tyrannie.

The rules are the Complots, Naiade edition rulebook, read with rulings 1-26 and 34-37 of
``docs/rulings.md``. The contract is ``docs/engines.md``; this docstring is the engine's own
part of it. Players are opaque strings in seat order. Every action is a JSON dict with a
``"type"``.

Modules
-------
``characters``  the data table: 15 characters, 5 clans, powers, blockers, costs.
``state``       the compact ``State`` (``__slots__``), copy-on-apply, setup, dump/load.
``flow``        turns, response windows, challenges, losing lives, elimination.
``powers``      what each action and each character does once its claim stands.
``extensions``  Complots 2 moments, Saint-Barthélemy and Tyrannie.
``legal``       legal actions and default actions per moment.
``view``        ``view(state, player)`` and what ``decision_key`` hashes.
``orders``      standing orders (``standing_answer``).
``log``         log entries and ``describe(entry, lang, names=None)``.
``engine``      ``ComplotsEngine``, the public surface.

Options
-------
``characters``  five slugs, one per clan (Perceptrices ``duchesse illusionniste ursuline``;
                Assassins ``assassin bourreau maitre_chanteur``; Intouchables ``comtesse
                sorciere croque_mort``; Voleurs ``capitaine justicier pape``; Négociateurs
                ``ambassadeur inquisiteur espion``), in any order; default
                ``duchesse assassin comtesse capitaine ambassadeur``; ``"random"`` draws one
                per clan from the seed. Anything else raises ``IllegalAction``.
``saint_barthelemy``  bool (religions, Hospice, ``convert``, ``abuse_of_trust``).
``tyrannie``    bool (La Peste and Le Mendiant: ``plague``, ``beggar``).
``setup``       ``hands`` {player: [slug, slug]} (in two-player games one slug = the random
                card from the third pile, the ``choose`` step follows; two slugs = that card
                then the one taken from the player's own pile, and ``choose`` is skipped); ``court``
                [slug, ...] top first (the cards not placed anywhere go, shuffled, under it);
                ``coins`` {player: n} (others get the usual 2, or 1 for the first player of a
                two-player game); ``first_player``; ``religions`` {player: "catholique" |
                "protestant"} (default: alternating from the first player, who is
                catholique). Impossible setups raise ``IllegalAction``.

Chance: every deal and every shuffle of the Court comes from the seed through
``games.engines.base`` (SHA-256 of key || counter blocks; the counter is part of the state).

Coins: 54 in all, always (players + ``treasury`` + ``hospice``). Cards: 3 copies of each of
the five characters (15) for 2-6 players, 4 copies (20) for 7-8. Two players: the first
player has 1 Or; each player owns a pile of the five characters, gets one random card from a
third pile (its three other cards are the Court), then ``choose``-s one card of their pile.

Moments and actions
-------------------
``view["pending"]["moment"]`` names the open moment. ``waiting_for`` lists every player who
may act in it (seat order). In a response window several players wait at once; the window
closes when all of them passed or at the first ``challenge``/``block``/counter-announcement
that closes it (the first one recorded counts). A player with a forced decision (lose a
card, exchange, ...) is then the only one waiting.

``choose``  (two players, setup; both players at once)
    ``{"type": "choose", "character": C}``  the card taken from your own pile.

``turn``  (the current player)
    ``{"type": "income"}``                          Revenu, +1 Or.
    ``{"type": "foreign_aid"}``                     Aide Étrangère, +2 Or, blockable by any
                                                    opponent with the Perceptrice in play.
    ``{"type": "coup", "target": P}``               Assassinat, 7 Or. At 10 Or or more at the
                                                    start of the turn it is the only action.
    ``{"type": "power", "character": C}``           duchesse, ambassadeur, illusionniste,
                                                    ursuline, pape, justicier, espion.
    ``{"type": "power", "character": C, "target": P}``  assassin (3 Or), capitaine,
                                                    bourreau (3 Or), maitre_chanteur (3 Or).
    ``{"type": "power", "character": "inquisiteur", "mode": "exchange"}``
    ``{"type": "power", "character": "inquisiteur", "mode": "examine", "target": P}``
    ``{"type": "convert", "target": P}``            Saint-Barthélemy: change P's religion
                                                    (P may be yourself: 1 Or; another: 2 Or;
                                                    the Or goes to the Hospice).
    ``{"type": "abuse_of_trust"}``                  Saint-Barthélemy: claim not to hold the
                                                    Duchesse and take the Hospice; not
                                                    offered while the Hospice is empty.
    ``{"type": "plague", "target": P}``             Tyrannie: 5 Or, give La Peste to P.
    ``{"type": "beggar", "target": P}``             Tyrannie: 1 Or, give Le Mendiant to P.
    Comtesse, Sorcière and Croque-Mort have no action power.

``challenge``  (challenge window on a claim: every other living player)
    ``{"type": "challenge"}`` / ``{"type": "pass"}``. The claim may be an action's character,
    a block, a counter-announcement, a Sorcière, a Comtesse against La Peste or an Abus de
    confiance. ``pending["claim"]`` says who claimed what.

``block``  (block window; the target only for targeted Assassins/Voleurs/Négociateurs
    powers, any opponent for Aide Étrangère, the richest opponents for the Justicier)
    ``{"type": "block", "character": C}`` / ``{"type": "pass"}``; C is a character in play
    that blocks the action. The block then gets its own ``challenge`` window.

``lose``  (the player losing a life while holding two live cards, even two of a kind:
    skipping the question would reveal the pair)
    ``{"type": "lose", "character": C}``. With a single live card it is lost at once.

``exchange``  (Ambassadeur: 2 drawn; Inquisiteur exchange and Espion: 1 drawn)
    ``{"type": "exchange", "keep": [C, ...]}``  as many cards as you had alive, taken from
    your live cards plus the drawn ones (order does not matter).

``show``  (Inquisiteur examine: the target, when they hold two live cards)
    ``{"type": "show", "character": C}``  the face-down card shown to the Inquisiteur only.
``examine``  (Inquisiteur examine: the Inquisiteur, who saw the card)
    ``{"type": "give_back"}`` or ``{"type": "force_discard"}`` (the card goes into the
    Court, which is shuffled, and the target draws a replacement).

Complots 2 moments
    ``announce`` (counter-announcement window)  ``{"type": "announce", "character": C}`` /
        ``{"type": "pass"}``; ``pending["announce"]`` is C:
        - ``illusionniste``: every opponent, after the Illusionniste's claim window; the
          player pays 1 Or to each standing announcer; with 4 or more they keep 1 Or and
          give 3 with a ``give`` action.
        - ``pape``: every opponent the Pape would take from; a standing announcer pays
          nothing. (Only a Pape counters a Pape: there is no ``block`` of the Pape.)
        - ``croque_mort``: every other living player, when a player is eliminated; the
          standing announcers share the eliminated player's Or equally, the remainder goes
          to the Trésor (without announcers all of it goes to the Trésor).
        - ``sorciere``: the player who just lost a life (and is still alive); the lost card
          stays hidden until they pass; standing: +5 Or and the card stays face down.
        - ``comtesse`` (Tyrannie): the player who received La Peste.
        Every announcement opens its own ``challenge`` window (all other living players), in
        seat order of the announcers, once all announcements are in.
    ``give``  ``{"type": "give", "to": [P, ...]}`` players in seat order: Ursuline (one
        opponent), Illusionniste with 4+ announcers (three distinct announcers).
    ``split``  Justicier ties: ``{"type": "split", "amounts": {P: n, ...}}`` mapping every
        tied player to an int, summing to ``pending["total"]``; ``pending["step"]`` is
        ``"take"`` (from the tied richest opponents) or ``"give"`` (to the tied poorest).
        The richest/poorest are judged on the coins at resolution, before any Or moves; the
        Justicier keeps 1 Or of what was taken first, the rest (up to 2) is given.
    ``blackmail``  (Maître-Chanteur's target) ``{"type": "blackmail_choice", "pay": true}``
        (pay the player 3 Or, only with 3 Or or more) or ``{"pay": false}`` (lose a life and
        receive 3 Or from the player). A successful block: the 3 Or are paid to the target.
    ``spy``  (Espion, after each exchange) ``{"type": "spy_again"}`` (pay 1 Or to the Trésor,
        draw 1 more) or ``{"type": "spy_stop"}``.
    Bourreau: the 3 Or are paid to the target as soon as the claim stands (even if blocked).

Tyrannie moments
    ``plague``  (a standing Comtesse against La Peste) ``{"type": "pass_plague", "target": P}``
        a living player not yet targeted and not the active player.
    A player holding Le Mendiant when their turn comes takes no action: the turn is skipped
    automatically and the card returns to the centre.

Eliminated players drop out of open windows; a forced decision of a player eliminated
meanwhile lapses (drawn cards go back to the Court), and the action of an active player
eliminated during it does nothing more.

Resigning
---------
``{"type": "resign"}`` puts a player out (their own Abandon, a timeout policy, a moderator). It
is legal for every living player at every moment while the game runs, waited for or not, and is
always the LAST entry of their ``legal_actions`` (a player not waited for gets ``[resign]``);
never for an eliminated player, never after the end; ``default_action`` never resigns. Effects,
in order: log ``{"event": "resign", "player": P}``; during the two-player ``choose`` step,
whoever has not chosen yet gets the default card (the game then ends); every face-down card of
P is turned face up (a ``lose`` entry each; a card already lost face down to the Sorcière stays
hidden, a card waiting for P's own Sorcière window is revealed); then the open moment is
adjusted: P's own claim under challenge fails (nobody challenges it), a block window on P's
action, a counter-announcement window against P's action, a ``show`` to P's Inquisiteur or a
``blackmail`` by P's Maître-Chanteur close; P leaves the candidates of a ``give``,
``pass_plague`` or Justicier ``split`` (a split ``take`` total shrinks to what the remaining
tied players hold; nobody left: nothing is taken or given); then P is eliminated as usual: La
Peste / Le Mendiant return to the centre, P's Or goes to the Trésor or, with the Croque-Mort in
play, a Croque-Mort window opens as for any elimination; a last survivor wins. The usual
handling of eliminated players does the rest: P is no longer waited for in open windows, P's
forced decision lapses, P's action (P active) does nothing more and the next living player's
turn begins, an action targeting P does nothing more (ruling 9). Nobody pays Or to an
eliminated player (a transfer to them moves nothing).

Decision key
------------
``decision_key(state, player)`` (the platform's hook, see ``Engine.decision_key``) is a
32-digit hex string naming the question ``player`` faces; None for a spectator or a stranger.
It stays the same while others answer the same question and changes with it. It hashes: the
player, the turn number, the count of log entries other than ``announce``, ``pending`` without
``waiting_for`` and ``announcers``, the player's ``private`` part, own coins and cards,
every other player's coins, alive flag and face-up cards, the Trésor, the Court size, the
Hospice and religions, who holds La Peste and Le Mendiant, the winner and the player's legal
actions. So another player's pass, counter-announcement or two-player ``choose`` keeps it;
a challenge, a block, a resolution, a loss, a resignation or a new moment changes it; and a
player's own answer always changes their own key.

Standing orders
---------------
``standing_orders`` = ``("pass_untargeted", "never_challenge", "block_foreign_aid",
"pass_until_turn")``; ``standing_answer(state, player, orders)`` returns ``(action or None,
orders_left)`` from the player's own view and legal actions only (module ``orders``), and an
action only while the player is waited for in a window where ``pass`` is legal:
``block_foreign_aid`` in the block window of an Aide Étrangère blocks with a live card of the
player that blocks it, else passes (it answers either way; and since its answer reads the
player's hidden cards, ``standing_answer_hidden`` says True then, and the platform plays it
at a person's pace); the other orders read public facts only (``standing_answer_hidden``
False);
``pass_until_turn`` passes in every ``challenge``/``block``/``announce`` window and lapses when
the player's turn comes; ``never_challenge`` passes in every ``challenge`` window;
``pass_untargeted`` passes in a window whose question is not about the player (not their own
turn's action, not targeting them, not a Pape or Justicier, not their decision or claim).

``legal_actions`` returns shared, read-only dicts (a ``dict`` subclass that raises
``TypeError`` on change; ``dict(action)`` gives a mutable copy; the ``keep`` list of an
``exchange`` action is read-only the same way, ``list(keep)`` copies it; ``copy.deepcopy``
and pickling give plain dicts and lists). ``apply`` accepts any equal dict; ``exchange``
``keep`` and ``give`` ``to`` may come in any order.

``default_action``: ``pass`` in a window (``challenge``, ``block``, ``announce``); on a turn
``income``, or ``coup`` on the next living eligible opponent in seat order when forced; the
first live card in hand order for ``lose``/``show``; keeping one's current cards for
``exchange``; ``give_back``; ``spy_stop``; ``blackmail_choice`` paying when possible; the first
players in seat order for ``give``/``pass_plague``; the first split in seat order; the first
card of the pile in character order for ``choose``.

View
----
``view(state, p)`` (p None: spectator) is::

    {"players": [{"id", "coins", "alive", "lives",
                  "cards": [{"character": slug | None, "revealed": bool, "lost": bool}],
                  "religion": "catholique" | "protestant"  # only with Saint-Barthélemy
                  }],
     "hospice": int, "divided": bool,                    # only with Saint-Barthélemy
     "treasury", "court_size", "current_player", "waiting_for", "characters",
     "log": [entry, ...],                                # public entries + p's private ones
     "options": {"saint_barthelemy": bool, "tyrannie": bool},
     "tyrannie": {"plague": P | None, "beggar": P | None},   # who holds each card; None = centre
     "turn": int,                                        # 1 for the first turn
     "pending": {...} | None,
     "private": {...},                                   # what only p sees (see below)
     "outcome": None | {"winners": [P]}}

A card is ``lost`` once it is no life (revealed, or lost face down to the Sorcière, or lost
and waiting for the Sorcière window); ``character`` is None for a face-down card p may not
see (p sees their own cards, even lost face down).

``pending`` describes the open moment publicly: ``{"moment", "player" (whose turn),
"action" (the turn's action as played, e.g. {"type": "power", "character": "capitaine",
"target": "bob"}) or None, "claim": {"player", "character", "kind"} or None (kind: "action",
"block", "announce", "abuse_of_trust"), "block": {"player", "character"} or None,
"waiting_for": [...]}`` plus, per moment: ``block``: ``"blockers"`` (characters that may
block); ``lose``/``exchange``/``show``/``examine``/
``blackmail``/``spy``/``give``/``split``/``plague``: ``"decider"``; ``lose``: ``"reason"``;
``announce``: ``"announce"`` (the character), ``"announcers"`` so far, ``"eliminated"``
(Croque-Mort), ``"decider"`` (Sorcière, Comtesse against La Peste); ``exchange``:
``"drawn"`` (how many); ``show``: ``"inquisiteur"``; ``examine``: ``"target"``;
``blackmail``: ``"blackmailer"``; ``give``: ``"count"``,
``"candidates"``; ``split``: ``"step"``, ``"total"``, ``"candidates"``; ``plague``:
``"candidates"``.

``private`` for p: ``"pile"`` (two-player choose: p's five cards), ``"drawn"`` (cards p drew
in an open exchange), ``"shown"`` ({"player", "character"} the card shown to p, the
Inquisiteur, while p decides), ``"shown_by_me"`` (the character p showed, for the target).

Log
---
Entries are JSON dicts with an ``"event"`` key. Public entries hold no hidden information:

    {"event": "start", "players": [...], "first_player": P, "characters": [...]}
    {"event": "turn", "player": P, "number": n}
    {"event": "skip", "player": P}                               # Le Mendiant
    {"event": "income", "player": P, "amount": n}
    {"event": "foreign_aid", "player": P}
    {"event": "coup", "player": P, "target": T}
    {"event": "claim", "player": P, "character": C[, "target": T][, "mode": M]}
    {"event": "block", "player": P, "character": C, "against": A}
    {"event": "announce", "player": P, "character": C}
    {"event": "challenge", "player": P, "claimant": A, "character": C}
    {"event": "proof", "player": A, "character": C}              # shown, into the Court
    {"event": "proof", "player": A, "character": None, "cards": [C, ...]}  # Abus de confiance
    {"event": "bluff", "player": A, "character": C}              # did not hold it
    {"event": "lose", "player": P, "character": C | None}        # None: lost face down
    {"event": "eliminated", "player": P}
    {"event": "resign", "player": P}                             # P left the game
    {"event": "gain", "player": P, "amount": n}                  # from the Trésor
    {"event": "pay", "player": P, "to": T | "treasury" | "hospice", "amount": n}
    {"event": "steal", "player": P, "target": T, "amount": n}
    {"event": "blocked", "player": P}                            # P's action is blocked
    {"event": "failed", "player": P}                             # P's claim failed
    {"event": "exchange", "player": P, "drawn": n}
    {"event": "examine", "player": P, "target": T, "discarded": bool}
    {"event": "sorciere", "player": P, "amount": n}
    {"event": "inherit", "player": P, "from": E, "amount": n}    # Croque-Mort share
    {"event": "convert", "player": P, "target": T, "religion": R}
    {"event": "abuse_of_trust", "player": P}
    {"event": "take_hospice", "player": P, "amount": n}
    {"event": "plague", "player": P, "target": T}
    {"event": "beggar", "player": P, "target": T}
    {"event": "win", "player": P}
    {"event": "pass", "player": P, "moment": "challenge" | "block" | "announce"}
        # "announce" also names the character not announced ("character": C); when the
        # holder of a life lost lets the Sorcière go, their "lose" entry comes just before
    # The game ending while a life lost waits on its Sorcière window (her announcement's
    # challenge eliminated the last opponent) still tells that life: a "lose" entry (its
    # character None when the holder had announced her) before "win".

Private entries carry ``"only": P``, the one player who learns what they say; ``view(state, P)``
lists them in P's log only (never for another player nor a spectator):

    {"event": "drew", "player": P, "cards": [C, ...], "only": P} # after a proof or a discard
    {"event": "kept", "player": P, "cards": [C, ...], "only": P} # the end of an exchange
    {"event": "seen", "player": T, "cards": [C], "only": I}      # T showed C to Inquisiteur I

``describe(entry, lang="en", names=None)`` (in ``log``) renders one entry as a sentence in
English or French; ``names`` maps player ids to display names.
"""

from games.engines.complots.engine import ComplotsEngine
from games.engines.complots.log import describe

__all__ = ["ComplotsEngine", "describe"]
