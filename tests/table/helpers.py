"""Random play through the services, for replay and property tests."""

from __future__ import annotations

import random

from games.table import services
from games.table.models import Game
from games.table.services import common


def play_randomly(game: Game, *, rng: random.Random, max_moves: int = 400) -> Game:
    """Play random legal actions through `action_submit` (sometimes a timeout through
    `system_action_submit`) until the game ends or `max_moves` are played."""
    by_player = {seat.player_id: seat.user for seat in game.seats.all()}
    engine = common.engine_for(game.kind)
    for _ in range(max_moves):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        state = engine.load(game.state)
        player = rng.choice(engine.waiting_for(state))
        if rng.random() < 0.1:
            services.system_action_submit(
                game_id=game.pk, player_id=player, expected_seq=game.state_seq
            )
            continue
        action = rng.choice(engine.legal_actions(state, player))
        services.action_submit(
            game_id=game.pk, user=by_player[player], action=action, expected_seq=game.state_seq
        )
    game.refresh_from_db()
    return game
