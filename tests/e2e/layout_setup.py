"""The page states of the layout test, built through the services (no clicking through
games): for each game, a player's move, a player waiting, a window to answer, and a finished
game. Run as a script against the run's own settings; prints JSON:
{"sessions": {name: key}, "states": [{"name", "url", "viewer"}], "profile": url}.
"""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from games.bots import available_levels, get_bot  # noqa: E402
from games.engines import get_engine  # noqa: E402
from games.table import services  # noqa: E402
from games.table.models import Game  # noqa: E402
from tests.e2e.site_setup import session_for  # noqa: E402
from tests.table.finished_games import bots_finish  # noqa: E402

# Long names: the layout must hold them (a phone's width, a castle, a seat).
NAMES = ["alexandrine", "bartholomew", "carolina", "dominique"]
GAMES = {"complots": 3, "intrigue": 3, "regicide": 2}
WINDOWS = {"complots": {"challenge", "block"}, "intrigue": {"offer"}, "regicide": {"discard"}}


def new_game(kind, users):
    host, *others = users
    game = services.game_create(
        host=host,
        kind=kind,
        min_seats=len(users),
        max_seats=len(users),
        time_control="corr-1d",
    )
    for user in others:
        services.seat_join(game_id=game.pk, user=user)
    services.game_start(game_id=game.pk, user=host)
    game.refresh_from_db()
    return game


def advance_to_window(game, kinds, limit=200):
    """Play the bots' moves until a waited-for player may answer with one of `kinds`;
    returns that player's user (None if it never came)."""
    engine = get_engine(game.kind)
    bot = get_bot(game.kind, available_levels(game.kind)[0])
    users = {s.player_id: s.user for s in game.seats.select_related("user")}
    for step in range(limit):
        game.refresh_from_db()
        state = engine.load(game.state)
        for player in engine.waiting_for(state):
            if {a["type"] for a in engine.legal_actions(state, player)} & kinds:
                return users[player]
        player = engine.waiting_for(state)[0]
        legal = engine.legal_actions(state, player)
        action = bot.choose(engine.view(state, player), legal, f"w/{step}", player=player)
        services.action_submit(
            game_id=game.pk, user=users[player], action=action, expected_seq=game.state_seq
        )
    return None


def main():
    User = get_user_model()
    users = []
    for name in NAMES:
        user, _ = User.objects.get_or_create(username=name, defaults={"email": f"{name}@e2e.test"})
        users.append(user)
    states = []
    for kind, count in GAMES.items():
        seated = users[:count]
        game = new_game(kind, seated)
        engine = get_engine(kind)
        state = engine.load(game.state)
        waited = set(engine.waiting_for(state))
        by_player = {s.player_id: s.user for s in game.seats.select_related("user")}
        mover = next(u for p, u in by_player.items() if p in waited)
        idle = next(u for p, u in by_player.items() if p not in waited)
        states.append({"name": f"{kind}-move", "game": game.pk, "viewer": mover.username})
        states.append({"name": f"{kind}-waiting", "game": game.pk, "viewer": idle.username})
        window = new_game(kind, seated)
        answering = advance_to_window(window, WINDOWS[kind])
        if answering is not None:
            states.append(
                {"name": f"{kind}-window", "game": window.pk, "viewer": answering.username}
            )
        over = bots_finish(new_game(kind, seated), seed=3)
        assert over.status == Game.Status.FINISHED
        states.append({"name": f"{kind}-finished", "game": over.pk, "viewer": seated[0].username})
    moderator, _ = User.objects.get_or_create(
        username="layout-admin", defaults={"email": "layout-admin@e2e.test"}
    )
    moderator.is_staff = moderator.is_superuser = True
    moderator.save(update_fields=["is_staff", "is_superuser"])
    print(
        json.dumps(
            {
                "sessions": {u.username: session_for(u) for u in users},
                "admin_session": session_for(moderator),
                "states": states,
                "profile": f"/players/{users[0].username}/",
            }
        )
    )


if __name__ == "__main__":
    main()
