"""Finished games made quickly for page tests: the game is created and started through the
services, the rest of its log played in memory by the bots and written as events (the log
is the truth: the cached state, seq and result follow it, as the services leave them)."""

from __future__ import annotations

from django.utils import timezone

from games.bots import available_levels, get_bot
from games.engines import get_engine
from games.table.models import Event, Game
from tests.table.factories import make_game, users


def bots_finish(game: Game, *, seed=1, max_moves: int = 3000) -> Game:
    """Play `game` (running) to its end with its game's first bot level for every seat."""
    engine = get_engine(game.kind)
    state = engine.load(game.state)
    bot = get_bot(game.kind, available_levels(game.kind)[0])
    seats = {s.player_id: s for s in game.seats.all()}
    events = []
    seq = game.state_seq
    for step in range(max_moves):
        if engine.outcome(state) is not None:
            break
        player = engine.waiting_for(state)[0]
        legal = engine.legal_actions(state, player)
        action = bot.choose(engine.view(state, player), legal, f"{seed}/{step}", player=player)
        state = engine.apply(state, player, action)
        seq += 1
        events.append(Event(game=game, seq=seq, seat=seats[player], kind="action", action=action))
    Event.objects.bulk_create(events)
    outcome = engine.outcome(state)
    assert outcome is not None, "the bots did not finish the game"
    Game.objects.filter(pk=game.pk).update(
        state=engine.dump(state),
        state_seq=seq,
        status=Game.Status.FINISHED,
        result=outcome,
        finished_at=timezone.now(),
        revision=game.revision + 1,
    )
    game.refresh_from_db()
    return game


def finished_game(kind: str, names, *, seed=1, **kwargs) -> Game:
    players = users(*names)
    kwargs.setdefault("min_seats", len(players))
    return bots_finish(make_game(players, kind=kind, **kwargs), seed=seed)
