"""Regicide's end-of-game reveal: the enemies' health over the game (a chart), who dealt
what to each of them, and every hand as it was at each enemy's arrival (see
`games.table.reveal`: built from the log only, once the game is over)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.table.charts import Series, bar_chart, line_chart

from .cards import card_name, cards_label, short_label


def _hand(views, player):
    for seat in (views.get(player) or {}).get("players") or []:
        if seat.get("id") == player:
            return seat.get("hand")
    return None


def reveal(steps, names) -> dict | None:
    if not steps:
        return None
    players = [p for p in steps[0].views if p is not None]
    enemies = []  # in order of arrival: {"card", "name", "health", "points", "damage"}
    current = None
    plays = 0
    for step in steps:
        for entry in step.entries:
            event = entry.get("event")
            if event == "enemy":
                enemy = (step.views.get(None) or {}).get("enemy") or {}
                health = enemy.get("health") if enemy.get("card") == entry.get("card") else None
                current = {
                    "card": entry.get("card"),
                    "label": short_label(entry.get("card")),
                    "name": card_name(entry.get("card")),
                    "health": health,
                    "points": [(plays, health)] if isinstance(health, int) else [],
                    "damage": dict.fromkeys(players, 0),
                    "defeated_by": "",
                    "hands": [
                        {
                            "name": names.get(p, p),
                            "cards": cards_label(_hand(step.views, p) or []),
                        }
                        for p in players
                    ],
                }
                enemies.append(current)
            elif event in ("play", "jester") and current is not None:
                plays += 1
                who = entry.get("player")
                damage = entry.get("damage") or 0
                if who in current["damage"]:
                    current["damage"][who] += damage
                if isinstance(current["health"], int):
                    dealt = sum(current["damage"].values())
                    current["points"].append((plays, max(0, current["health"] - dealt)))
            elif event == "defeat" and current is not None:
                current["defeated_by"] = names.get(entry.get("player"), entry.get("player"))
    series = [Series(e["label"], e["points"]) for e in enemies if e["points"]]
    totals = {p: sum(e["damage"][p] for e in enemies) for p in players}
    for enemy in enemies:
        enemy["dealt"] = [{"name": names.get(p, p), "damage": enemy["damage"][p]} for p in players]
    return {
        "template": "games/regicide/_reveal.html",
        "title": _("The enemies, blow by blow"),
        "health_chart": line_chart(series, title=_("Enemies' health over the game"), y_min=0),
        "damage_chart": bar_chart(
            [(str(names.get(p, p)), totals[p]) for p in players], title=_("Damage dealt")
        ),
        "enemies": enemies,
    }
