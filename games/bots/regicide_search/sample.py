"""What a Regicide seat knows of the hidden cards, and positions drawn consistent with it.

Read from the seat's view alone: its own hand, the table, the current enemy, the sizes of
the piles and hands, and the public log. Replaying the log tells

- which enemies are still in the Castle (every enemy not revealed yet; Jacks above Queens
  above Kings, each group in an unknown order);
- which cards are surely in the discard pile (discarded, or played against a fallen enemy,
  since the last Hearts heal) and which only may be (there before a heal moved some of the
  pile under the Tavern: which ones nobody saw);
- which cards lie face down on top of the Tavern (enemies killed by exact damage), until a
  draw takes them.

Every other card of the game is in the Tavern or in another player's hand, in an order
nobody knows. ``Knowledge.sample(rng)`` deals them at random (the seat's own stream) into a
full engine state that the seat cannot tell from the real one: its hand, the table and
every public fact are the view's own. The state carries an empty log and a key drawn from
the stream (the Hearts shuffles of a playout are the sample's, not the game's).
"""

from __future__ import annotations

from games.engines.regicide.cards import FACE_RANKS, JESTERS, SUITS, TABLE, TAVERN_BASE

_FACES = tuple(r + s for r in FACE_RANKS for s in SUITS)  # Jacks, Queens, Kings


def _shuffle(rng, items):
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    return items


class Knowledge:
    """The seat's reading of the view: fixed facts and the unknown cards to deal."""

    def __init__(self, view, player):
        players = [p["id"] for p in view.get("players") or ()]
        self.players = players
        self.seat = players.index(player) if player in players else 0
        n = max(1, len(players))
        self.view = view
        me = (view.get("players") or [{}])[self.seat]
        self.hand = list(me.get("hand") or ())
        self.table = [(row["player"], list(row["cards"])) for row in view.get("table") or ()]
        enemy = view.get("enemy") or {}
        self.enemy = enemy.get("card")
        self._replay(view.get("log") or (), n)

    def _replay(self, log, n):
        revealed = set()
        certain: list = []  # surely in the discard pile
        maybe: set = set()  # in it before a heal: perhaps moved under the Tavern
        top: list = []  # known cards on top of the Tavern, top first

        def gone(cards):
            for c in cards:
                if c in maybe:
                    maybe.discard(c)
                if c in certain:
                    certain.remove(c)
                if c in top:
                    top.remove(c)

        table: list = []
        for entry in log:
            event = entry.get("event")
            if event == "enemy":
                revealed.add(entry.get("card"))
            elif event == "play":
                cards = list(entry.get("cards") or ())
                gone(cards)
                table.extend(cards)
                if entry.get("healed"):
                    maybe.update(certain)
                    certain.clear()
                drawn = entry.get("drawn") or 0
                del top[:drawn]
            elif event == "jester":
                card = entry.get("card")
                gone([card])
                table.append(card)
            elif event == "defeat":
                certain.extend(table)
                table = []
                card = entry.get("card")
                if entry.get("exact"):
                    top.insert(0, card)
                else:
                    certain.append(card)
            elif event == "discard":
                cards = list(entry.get("cards") or ())
                gone(cards)
                certain.extend(cards)
            elif event == "flip_jester":
                cards = list(entry.get("discarded") or ())
                gone(cards)
                certain.extend(cards)
                del top[: entry.get("drawn") or 0]
        mine = set(self.hand)
        on_table = {c for _, cards in self.table for c in cards}
        seen = mine | on_table
        self.certain = [c for c in certain if c not in seen]
        self.maybe = sorted(c for c in maybe if c not in seen and c not in self.certain)
        self.top = [c for c in top if c not in seen]
        jesters = JESTERS[: TABLE.get(n, (0, 8))[0]]
        universe = list(TAVERN_BASE) + list(jesters) + [c for c in _FACES if c in revealed]
        known = seen | set(self.certain) | set(self.maybe) | set(self.top) | {self.enemy}
        self.unknown = [c for c in universe if c not in known]
        self.castle_groups = [
            [r + s for s in SUITS if r + s not in revealed and r + s != self.enemy]
            for r in FACE_RANKS
        ]

    def sample(self, rng) -> dict:
        """A full state (as ``engine.dump`` writes it) consistent with the view."""
        view = self.view
        players = self.players
        # the discard pile: the sure cards and a draw among the maybes
        discard = list(self.certain)
        maybe = _shuffle(rng, list(self.maybe))
        want = max(0, min(len(maybe), view.get("discard_size", 0) - len(discard)))
        discard += maybe[:want]
        pool = _shuffle(rng, self.unknown + maybe[want:])
        hands = []
        for i, p in enumerate(view.get("players") or ()):
            if i == self.seat:
                hands.append(list(self.hand))
                continue
            size = p.get("hand_size", 0)
            hands.append(pool[:size])
            del pool[:size]
        tavern = list(self.top) + pool
        size = view.get("tavern_size", len(tavern))
        if len(tavern) > size:  # cards the log does not place (a rigged start): discarded
            discard += tavern[size:]
            del tavern[size:]
        castle = []
        for group in self.castle_groups:
            castle += _shuffle(rng, list(group))
        castle = castle[max(0, len(castle) - view.get("castle_size", 0)) :]
        if not view.get("castle_size"):
            castle = []
        enemy = view.get("enemy") or {}
        seat_of = {p: i for i, p in enumerate(players)}
        yielded = 0
        for i, p in enumerate(view.get("players") or ()):
            if p.get("yielded"):
                yielded |= 1 << i
        current = view.get("current_player")
        key = bytes(rng.below(256) for _ in range(32))
        return {
            "version": 1,
            "players": list(players),
            "key": key.hex(),
            "ctr": 0,
            "hands": hands,
            "tavern": tavern,
            "discard": discard,
            "castle": castle,
            "enemy": self.enemy,
            "damage": enemy.get("damage", 0),
            "shield": enemy.get("shield", 0),
            "blocked": enemy.get("blocked_spades", 0),
            "jester": bool(enemy.get("jester")),
            "table": [[seat_of[p], cards] for p, cards in self.table],
            "cur": seat_of.get(current, self.seat),
            "phase": view.get("phase", "play"),
            "cover": view.get("to_cover") or 0,
            "yielded": yielded,
            "jesters_left": view.get("jesters_left") or 0,
            "result": None,
            "log": [],
        }
