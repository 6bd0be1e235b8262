"""The Intrigue ``standard`` bot: bribes what a slot is worth to it, sells its castle dear.

Everything comes from the seat's view: the castles, the doors, the offers (public, amounts
included), its own money (never anyone else's), the round.

- **As a petitioner** it works out what the advisor at stake earns it: the slot's value
  times the incomes left (its turns still to come, and the final income), less a third for
  the risk of losing the seat later. It offers a share of that (``BRIBE_SHARE``), never
  more than it holds, asking for the best slot it may name; once refused it raises once
  (``RAISE``), and after two refusals, or with a standing offer, it is ``done``. Where it
  has nothing to gain (it owns both advisors of an internal conflict, or the stake is worth
  less than a thousand) it is ``done`` at once.
- **As the host** it accepts every standing offer (a bribe is paid at once and never
  returned; the engine binds the host to nothing) and then honours the best payers:
  stage 1, the best payer's advisor on the slot it asked for (else the highest free one),
  the unpaid on the lowest slots, the player who earns most first; an external conflict
  admits the best payer (then the owner who earns least); an internal conflict replaces
  the seated advisor when the newcomer's owner paid more (or, unpaid both, when the
  seated one's owner earns more). It prefers to let the petitioners bargain first
  (``patient``): a scheduler may give them time before asking it again.
- **Sending**: each advisor goes where it is seated without a conflict on the highest free
  slot (no advisor of its type seated there or waiting at that door, its own just sent
  included); a conflict costs a large part of the slot's value.

The choice is deterministic: the same view gives the same action.
"""

from __future__ import annotations

from games.bots.base import Bot

SLOTS = (1000, 3000, 6000, 10000)
ROUNDS = 5
BRIBE_SHARE = 0.3
RAISE = 1.6
RISK = 2 / 3  # the share of a slot's value the bot counts on keeping
EXTERNAL_PENALTY = 0.6  # what an external conflict at the door takes off a slot's value
INTERNAL_PENALTY = 0.7  # the same for a seated advisor of the type (internal conflict)


def kind_of(name: str) -> str:
    return name.rsplit("-", 1)[0]


class Table:
    """The public facts of a view the bot reasons on."""

    def __init__(self, view, player):
        self.view = view
        self.me = player
        self.players = [p.get("id") for p in view.get("players") or ()]
        self.income = {p.get("id"): p.get("income", 0) for p in view.get("players") or ()}
        mine = next((p for p in view.get("players") or () if p.get("id") == player), {})
        self.money = mine.get("money") or 0
        self.stage = view.get("stage") or {}
        self.round = view.get("round", 1)
        self.castles = view.get("castles") or {}

    def incomes_left(self, owner, host) -> int:
        """How many incomes ``owner`` still takes from an advisor seated now at ``host``'s
        turn: its turns in the later rounds, its turn later in this round, the final one."""
        left = 1 + max(0, ROUNDS - self.round)
        first = self.view.get("first_player")
        order = self.players
        if first in order:
            start = order.index(first)
            order = order[start:] + order[:start]
        if (
            self.round >= 2
            and owner in order
            and host in order
            and order.index(owner) > order.index(host)
        ):
            left += 1
        return left

    def worth(self, slot, owner=None, host=None) -> float:
        """What an advisor of ``owner`` seated on ``slot`` at ``host``'s is worth to it."""
        host = host or self.stage.get("host")
        return (slot or 0) * self.incomes_left(owner or self.me, host) * RISK

    def paid(self):
        """{player: thousands paid} by the accepted offers of the open stage, and the slot
        each payer asked for."""
        paid, asked = {}, {}
        for offer in self.view.get("offers") or ():
            who = offer.get("from")
            if offer.get("status") == "accepted":
                paid[who] = paid.get(who, 0) + (offer.get("amount") or 0) + 0.001
                if offer.get("slot"):
                    asked[who] = offer["slot"]
        return paid, asked

    def refusals(self) -> int:
        """Offers of this seat refused since the open stage began (from the log)."""
        count = 0
        for entry in reversed(self.view.get("log") or ()):
            if entry.get("event") == "stage":
                break
            if entry.get("event") == "refuse" and entry.get("from") == self.me:
                count += 1
        return count


class StandardBot(Bot):
    game = "intrigue"
    level = "standard"

    def whoami(self, view, actions):
        for p in view.get("players") or ():
            if p.get("money") is not None and not view.get("outcome"):
                return p.get("id")
        return None

    def patient(self, view, player) -> bool:
        """True while this seat hosts a negotiation whose petitioners still bargain: it
        would rather hear their offers before deciding."""
        stage = view.get("stage") or {}
        if stage.get("host") != player or not stage.get("negotiating"):
            return False
        return any(p.get("bargaining") for p in stage.get("petitioners") or ())

    def decide(self, view, actions, rng, player):
        table = Table(view, player)
        kinds = {a.get("type") for a in actions}
        if "send" in kinds:
            return self.send(table, actions)
        if "offer" in kinds or kinds == {"done"}:
            return self.petition(table, actions)
        return self.host(table, actions)

    # -- petitioner -----------------------------------------------------------------------

    def stake(self, table) -> tuple[float, int | None]:
        """(what this stage is worth to the seat, the slot to ask for or None)."""
        stage = table.stage
        me = table.me
        asks = stage.get("ask_slots") or []
        kind = stage.get("kind")
        mine = [a for a in stage.get("advisors") or () if a.get("owner") == me]
        if kind == "internal":
            seated = (stage.get("seated") or {}).get("owner")
            newcomer = mine[0] if mine else None
            if seated == me and newcomer is not None:
                return 0.0, None  # both are ours: either way we keep the slot
            return table.worth(stage.get("slot")), None
        if not mine:
            return 0.0, None
        best = max(asks) if asks else max(stage.get("slots") or [0])
        if kind == "place":
            floor = min(stage.get("slots") or [best])
            return table.worth(best) - table.worth(floor), (best if asks else None)
        # external: admitted or sent to the island; facing a seated advisor halves it
        value = table.worth(best)
        if stage.get("type") and not asks:
            value *= 0.5
        return value, (best if asks else None)

    def petition(self, table, actions):
        done = next(a for a in actions if a.get("type") == "done")
        standing = any(
            o.get("from") == table.me and o.get("status") == "standing"
            for o in table.view.get("offers") or ()
        )
        refused = table.refusals()
        if standing or refused >= 2:
            return done
        value, slot = self.stake(table)
        share = BRIBE_SHARE * (RAISE**refused)
        amount = min(int(value * share) // 1000, table.money // 1000)
        if amount <= 0:
            return done
        for action in actions:
            if (
                action.get("type") == "offer"
                and action.get("amount") == amount
                and action.get("slot") == slot
            ):
                return action
        return done

    # -- host -----------------------------------------------------------------------------

    def host(self, table, actions):
        offers = [a for a in actions if a.get("type") == "accept"]
        if offers:
            return offers[0]  # every bribe is money in: accept them all, one by one
        paid, asked = table.paid()
        by_type = {}
        for action in actions:
            by_type.setdefault(action.get("type"), []).append(action)
        if "place" in by_type or "admit" in by_type:
            return self.seat_one(table, by_type.get("place") or by_type["admit"], paid, asked)
        if "order" in by_type:
            return by_type["order"][0]
        if "replace" in by_type:
            stage = table.stage
            newcomer = (stage.get("advisors") or [{}])[0].get("owner")
            seated = (stage.get("seated") or {}).get("owner")
            new_paid, old_paid = paid.get(newcomer, 0), paid.get(seated, 0)
            if new_paid != old_paid:
                replace = new_paid > old_paid
            else:
                replace = table.income.get(seated, 0) > table.income.get(newcomer, 0)
            return by_type["replace" if replace else "keep"][0]
        return actions[0]

    def seat_one(self, table, actions, paid, asked):
        """The next advisor to place or admit, and where: payers first (the slot they asked
        for), then the unpaid, the player earning most on the lowest slot."""

        def rank(action):
            owner = action.get("owner")
            return (-paid.get(owner, 0), -table.income.get(owner, 0), table.players.index(owner))

        owner_action = min(actions, key=rank)
        owner, advisor = owner_action.get("owner"), owner_action.get("advisor")
        choices = [a for a in actions if a.get("owner") == owner and a.get("advisor") == advisor]
        slots = [a.get("slot") for a in choices]
        if paid.get(owner):
            want = asked.get(owner)
            slot = want if want in slots else max(slots)
        else:
            slot = min(slots)
        return next(a for a in choices if a.get("slot") == slot)

    # -- sending --------------------------------------------------------------------------

    def send(self, table, actions):
        waiting = table.view.get("waiting") or {}

        def score(action):
            target = action.get("to")
            kind = kind_of(action.get("advisor", ""))
            castle = table.castles.get(target) or table.castles.get(str(target)) or {}
            free = [int(s) for s, t in castle.items() if t is None]
            seated = {kind_of(t.get("advisor", "")) for t in castle.values() if t}
            at_door = [kind_of(t.get("advisor", "")) for t in waiting.get(target) or ()]
            best = max(free) if free else max(SLOTS)
            value = best
            if kind in at_door:
                value *= 1 - EXTERNAL_PENALTY
            if kind in seated or not free:
                value *= 1 - INTERNAL_PENALTY
            # the more crowded a door, the lower the slot left for this one
            value -= 500 * len(at_door)
            return value

        return max(actions, key=score)
