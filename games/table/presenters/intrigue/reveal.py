"""Intrigue's end-of-game reveal: everyone's money through the rounds (a chart), bribes paid
and received, and the promises (a bribe for a slot) kept or not, as far as the log tells
(see `games.table.reveal`: built from the log only, once the game is over)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.table.charts import Series, line_chart

from .labels import ducats

# Where a host's decision puts a petitioner's advisor (the slot it names, if any).
SETTLED = ("place", "admit", "keep", "replace", "exile")


def _money(views, player):
    for seat in (views.get(player) or {}).get("players") or []:
        if seat.get("id") == player and isinstance(seat.get("money"), int):
            return seat["money"]
    return None


def _round(views) -> int:
    value = (views.get(None) or {}).get("round")
    return value if isinstance(value, int) else 0


def reveal(steps, names) -> dict | None:
    if not steps:
        return None
    players = [p for p in steps[0].views if p is not None]
    money = {p: [] for p in players}
    paid = dict.fromkeys(players, 0)
    received = dict.fromkeys(players, 0)
    promises = []
    open_promises = {}  # (host, petitioner) -> the promise waiting for the host's decision

    def snapshot(views, x):
        for p in players:
            amount = _money(views, p)
            if amount is not None:
                money[p].append((x, amount))

    snapshot(steps[0].views, 0)
    for step in steps[1:]:
        if _round(step.views) != _round(step.before):
            snapshot(step.before, _round(step.before))
        for entry in step.entries:
            event = entry.get("event")
            host = entry.get("player")
            if event == "accept":
                giver = entry.get("from")
                amount = entry.get("ducats") or 0
                if giver in paid:
                    paid[giver] += amount
                if host in received and not entry.get("bank"):
                    received[host] += amount
                if entry.get("slot"):
                    promise = {
                        "round": _round(step.views),
                        "giver": names.get(giver, giver),
                        "host": names.get(host, host),
                        "amount": ducats(amount),
                        "slot": ducats(entry["slot"]),
                        "kept": None,
                    }
                    promises.append(promise)
                    open_promises[(host, giver)] = (promise, entry["slot"])
            elif event in SETTLED and (host, entry.get("owner")) in open_promises:
                promise, slot = open_promises.pop((host, entry.get("owner")))
                promise["kept"] = event != "exile" and entry.get("slot") == slot
    last = steps[-1]
    snapshot(last.views, max(_round(last.views), 1))
    series = [Series(str(names.get(p, p)), money[p]) for p in players]
    chart = line_chart(series, title=_("Money through the rounds"), y_min=0)
    rows = [
        {
            "name": names.get(p, p),
            "final": ducats(money[p][-1][1]) if money[p] else "",
            "paid": ducats(paid[p]),
            "received": ducats(received[p]),
        }
        for p in players
    ]
    return {
        "template": "games/intrigue/_reveal.html",
        "title": _("Everyone's money, every bribe"),
        "chart": chart,
        "players": rows,
        "promises": promises,
    }
