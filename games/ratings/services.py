"""The ratings' writes: a finished game's seat results and rating (in the transaction that
ends it), a moderator's void, the rebuild from the rated games in sequence order, and a
host's reliability condition.

HackSoft style like `games.table.services`: keyword-only arguments, one transaction each;
bad input raises a `GameError` with a clear message and writes nothing.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.table.descriptors import descriptor_for
from games.table.models import Event, Game, Seat
from games.table.services import GameError, GameNotOpen, NotHost
from games.table.services.common import lock_game

from .models import RatedGame, Rating, RatingChange, RatingSequence, SeatResult, TableCondition
from .rating import Standing, rate, shown
from .reliability import RECENT_GAMES, reliabilities_keep, reliability, seat_counts
from .standing import final_view, game_ranks, leaving_moments, rating_pool

log = logging.getLogger(__name__)

# The moderation event that takes a game's rating effect away (`games.moderation` appends
# it, then calls `rated_game_void`); the rebuild leaves out every game that has one.
VOID_EVENT_TYPE = "rating_void"
MAX_TIMEOUTS_CHOICES = (5, 10, 15, 20, 30)
MAX_NEWCOMER_GAMES = 20


# --- a game's end --------------------------------------------------------------------------


def on_game_over(sender, game: Game, **kwargs) -> None:
    """The table's `game_over`: store the seats' results; rate the game if it is rated."""
    seats = list(Seat.objects.filter(game=game).order_by("position"))
    if not seats:
        return
    seat_results_store(game=game, seats=seats)
    reliabilities_keep([s.user_id for s in seats])
    pool = rating_pool(game, seats)
    if pool is not None:
        game_rate(game=game, seats=seats, pool=pool)


def seat_results_store(*, game: Game, seats) -> None:
    """One `SeatResult` per seat of a finished game (reliability and records)."""
    result = game.result if isinstance(game.result, dict) else {}
    winners = result.get("winners") if isinstance(result.get("winners"), list) else []
    medal = result.get("medal") if isinstance(result.get("medal"), str) else ""
    descriptor = descriptor_for(game.kind)
    score = descriptor.score(result, final_view(game)) if descriptor.score_label else None
    counts = seat_counts(game)
    left = leaving_moments(game, seats)
    SeatResult.objects.bulk_create(
        [
            SeatResult(
                game=game,
                user_id=seat.user_id,
                kind=game.kind,
                players=len(seats),
                won=seat.player_id in winners,
                medal=medal if seat.player_id in winners else "",
                score=score,
                decisions=counts.get(seat.player_id, (0, 0))[0],
                timeouts=counts.get(seat.player_id, (0, 0))[1],
                abandoned=seat.player_id in left,
                finished_at=game.finished_at,
            )
            for seat in seats
        ],
        ignore_conflicts=True,
    )


def _next_seq() -> int:
    """The next number of the site-wide sequence, its row locked until the transaction ends
    (rated ends are rated one at a time, in the order of their numbers)."""
    RatingSequence.objects.bulk_create([RatingSequence(pk=1)], ignore_conflicts=True)
    counter = RatingSequence.objects.select_for_update().get(pk=1)
    counter.last += 1
    counter.save(update_fields=["last"])
    return counter.last


def _apply(rated: RatedGame, users: dict[str, int], current: dict[int, Standing]):
    """Rate one game from `current` ({user id: Standing}, updated): its RatingChange rows."""
    players = sorted(users)
    before = [current.get(users[p]) or Standing() for p in players]
    after = rate(before, [rated.ranks[p] for p in players], rated.ended_at)
    changes = []
    for player, old, (mu, sigma) in zip(players, before, after, strict=True):
        games = old.games + 1
        current[users[player]] = Standing(mu, sigma, games, rated.ended_at)
        changes.append(
            RatingChange(
                rated_game=rated,
                user_id=users[player],
                player_id=player,
                rank=rated.ranks[player],
                mu=mu,
                sigma=sigma,
                ordinal_before=shown(old.mu, old.sigma),
                ordinal=shown(mu, sigma),
                games=games,
            )
        )
    return changes


def _standing(row: Rating) -> Standing:
    return Standing(row.mu, row.sigma, row.games, row.last_game_at)


def game_rate(*, game: Game, seats, pool: str) -> RatedGame:
    """Rate a finished game (in the transaction that finished it): its number, its ranks,
    its players' new ratings (their rows locked) and their changes."""
    with transaction.atomic():
        seq = _next_seq()
        rated = RatedGame.objects.create(
            game=game, seq=seq, pool=pool, ranks=game_ranks(game, seats), ended_at=game.finished_at
        )
        users = {s.player_id: s.user_id for s in seats}
        Rating.objects.bulk_create(
            [
                Rating(user_id=pk, pool=pool, mu=0, sigma=0, ordinal=0, games=0)
                for pk in users.values()
            ],
            ignore_conflicts=True,
        )
        rows = {
            r.user_id: r
            for r in Rating.objects.select_for_update().filter(
                pool=pool, user_id__in=users.values()
            )
        }
        current = {pk: _standing(r) for pk, r in rows.items() if r.games}
        changes = _apply(rated, users, current)
        RatingChange.objects.bulk_create(changes)
        for pk, row in rows.items():
            new = current[pk]
            row.mu, row.sigma, row.games, row.last_game_at = new.mu, new.sigma, new.games, new.last
            row.ordinal = shown(new.mu, new.sigma)
        Rating.objects.bulk_update(
            rows.values(), ["mu", "sigma", "games", "last_game_at", "ordinal"]
        )
    return rated


# --- the projection ------------------------------------------------------------------------


@dataclass
class Rebuild:
    games: int = 0  # rated games replayed
    voided: int = 0  # left out
    ratings: int = 0  # ratings written
    differences: list[str] = field(default_factory=list)  # what differed from the stored


def _voided_games(game_ids=None) -> set[int]:
    events = Event.objects.filter(kind="moderation", action__type=VOID_EVENT_TYPE)
    if game_ids is not None:
        events = events.filter(game_id__in=game_ids)
    return set(events.values_list("game_id", flat=True))


def ratings_rebuild(*, pools=None, write: bool = True) -> Rebuild:
    """Recompute the ratings of `pools` (default: all) from their rated games in sequence
    order: ranks from each game's log and seats, voided games left out. Compares with the
    stored values (`differences`) and, with `write`, stores the result."""
    report = Rebuild()
    with transaction.atomic():
        RatingSequence.objects.bulk_create([RatingSequence(pk=1)], ignore_conflicts=True)
        RatingSequence.objects.select_for_update().get(pk=1)  # no game is rated meanwhile
        rated_games = RatedGame.objects.select_related("game").order_by("seq")
        if pools is not None:
            rated_games = rated_games.filter(pool__in=list(pools))
        rated_games = list(rated_games)
        voided = _voided_games([r.game_id for r in rated_games])
        seats_by_game: dict[int, list] = {}
        for seat in Seat.objects.filter(game_id__in=[r.game_id for r in rated_games]).order_by(
            "game_id", "position"
        ):
            seats_by_game.setdefault(seat.game_id, []).append(seat)
        current: dict[str, dict[int, Standing]] = {}
        changes: list[RatingChange] = []
        for rated in rated_games:
            seats = seats_by_game.get(rated.game_id, [])
            ranks = game_ranks(rated.game, seats)
            is_void = rated.game_id in voided
            if ranks != rated.ranks or is_void != rated.voided:
                report.differences.append(f"game {rated.game_id}: ranks or void differ")
                rated.ranks, rated.voided = ranks, is_void
                if write:
                    rated.save(update_fields=["ranks", "voided"])
            if is_void:
                report.voided += 1
                continue
            report.games += 1
            users = {s.player_id: s.user_id for s in seats}
            changes.extend(_apply(rated, users, current.setdefault(rated.pool, {})))
        stored = Rating.objects.all() if pools is None else Rating.objects.filter(pool__in=pools)
        old = {(r.pool, r.user_id): (r.mu, r.sigma, r.games, r.ordinal) for r in stored}
        new_rows = [
            Rating(
                user_id=pk,
                pool=pool,
                mu=s.mu,
                sigma=s.sigma,
                ordinal=shown(s.mu, s.sigma),
                games=s.games,
                last_game_at=s.last,
            )
            for pool, standings in sorted(current.items())
            for pk, s in sorted(standings.items())
        ]
        new = {(r.pool, r.user_id): (r.mu, r.sigma, r.games, r.ordinal) for r in new_rows}
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                report.differences.append(f"rating {key}: {old.get(key)} -> {new.get(key)}")
        report.ratings = len(new_rows)
        if write:
            stored.delete()
            RatingChange.objects.filter(rated_game__in=[r.game_id for r in rated_games]).delete()
            Rating.objects.bulk_create(new_rows)
            RatingChange.objects.bulk_create(changes)
    return report


def rated_game_void(*, game: Game) -> bool:
    """Take a rated game's effect off its pool's ratings (the caller, moderation, appended
    the `rating_void` event in its transaction). False when the game was not rated."""
    rated = RatedGame.objects.filter(game=game).first()
    if rated is None:
        return False
    with transaction.atomic():
        ratings_rebuild(pools=[rated.pool])
    return True


# --- a host's condition --------------------------------------------------------------------


def table_condition_set(*, game_id, user, max_timeouts, newcomer_games=0) -> Game:
    """The host of an open table sets (or, `max_timeouts` None, lifts) its reliability
    condition. Raises GameNotFound, NotHost, GameNotOpen, GameError (bad values)."""
    if max_timeouts is not None and max_timeouts not in MAX_TIMEOUTS_CHOICES:
        raise GameError(_("Choose one of the offered shares of timeouts."))
    if (
        isinstance(newcomer_games, bool)
        or not isinstance(newcomer_games, int)
        or not 0 <= newcomer_games <= MAX_NEWCOMER_GAMES
    ):
        raise GameError(
            _("Newcomers: between 0 and %(max)d games."), params={"max": MAX_NEWCOMER_GAMES}
        )
    with transaction.atomic():
        game = lock_game(game_id)
        if user is None or game.host_id != getattr(user, "pk", None):
            raise NotHost()
        if game.status != Game.Status.OPEN:
            raise GameNotOpen(_("The conditions of a table are set before it starts."))
        if max_timeouts is None:
            TableCondition.objects.filter(game=game).delete()
        else:
            TableCondition.objects.update_or_create(
                game=game,
                defaults={"max_timeouts": max_timeouts, "newcomer_games": newcomer_games},
            )
        game.revision += 1
        game.save(update_fields=["revision"])
    return game


class ReliabilityRefused(GameError):
    default_message = _("You do not meet this table's condition.")
    default_code = "reliability_refused"


def seat_check(*, game: Game, user) -> None:
    """The table's seat check: refuse a player over the table's share of timeouts."""
    condition = TableCondition.objects.filter(game=game).first()
    if condition is None:
        return
    mine = reliability(user)
    if mine.games < condition.newcomer_games or mine.meets(condition.max_timeouts):
        return
    raise ReliabilityRefused(
        _(
            "This table takes players with fewer than %(max)d %% of their decisions timed "
            "out over their last %(recent)d games; yours: %(share)d %%."
        ),
        params={
            "max": condition.max_timeouts,
            "recent": RECENT_GAMES,
            "share": mine.timeout_share or 0,
        },
    )
