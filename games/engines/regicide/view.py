"""``view(state, player)``: what one player (or a spectator) may know."""

from games.engines.regicide.cards import ENEMY, NAME, SUIT, human_sorted, names_of
from games.engines.regicide.rules import can_yield, medal
from games.engines.regicide.state import DISCARD, OVER, PHASES, PLAY, log_dicts


def outcome(s):
    if s.result is None:
        return None
    if s.result == "won":
        return {"winners": list(s.game.players), "medal": medal(s)}
    return {"winners": [], "lost": True}


def view_for(s, seat):
    g = s.game
    players = g.players
    enemy = None
    if s.enemy is not None:
        health, attack = ENEMY[s.enemy]
        enemy = {
            "card": s.enemy,
            "suit": SUIT[s.enemy],
            "health": health,
            "damage": s.damage,
            "remaining": max(0, health - s.damage),
            "base_attack": attack,
            "attack": max(0, attack - s.shield),
            "shield": s.shield,
            "blocked_spades": s.blocked,
            "immune": not s.jester,
            "jester": s.jester,
        }
    over = s.phase == OVER
    waiting = [] if over else [players[s.cur]]
    return {
        "enemy": enemy,
        "castle_size": len(s.castle),
        "tavern_size": len(s.tavern),
        "discard_size": len(s.discard),
        "players": [
            {
                "id": p,
                "hand_size": s.hands[i].bit_count(),
                "hand": human_sorted(names_of(s.hands[i])) if i == seat else None,
                "yielded": bool(s.yielded >> i & 1),
            }
            for i, p in enumerate(players)
        ],
        "table": [
            {"player": players[i], "cards": list(map(NAME.__getitem__, bits))}
            for i, bits in s.table
        ],
        "current_player": None if over else players[s.cur],
        "waiting_for": waiting,
        "phase": PHASES[s.phase],
        "step": 1 if s.phase == PLAY else 4 if s.phase == DISCARD else None,
        "to_cover": s.cover if s.phase == DISCARD else None,
        "can_yield": (not over and s.phase == PLAY and can_yield(s, s.cur)),
        "max_hand_size": g.max_hand,
        "solo": g.solo,
        "jesters_left": s.jesters_left if g.solo else None,
        "log": log_dicts(s.log),
        "outcome": outcome(s),
    }
