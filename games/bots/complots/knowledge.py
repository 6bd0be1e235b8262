"""What a Complots seat knows, read once from its view: cards, counts, claims, threats.

Everything here comes from ``view(state, seat)``: the seat's own cards, the revealed cards,
the coins, and the public ``log``. The card count is exact (three copies of each character
for 2-6 players, four for 7-8, and 7 cards in play in a two-player game); a claim's
likelihood starts from that count (hypergeometric: how likely is a hand of ``lives`` unknown
cards to hold one of the copies nobody has seen) and is then moved by what the claimer has
done in the log (claims repeated, bluffs caught, claims proven).
"""

from math import comb

from games.engines.complots.characters import BLOCKED_BY

_FORCED = ("lose", "exchange", "show", "examine", "blackmail", "spy", "give", "split", "plague")


def whoami(view, actions=()):
    """The seat a view belongs to: the one whose face-down cards are visible, else a guess
    from the open moment (the decider, the active player, the only one waited for)."""
    players = view.get("players") or []
    for p in players:
        for card in p.get("cards") or ():
            if not card.get("revealed") and card.get("character") is not None:
                return p.get("id")
    pending = view.get("pending") or {}
    moment = pending.get("moment")
    if moment in _FORCED and pending.get("decider") is not None:
        return pending["decider"]
    if moment == "turn":
        return pending.get("player") or view.get("current_player")
    waiting = list(view.get("waiting_for") or pending.get("waiting_for") or ())
    claim = pending.get("claim") or {}
    others = [w for w in waiting if w not in (claim.get("player"), pending.get("player"))]
    if others:
        return others[0]
    return waiting[0] if waiting else None


def hypergeometric_any(remaining, unknown, hand):
    """P(a hand of ``hand`` cards drawn from ``unknown`` holds one of ``remaining`` cards)."""
    if remaining <= 0 or hand <= 0:
        return 0.0
    unknown = max(unknown, hand, remaining)
    return 1.0 - comb(unknown - remaining, hand) / comb(unknown, hand)


class Claims:
    """Each player's claims, read from the public log.

    ``recent[p]``: characters p announced (action, block or counter-announcement) since p's
    cards last changed (a proof swaps the card, an exchange may swap both, a caught bluff
    shows p lacked it, an Inquisiteur's forced discard replaces one). ``caught[p]`` /
    ``proven[p]``: p's challenged claims that were bluffs / true. ``overclaimed[p]``: how
    often p stood by more different characters than p had lives (one of them a lie, seen
    without a challenge); ``lives`` (player -> cards dealt, 2 by default) counts the lives
    of each player along the log for that.
    """

    def __init__(self, log, lives=None):
        dealt = dict(lives or {})
        self.recent: dict[str, dict[str, int]] = {}
        self.overclaimed: dict[str, int] = {}
        self.incomes: dict[str, int] = {}  # Revenu taken
        self.lives: dict[str, int] = {}
        self.caught: dict[str, int] = {}
        self.proven: dict[str, int] = {}
        self.challenges: dict[str, int] = {}
        self.windows: dict[str, int] = {}  # claims by others while the player was alive
        self.beggared: dict[str, int] = {}  # Le Mendiant received
        alive: list[str] = []
        for entry in log or ():
            event = entry.get("event")
            player = entry.get("player")
            if event == "start":
                alive = list(entry.get("players") or ())
                self.lives = {p: dealt.get(p, 2) for p in alive}
            elif event in ("eliminated", "resign"):
                if player in alive:
                    alive.remove(player)
            if event in ("claim", "block", "announce"):
                for other in alive:
                    if other != player:
                        self.windows[other] = self.windows.get(other, 0) + 1
                mine = self.recent.setdefault(player, {})
                character = entry.get("character")
                mine[character] = mine.get(character, 0) + 1
                if len(mine) > self.lives.get(player, 2):
                    self.overclaimed[player] = self.overclaimed.get(player, 0) + 1
            elif event == "bluff":
                self.caught[player] = self.caught.get(player, 0) + 1
                self.recent.get(player, {}).pop(entry.get("character"), None)
            elif event == "proof":
                self.proven[player] = self.proven.get(player, 0) + 1
                character = entry.get("character")
                if character is None:  # Abus de confiance: every live card was replaced
                    self.recent.pop(player, None)
                else:
                    self.recent.get(player, {}).pop(character, None)
            elif event == "exchange":
                self.recent.pop(player, None)
            elif event == "lose":
                self.recent.get(player, {}).pop(entry.get("character"), None)
                self.lives[player] = max(0, self.lives.get(player, 2) - 1)
            elif event == "examine" and entry.get("discarded"):
                self.recent.pop(entry.get("target"), None)
            elif event == "beggar":
                target = entry.get("target")
                self.beggared[target] = self.beggared.get(target, 0) + 1
            elif event == "challenge":
                self.challenges[player] = self.challenges.get(player, 0) + 1
            elif event == "income":
                self.incomes[player] = self.incomes.get(player, 0) + 1

    def bluff_rate(self, player) -> float:
        """The odds of a claim by ``player`` being a bluff rather than true, from their
        challenged claims (caught vs proven), with a prior of one in seven worth 4 claims."""
        caught = self.caught.get(player, 0)
        return (caught + 0.6) / (caught + self.proven.get(player, 0) + 4)

    def honesty(self, player, prior=0.3, proof_odds=2.0, income_odds=1.0) -> float:
        """P(``player`` claims only the cards they hold), an opponent model read from the log.

        Two kinds of players: those who never lie and those who do. ``prior`` is the share of
        the first kind before any evidence. A caught bluff, or more characters stood by than
        lives, settles it (a liar); each challenged claim proven true multiplies the odds of
        honesty by ``proof_odds`` (a liar's challenged claims are true about half the time,
        an honest player's always). Each Revenu taken multiplies them by ``income_odds``: a
        liar would rather have claimed a Duchesse."""
        if self.caught.get(player, 0) or self.overclaimed.get(player, 0):
            return 0.0
        odds = prior / (1.0 - prior) * proof_odds ** self.proven.get(player, 0)
        odds *= income_odds ** self.incomes.get(player, 0)
        return odds / (1.0 + odds)

    def challenge_rate(self, player) -> float:
        """How often ``player`` challenges a claim (a prior of one in eight)."""
        return (self.challenges.get(player, 0) + 1) / (self.windows.get(player, 0) + 8)

    def claimed(self, player, character) -> int:
        return self.recent.get(player, {}).get(character, 0)

    def other_claims(self, player, character) -> int:
        """How many different characters other than ``character`` ``player`` stands by."""
        return sum(1 for c in self.recent.get(player, {}) if c != character)


class Seat:
    """One decision's reading of the view for the seat ``me``."""

    def __init__(self, view, me):
        self.view = view
        self.me = me
        self.players = view.get("players") or []
        self.by_id = {p["id"]: p for p in self.players}
        self.order = [p["id"] for p in self.players]
        self.characters = tuple(view.get("characters") or ())
        self.in_play = frozenset(self.characters)
        n = len(self.players)
        self.copies = 4 if n >= 7 else 3
        self.deck = 7 if n == 2 else 5 * self.copies
        self.pending = view.get("pending") or {}
        self.moment = self.pending.get("moment")
        self.private = view.get("private") or {}
        self.options = view.get("options") or {}
        self.divided = bool(view.get("divided"))
        mine = self.by_id.get(me) or {}
        self.mine = mine
        self.hand = [
            c["character"]
            for c in mine.get("cards") or ()
            if not c.get("lost", c.get("revealed")) and c.get("character") is not None
        ]
        self.coins = mine.get("coins", 0)
        self.lives = mine.get("lives", len(self.hand)) or 0
        self.opponents = [p for p in self.players if p.get("alive") and p["id"] != me]
        known: dict[str, int] = {}
        revealed: dict[str, int] = {}
        for p in self.players:
            for card in p.get("cards") or ():
                c = card.get("character")
                if c is None:
                    continue
                if card.get("revealed"):
                    revealed[c] = revealed.get(c, 0) + 1
                    known[c] = known.get(c, 0) + 1
                elif p["id"] == me:
                    known[c] = known.get(c, 0) + 1
        for c in self.private.get("drawn") or ():
            known[c] = known.get(c, 0) + 1
        self.known = known
        self.revealed = revealed
        self.unknown = max(0, self.deck - sum(known.values()))
        self.unrevealed = max(0, self.deck - sum(revealed.values()))
        self.claims = Claims(
            view.get("log"), {p["id"]: len(p.get("cards") or ()) or 2 for p in self.players}
        )

    # -- people ----------------------------------------------------------------------------

    def player(self, pid):
        return self.by_id.get(pid) or {}

    def coins_of(self, pid) -> int:
        return self.player(pid).get("coins", 0)

    def lives_of(self, pid) -> int:
        return self.player(pid).get("lives", 0)

    def threat(self, pid) -> float:
        """How dangerous a player is: lives, coins (a coup is 7), killers they stand by."""
        p = self.player(pid)
        if not p.get("alive"):
            return -100.0
        score = 5.0 * p.get("lives", 0) + p.get("coins", 0)
        if p.get("coins", 0) >= 7:
            score += 3.0
        for killer in ("assassin", "bourreau", "maitre_chanteur"):
            if self.claims.claimed(pid, killer):
                score += 2.0
        return score

    def leader(self):
        """The most threatening living opponent (None if there is none)."""
        if not self.opponents:
            return None
        return max(self.opponents, key=lambda p: (self.threat(p["id"]), -self.seat(p["id"])))["id"]

    def seat(self, pid) -> int:
        return self.order.index(pid) if pid in self.by_id else len(self.order)

    def same_religion(self, a, b) -> bool:
        return self.player(a).get("religion") == self.player(b).get("religion")

    # -- cards -----------------------------------------------------------------------------

    def holds(self, character) -> bool:
        return character in self.hand

    def p_holds(self, pid, characters) -> float:
        """P(``pid`` holds a live card among ``characters``), from the card count alone."""
        if isinstance(characters, str):
            characters = (characters,)
        if pid == self.me:
            return 1.0 if any(c in self.hand for c in characters) else 0.0
        remaining = sum(
            max(0, self.copies - self.known.get(c, 0)) for c in set(characters) if c in self.in_play
        )
        return hypergeometric_any(remaining, self.unknown, self.lives_of(pid))

    def p_public(self, character, lives=None) -> float:
        """How likely a spectator thinks a hand of ``lives`` cards holds ``character``."""
        if character not in self.in_play:
            return 0.0
        remaining = self.copies - self.revealed.get(character, 0)
        return hypergeometric_any(
            remaining, self.unrevealed, self.lives if lives is None else lives
        )

    def believe(self, pid, character) -> float:
        """P(``pid`` holds ``character``) given the count AND ``pid``'s record in the log."""
        p0 = self.p_holds(pid, character)
        if p0 <= 0.0 or p0 >= 1.0:
            return p0
        q = self.claims.bluff_rate(pid)
        # a claim repeated since the last change of cards is more likely true
        repeats = max(0, self.claims.claimed(pid, character) - 1)
        q *= 0.75**repeats
        # one life and other characters claimed: they cannot all be true
        if self.lives_of(pid) <= self.claims.other_claims(pid, character):
            q = min(1.0, q * 2.0)
        return p0 / (p0 + (1.0 - p0) * q)

    def blockers(self, action_key):
        return tuple(c for c in BLOCKED_BY.get(action_key, ()) if c in self.in_play)
