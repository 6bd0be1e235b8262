"""The Intrigue ``standard`` bot: bribes what a slot is worth to it, sells its castle dear.

Everything comes from the seat's view: the castles, the doors, the offers (public, amounts
included), its own money (never anyone else's), the round.

- **As a petitioner** it bargains as a person would. It works out what the advisor at
  stake earns it (its *worth*): the slot's value times the incomes left (its turns still
  to come, and the final income), less a third for the risk of losing the seat later. It
  opens with a share of that (``BRIBE_SHARE``), asking for the best slot it may name, and
  raises after each refusal (``RAISE``); when a rival's offer in the stage tops its own it
  answers with one thousand more. Its offers grow with the worth and never exceed it (nor
  what it holds): past the worth it is ``done``, as after ``GIVE_UP`` refusals or while its
  standing offer is the best. Where it has nothing to gain (it owns both advisors of an
  internal conflict, or the stake is worth less than a thousand) it is ``done`` at once.
- **As the host** it weighs each standing offer against what refusing gains: taking the
  money binds it to honour the payer (the slot asked for, the door opened), which is worth
  ``HONOUR_COST`` of the payer's gain to a rival in a money race. It accepts the best offer
  whose amount beats that cost (one per stage for a conflict, one per slot in stage 1) and
  refuses the rest, each in turn; a revised offer (a fresh standing offer) is weighed
  anew. It then honours the payers it accepted:
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
GIVE_UP = 3  # refusals in a stage after which a petitioner stops offering
HONOUR_COST = 0.5  # what honouring a payer costs the host, as a share of the payer's gain
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

    def my_standing_offer(self):
        """The amount (thousands) of this seat's standing offer, or None."""
        for offer in self.view.get("offers") or ():
            if offer.get("from") == self.me and offer.get("status") == "standing":
                return offer.get("amount") or 0
        return None

    def best_rival_offer(self):
        """The best amount (thousands) offered by another petitioner in the open stage
        (standing or accepted), or None."""
        amounts = [
            offer.get("amount") or 0
            for offer in self.view.get("offers") or ()
            if offer.get("from") != self.me
        ]
        return max(amounts) if amounts else None

    def last_refused(self) -> int:
        """The best amount of this seat's offers refused in the open stage (-1: none)."""
        best = -1
        for entry in reversed(self.view.get("log") or ()):
            if entry.get("event") == "stage":
                break
            if entry.get("event") == "refuse" and entry.get("from") == self.me:
                best = max(best, entry.get("amount") or 0)
        return best

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

    def offer_amount(self, table, value) -> int:
        """The offer (thousands) for a stake worth ``value`` ducats now: the opening share
        raised after each refusal, topping a better rival offer, never above the worth nor
        the purse. 0: nothing worth offering."""
        ceiling = int(min(value, table.money)) // 1000
        if ceiling <= 0:
            return 0
        amount = int(value * BRIBE_SHARE * (RAISE ** table.refusals())) // 1000
        rival = table.best_rival_offer()
        if rival is not None and rival >= amount:
            amount = rival + 1
        return min(max(amount, 1), ceiling)

    def petition(self, table, actions):
        done = next(a for a in actions if a.get("type") == "done")
        mine = table.my_standing_offer()
        rival = table.best_rival_offer()
        if table.refusals() >= GIVE_UP:
            return done
        if mine is not None and (rival is None or rival < mine):
            return done  # the best offer on the table is ours: let it stand
        value, slot = self.stake(table)
        amount = self.offer_amount(table, value)
        if amount <= 0 or (mine is not None and amount <= mine):
            return done
        if amount <= table.last_refused():
            return done  # no better than what the host already turned down
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
        answer = self.answer_offers(table, actions)
        if answer is not None:
            return answer
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

    def honour_cost(self, table, offer) -> float:
        """What honouring ``offer`` costs the host: a share of what the payer gains by it
        over what the host would do unpaid (stage 1: the lowest free slot; a conflict: the
        door or the seat goes to someone else)."""
        stage = table.stage
        payer = offer.get("from")
        host = table.me
        slots = stage.get("slots") or stage.get("ask_slots") or [stage.get("slot") or 0]
        asked = offer.get("slot") or max(slots)
        gain = table.worth(asked, owner=payer, host=host)
        if stage.get("kind") == "place":
            gain -= table.worth(min(slots), owner=payer, host=host)
        return HONOUR_COST * max(0.0, gain)

    def offer_net(self, table, offer) -> float:
        """What accepting ``offer`` is worth to the host beyond refusing it (ducats)."""
        money = offer.get("paid") or 0
        if not money:
            money = 1000 if offer.get("bank") else (offer.get("amount") or 0) * 1000
        return money - self.honour_cost(table, offer)

    def answer_offers(self, table, actions):
        """Accept the best standing offer worth more than refusing, refuse the rest (one
        answer per call); None when no offer stands."""
        accepts = {a.get("from"): a for a in actions if a.get("type") == "accept"}
        refuses = {a.get("from"): a for a in actions if a.get("type") == "refuse"}
        if not accepts and not refuses:
            return None
        offers = table.view.get("offers") or ()
        standing = [o for o in offers if o.get("status") == "standing" and o.get("from") in accepts]
        taken = [o for o in offers if o.get("status") == "accepted"]
        exclusive = table.stage.get("kind") != "place"

        def open_to(offer):
            if exclusive:
                return not taken
            return all(t.get("slot") != offer.get("slot") or t.get("slot") is None for t in taken)

        best = None
        for offer in standing:
            net = self.offer_net(table, offer)
            if net > 0 and open_to(offer) and (best is None or net > best[0]):
                best = (net, offer)
        if best is not None:
            return accepts[best[1].get("from")]
        first = next(iter(refuses), None)
        return refuses[first] if first is not None else None

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
