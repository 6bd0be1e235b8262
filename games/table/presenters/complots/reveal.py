"""Complots' end-of-game reveal: each player's cards through the game, every claim true or
bluffed, the challenges won and lost (see `games.table.reveal`, built from the log only)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .cards import character_name

CLAIMS = ("claim", "block")


def _hand(view, player) -> tuple:
    """`player`'s cards in their own view: ((character, lost), ...)."""
    for seat in (view or {}).get("players") or []:
        if seat.get("id") == player:
            return tuple((c.get("character"), bool(c.get("lost"))) for c in seat.get("cards") or [])
    return ()


def _holds(view, player, character) -> bool:
    return any(c == character and not lost for c, lost in _hand(view, player))


def reveal(steps, names) -> dict | None:
    if not steps:
        return None
    players = [p for p in steps[0].views if p is not None]
    stats = {
        p: {"claims": 0, "true": 0, "bluffs": 0, "caught": 0, "won": 0, "lost": 0} for p in players
    }
    hands = {p: [] for p in players}
    claims = []
    turn = 0
    challenge = None  # the open challenge: (challenger, the claim it questions)
    for step in steps:
        for entry in step.entries:
            event = entry.get("event")
            who = entry.get("player")
            if event == "turn":
                turn = entry.get("number") or turn + 1
            elif event in CLAIMS and who in stats and entry.get("character"):
                truthful = _holds(step.before.get(who), who, entry["character"])
                claim = {
                    "turn": turn,
                    "player": names.get(who, who),
                    "player_id": who,
                    "character": character_name(entry["character"]),
                    "kind": event,
                    "true": truthful,
                    "challenged_by": "",
                    "challenge_won": None,
                }
                claims.append(claim)
                stats[who]["claims"] += 1
                stats[who]["true" if truthful else "bluffs"] += 1
            elif event == "challenge" and who in stats:
                questioned = next(
                    (c for c in reversed(claims) if c["player_id"] == entry.get("claimant")),
                    None,
                )
                challenge = (who, questioned)
                if questioned is not None:
                    questioned["challenged_by"] = names.get(who, who)
            elif event in ("bluff", "proof") and challenge is not None:
                challenger, questioned = challenge
                won = event == "bluff"
                stats[challenger]["won" if won else "lost"] += 1
                if won and who in stats:
                    stats[who]["caught"] += 1
                if questioned is not None:
                    questioned["challenge_won"] = won
                challenge = None
        for player in players:
            hand = _hand(step.views.get(player), player)
            if hand and (not hands[player] or hands[player][-1]["key"] != hand):
                hands[player].append(
                    {
                        "key": hand,
                        "turn": turn,
                        "cards": [
                            {"name": character_name(c) if c else "?", "lost": lost}
                            for c, lost in hand
                        ],
                    }
                )
    rows = []
    for player in players:
        row = dict(stats[player])
        row["name"] = names.get(player, player)
        row["successful"] = row["bluffs"] - row["caught"]
        row["hands"] = hands[player]
        rows.append(row)
    return {
        "template": "games/complots/_reveal.html",
        "title": _("Every card, every bluff"),
        "players": rows,
        "claims": claims,
    }
