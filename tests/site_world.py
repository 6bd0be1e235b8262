"""A small populated site for the header and authorization tests: the seven kinds of
visitor and one game in every state that decides who may see what.

Visitors: ``anonymous``, ``stranger`` (logged in, seated nowhere), ``player`` and
``other_player`` (seated in every game), ``host`` (hosts every game, seated too),
``moderator`` (staff in the Moderators group) and ``admin`` (superuser).

Games, all hosted by ``host`` with ``player`` (and ``other_player`` where three seats are
needed): ``private`` (Complots, running, private), ``public`` (Complots, running, public),
``regicide`` and ``intrigue`` (running, public), ``finished`` (Complots, a player resigned),
``waiting`` (an open public table, not started) and ``invited`` (an open private table: its
invitation token).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engines import get_engine
from games.moderation.services.group import moderators_group_sync
from games.table import services
from games.table.models import Game
from tests.accounts.factories import UserFactory

ROLES = ("anonymous", "stranger", "player", "other_player", "host", "moderator", "admin")

PASSWORD = "correct-horse-battery-staple"

INTRIGUE_SETUP = {
    "round": 2,
    "money": {"p1": 20000, "p2": 7000, "p3": 0},
    "castles": {"p1": {"1000": ["p3", "ecrivain-1"]}, "p2": {"6000": ["p1", "medecin-2"]}},
    "waiting": {"p1": [["p2", "medecin-1"], ["p3", "religieux-1"], ["p2", "ecrivain-2"]]},
    "island": [["p2", "chimiste-2"]],
}


@dataclass
class World:
    users: dict = field(default_factory=dict)
    games: dict = field(default_factory=dict)

    def user(self, role):
        return self.users.get(role)


def _user(username, **flags):
    user = UserFactory(
        username=username, email=f"{username}@example.com", password=PASSWORD, **flags
    )
    return user


def _game(players, kind, *, start=True, visibility=Game.Visibility.PUBLIC, options=None):
    host, *others = players
    game = services.game_create(
        host=host,
        kind=kind,
        options=options,
        min_seats=len(players) if kind != "complots" else 2,
        max_seats=max(len(players), 3) if kind == "intrigue" else max(len(players), 2),
        allow_setup=True,
        visibility=visibility,
    )
    for user in others:
        services.seat_join(game_id=game.pk, user=user, invitation_token=game.invitation_token)
    if start:
        services.game_start(game_id=game.pk, user=host)
    game.refresh_from_db()
    return game


def _resign(game, user):
    seat = game.seats.get(user=user)
    engine = get_engine(game.kind)
    state = engine.load(game.state)
    resign = engine.legal_actions(state, seat.player_id)[-1]
    assert resign["type"] == "resign"
    services.action_submit(
        game_id=game.pk, user=user, action=resign, expected_seq=game.state_seq
    )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def build_world() -> World:
    world = World()
    host = world.users["host"] = _user("hostess")
    player = world.users["player"] = _user("bob")
    other = world.users["other_player"] = _user("carol")
    world.users["stranger"] = _user("dave")
    moderator = world.users["moderator"] = _user("mod", is_staff=True)
    group, _added, _removed = moderators_group_sync()  # also after a flushed database
    moderator.groups.add(group)
    world.users["admin"] = _user("root", is_staff=True, is_superuser=True)
    three = [host, player, other]
    world.games["private"] = _game(three, "complots", visibility=Game.Visibility.PRIVATE)
    world.games["public"] = _game(three, "complots")
    world.games["regicide"] = _game([host, player], "regicide")
    world.games["intrigue"] = _game(three, "intrigue", options={"setup": INTRIGUE_SETUP})
    world.games["finished"] = _resign(_game([host, player], "complots"), player)
    world.games["waiting"] = _game([host, player], "complots", start=False)
    world.games["invited"] = _game(
        [host, player], "complots", start=False, visibility=Game.Visibility.PRIVATE
    )
    return world


def log_in(client, world, role):
    user = world.user(role)
    if user is not None:
        client.force_login(user)
    return client
