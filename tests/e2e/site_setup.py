"""Prepare the database of an end-to-end run: users with ready sessions, optionally a game.

Run as a script against the run's own settings (DATABASE_URL...):
    python tests/e2e/site_setup.py alice bob carol [--demo-game N] [--finished]
                                              [--intrigue-game | --regicide SETUP_JSON
                                               | --open KIND | --complots-window]
Prints JSON: {"sessions": {name: session_key}, "game": id or null}. With --finished the
demo game is played to its end (N is then ignored). With --complots-window the second user
is awaited in a challenge window (a one-tap "Pass"): the move that opens it is played here,
so the site's pushes for it go to the devices the second user has at that moment.
"""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import (  # noqa: E402
    BACKEND_SESSION_KEY,
    HASH_SESSION_KEY,
    SESSION_KEY,
    get_user_model,
)
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402


def session_for(user):
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "accounts.backends.ProfileModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def demo_game(users, moves):
    """A running Complots game between `users`, `moves` moves in (timeouts' default moves),
    so that screenshots show a table in play."""
    from games.engines import get_engine
    from games.table import services

    host, *others = users
    game = services.game_create(
        host=host, kind="complots", min_seats=2, max_seats=len(users), time_control="live"
    )
    for user in others:
        services.seat_join(game_id=game.pk, user=user)
    services.game_start(game_id=game.pk, user=host)
    engine = get_engine("complots")
    by_player = {s.player_id: s.user for s in game.seats.all()}
    for _ in range(moves):
        game.refresh_from_db()
        state = engine.load(game.state)
        waiting = engine.waiting_for(state)
        if not waiting:
            break
        player = waiting[0]
        # Never resign: the demo keeps everyone at the table.
        legal = [a for a in engine.legal_actions(state, player) if a["type"] != "resign"]
        preferred = [a for a in legal if a["type"] in ("power", "challenge", "lose", "coup")]
        action = (preferred or legal)[(game.state_seq * 7) % len(preferred or legal)]
        services.action_submit(
            game_id=game.pk, user=by_player[player], action=action, expected_seq=game.state_seq
        )
    return game.pk


# Round 5, three players: at the first player's door a calm advisor (stage 1), two
# physicians (an external conflict) and a writer facing the seated one (an internal conflict).
INTRIGUE_SETUP = {
    "round": 5,
    "castles": {"p1": {"1000": ["p3", "ecrivain-1"]}, "p2": {"3000": ["p1", "chimiste-1"]}},
    "waiting": {
        "p1": [
            ["p2", "medecin-1"],
            ["p3", "medecin-2"],
            ["p2", "ecrivain-2"],
            ["p3", "religieux-1"],
        ]
    },
}


def rigged_game(users, *, kind, setup, time_control):
    """A running game of `kind` between `users`, dealt from `setup` (a trusted rigged deal)."""
    from games.table import services

    host, *others = users
    game = services.game_create(
        host=host,
        kind=kind,
        options={"setup": setup},
        min_seats=len(users),
        max_seats=len(users),
        time_control=time_control,
        allow_setup=True,
    )
    for user in others:
        services.seat_join(game_id=game.pk, user=user)
    services.game_start(game_id=game.pk, user=host)
    return game.pk


def intrigue_game(users):
    """A rigged Intrigue game between three users, one turn from its end."""
    return rigged_game(users, kind="intrigue", setup=INTRIGUE_SETUP, time_control="corr-1d")


def regicide_game(users, setup):
    """A running Regicide game between `users` dealt from `setup` (a rigged deal)."""
    return rigged_game(users, kind="regicide", setup=setup, time_control="live")


# Two players, hands dealt (no `choose` step), the first user plays first.
COMPLOTS_WINDOW_SETUP = {
    "hands": {"p1": ["duchesse", "assassin"], "p2": ["comtesse", "capitaine"]},
    "first_player": "p1",
}


def complots_window(users):
    """A two-player Complots game (correspondence) where the first user has just claimed the
    Duchesse: the second user may challenge or pass."""
    from games.table import services
    from games.table.models import Game

    game_id = rigged_game(
        users[:2], kind="complots", setup=COMPLOTS_WINDOW_SETUP, time_control="corr-1d"
    )
    game = Game.objects.get(pk=game_id)
    services.action_submit(
        game_id=game_id,
        user=users[0],
        action={"type": "power", "character": "duchesse"},
        expected_seq=game.state_seq,
    )
    return game_id


def open_table(users, kind):
    """An open table of `kind` hosted by the first user alone, starting by itself when its
    third seat is taken."""
    from games.table import services

    game = services.game_create(
        host=users[0], kind=kind, min_seats=3, max_seats=3, time_control="corr-1d", auto_start=True
    )
    return game.pk


def main(argv):
    names = [a for a in argv if not a.startswith("--")]
    moves = None
    if "--finished" in argv:
        argv = [a for a in argv if a != "--finished"]
        if "--demo-game" not in argv:
            argv += ["--demo-game", "5000"]
        else:
            argv[argv.index("--demo-game") + 1] = "5000"
        names = [a for a in argv if not a.startswith("--") and a != "5000"]
    if "--demo-game" in argv:
        moves = int(argv[argv.index("--demo-game") + 1])
        names = [n for n in names if n != str(moves)]
    setup = None
    if "--regicide" in argv:  # a JSON setup follows
        setup = json.loads(argv[argv.index("--regicide") + 1])
        names = [n for n in names if n != argv[argv.index("--regicide") + 1]]
    if "--open" in argv:  # a game kind follows
        names = [n for n in names if n != argv[argv.index("--open") + 1]]
    User = get_user_model()
    users = []
    for name in names:
        user, _ = User.objects.get_or_create(username=name, defaults={"email": f"{name}@e2e.test"})
        users.append(user)
    game = demo_game(users, moves) if moves is not None else None
    if "--intrigue-game" in argv:
        game = intrigue_game(users)
    if setup is not None:
        game = regicide_game(users, setup)
    if "--complots-window" in argv:
        game = complots_window(users)
    if "--open" in argv:  # a kind follows
        game = open_table(users, argv[argv.index("--open") + 1])
    print(json.dumps({"sessions": {u.username: session_for(u) for u in users}, "game": game}))


if __name__ == "__main__":
    main(sys.argv[1:])
