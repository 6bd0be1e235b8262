"""How a finished game ranks its players, and whether it is rated: from the game's
descriptor (`GameDescriptor.ranks`, `rating_pool`), its seats and its log.

A player who left (resigned, was kicked, or was dropped for timeouts and still on
autopilot at the end) ranks below every player still in; several such players rank in the
reverse order of leaving (the first to leave last).
"""

from __future__ import annotations

from django.conf import settings

from games.bot_seats.models import BotAccount, PracticeGame
from games.clock.models import SeatClock
from games.table.descriptors import descriptor_for
from games.table.models import Event, Game, Seat
from games.table.recount import RESIGN_ACTION_TYPES
from games.table.services.common import engine_for

LEFT_STATUSES = (Seat.Status.LEFT, Seat.Status.AUTOPILOT)


def final_view(game: Game) -> dict:
    """The public view of the game's final state (nothing hidden)."""
    engine = engine_for(game.kind)
    return engine.view(engine.load(game.state), None)


def leaving_moments(game: Game, seats) -> dict[str, tuple]:
    """{player id: (when, position)} of the players who left the game (see the module)."""
    by_pk = {s.pk: s for s in seats}
    moments: dict[str, list] = {}
    events = Event.objects.filter(game=game, seat__isnull=False).filter(
        action__type__in=RESIGN_ACTION_TYPES
    ) | Event.objects.filter(game=game, kind="moderation", action__type__startswith="kick")
    for seat_id, created_at in events.values_list("seat_id", "created_at"):
        seat = by_pk.get(seat_id)
        if seat is not None:
            moments.setdefault(seat.player_id, []).append(created_at)
    drops = SeatClock.objects.filter(seat__game=game, dropped_at__isnull=False)
    for seat_id, dropped_at in drops.values_list("seat_id", "dropped_at"):
        seat = by_pk.get(seat_id)
        if seat is not None and seat.status in LEFT_STATUSES:
            moments.setdefault(seat.player_id, []).append(dropped_at)
    for seat in seats:
        if seat.status in LEFT_STATUSES and seat.player_id not in moments:
            moments[seat.player_id] = [game.finished_at]
    positions = {s.player_id: s.position for s in seats}
    return {p: (min(times), positions.get(p, 0)) for p, times in moments.items()}


def game_ranks(game: Game, seats) -> dict[str, int]:
    """{player id: rank} of a finished game: the descriptor's ranks, the leavers below."""
    ranks = descriptor_for(game.kind).ranks(game.result or {}, final_view(game))
    players = [s.player_id for s in seats]
    leaving = leaving_moments(game, seats)
    staying = {p: ranks.get(p, len(players)) for p in players if p not in leaving}
    # dense again after taking the leavers out: 1, 2, 2, 3...
    levels = sorted(set(staying.values()))
    result = {p: levels.index(r) + 1 for p, r in staying.items()}
    below = len(levels)
    for index, player in enumerate(sorted(leaving, key=leaving.get, reverse=True), start=1):
        result[player] = below + index
    return result


def has_bots(game: Game, seats) -> bool:
    """A bot sat at the table, or took a dropped seat over."""
    users = [s.user_id for s in seats]
    return (
        BotAccount.objects.filter(user_id__in=users).exists()
        or SeatClock.objects.filter(seat__game=game).exclude(bot_level="").exists()
    )


def rating_pool(game: Game, seats) -> str | None:
    """The pool a finished game counts in, or None when it is not rated: the host did not
    ask for it, a private table, a practice game, a bot seat or a bot takeover (bots are
    rated only where RATINGS_RATE_BOTS says so: the bench and its test), a game with no
    pool (cooperative), fewer than two players."""
    if not game.rated or game.is_private or game.status != Game.Status.FINISHED:
        return None
    if len(seats) < 2:
        return None
    pool = descriptor_for(game.kind).rating_pool(len(seats), game.options or {})
    if pool is None:
        return None
    if PracticeGame.objects.filter(game=game).exists():
        return None
    if not settings.RATINGS_RATE_BOTS and has_bots(game, seats):
        return None
    return pool
