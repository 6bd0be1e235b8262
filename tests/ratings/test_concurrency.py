"""Two games of the same player ending at the same moment: both updates count (PostgreSQL)."""

import random
import threading

import pytest
from django.db import connection

from games.ratings.models import RatedGame, Rating
from games.ratings.services import ratings_rebuild
from games.table import services
from games.table.models import Game

from .test_ratings import table

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL"),
    pytest.mark.django_db(transaction=True),
]


def last_move(game):
    """Play random moves until the next one ends the game; return that move."""
    from games.engines import get_engine

    engine, rng = get_engine(game.kind), random.Random(game.pk)
    while True:
        game.refresh_from_db()
        state = engine.load(game.state)
        player = list(engine.waiting_for(state))[0]
        legal = [a for a in engine.legal_actions(state, player) if a.get("type") != "resign"]
        seat = game.seats.select_related("user").get(player_id=player)
        for action in legal:
            if engine.outcome(engine.apply(engine.load(game.state), player, action)) is not None:
                return seat.user, action, game.state_seq
        services.action_submit(
            game_id=game.pk, user=seat.user, action=rng.choice(legal), expected_seq=game.state_seq
        )


def test_concurrent_endings_lose_no_update(make_user):
    shared, a, b = make_user("shared"), make_user("a"), make_user("b")
    games = [table([shared, a]), table([shared, b])]
    finals = [last_move(g) for g in games]
    barrier = threading.Barrier(2)

    def end(game, final):
        user, action, seq = final
        barrier.wait()
        services.action_submit(game_id=game.pk, user=user, action=action, expected_seq=seq)
        connection.close()

    threads = [threading.Thread(target=end, args=pair) for pair in zip(games, finals, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 2
    assert sorted(RatedGame.objects.values_list("seq", flat=True)) == [1, 2]
    assert Rating.objects.get(user=shared, pool="complots-duel").games == 2
    assert ratings_rebuild(write=False).differences == []
