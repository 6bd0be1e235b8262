"""The ratings' reads: leaderboards, a player's standing (ratings, history, records of the
games without ratings, reliability), each in a fixed number of queries."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.core.paginator import Paginator
from django.db.models import Count, Max, Sum
from django.utils import timezone

from games.table.descriptors import descriptor_for, descriptors

from .display import Shown
from .models import PlayerReliability, Rating, RatingChange, SeatResult
from .rating import provisional_games
from .reliability import from_row

PAGE_SIZE = 25
HISTORY_POINTS = 100  # per pool on the profile's chart


def pools() -> dict[str, tuple[str, str]]:
    """{pool: (game kind, label)} of every game with ratings, in the home page's order."""
    found = {}
    for descriptor in sorted(descriptors(), key=lambda d: d.order):
        for pool, label in descriptor.rating_pools().items():
            found[pool] = (descriptor.slug, str(label))
    return found


def active_ratings(pool: str):
    """The leaderboard's players: at least the provisional count of rated games in the pool,
    one of them in the last RATINGS_ACTIVE_DAYS days; the best first."""
    since = timezone.now() - timedelta(days=settings.RATINGS_ACTIVE_DAYS)
    return Rating.objects.filter(
        pool=pool, games__gte=provisional_games(), last_game_at__gte=since
    ).order_by("-ordinal", "user_id")


@dataclass
class Board:
    page: object  # a Paginator page of Rating rows (user and profile loaded)
    first_place: int  # the place of the page's first row
    mine: Rating | None  # the viewer's row among the active, if any
    my_place: int | None


def leaderboard(pool: str, *, page_number, viewer=None) -> Board:
    """One page of a pool's leaderboard, and the viewer's place. Four queries or fewer,
    whatever the number of players."""
    ratings = active_ratings(pool)
    paginator = Paginator(ratings.select_related("user__profile"), PAGE_SIZE)
    page = paginator.get_page(page_number)
    mine = place = None
    if viewer is not None and getattr(viewer, "is_authenticated", False):
        mine = ratings.filter(user_id=viewer.pk).first()
        if mine is not None:
            place = (
                ratings.filter(ordinal__gt=mine.ordinal).count()
                + ratings.filter(ordinal=mine.ordinal, user_id__lt=mine.user_id).count()
                + 1
            )
    return Board(page=page, first_place=page.start_index(), mine=mine, my_place=place)


def player_standing(user) -> dict:
    """A player's ratings with their history, the records of the games without ratings and
    the reliability: four queries, whatever their history."""
    known = pools()
    ratings = [
        {
            "pool": r.pool,
            "label": known.get(r.pool, (None, r.pool))[1],
            "shown": Shown(r.ordinal, r.games),
            "games": r.games,
        }
        for r in Rating.objects.filter(user=user, games__gt=0).order_by("pool")
    ]
    history: dict[str, list[tuple[int, int]]] = {}
    changes = (
        RatingChange.objects.filter(user=user, rated_game__voided=False)
        .order_by("-rated_game__seq")
        .values_list("rated_game__pool", "games", "ordinal")[: HISTORY_POINTS * max(1, len(known))]
    )
    for pool, games, ordinal in changes:
        points = history.setdefault(pool, [])
        if len(points) < HISTORY_POINTS:
            points.append((games, ordinal))
    for item in ratings:
        item["history"] = sorted(history.get(item["pool"], []))
    unrated = [d.slug for d in descriptors() if not d.rating_pools()]
    records = _records(user, unrated)
    rel = from_row(PlayerReliability.objects.filter(user=user).first())
    return {"ratings": ratings, "records": records, "reliability": rel}


def _records(user, kinds) -> list[dict]:
    """Per game without ratings: wins by player count, medals (won games), the score's best
    and total."""
    rows = (
        SeatResult.objects.filter(user=user, kind__in=kinds)
        .values("kind", "players", "won", "medal")
        .annotate(n=Count("id"), best=Max("score"), total=Sum("score"))
        .order_by("kind", "players")
    )
    found: dict[str, dict] = {}
    for row in rows:
        descriptor = descriptor_for(row["kind"])
        record = found.setdefault(
            row["kind"],
            {
                "label": descriptor.label,
                "score_label": str(descriptor.score_label),
                "by_players": {},
                "medals": {},
                "best": None,
                "total": 0,
            },
        )
        count = record["by_players"].setdefault(row["players"], {"played": 0, "won": 0})
        count["played"] += row["n"]
        if row["won"]:
            count["won"] += row["n"]
            if row["medal"]:
                record["medals"][row["medal"]] = record["medals"].get(row["medal"], 0) + row["n"]
        if row["best"] is not None:
            record["best"] = max(record["best"] or 0, row["best"])
            record["total"] += row["total"] or 0
    for record in found.values():
        record["by_players"] = sorted(record["by_players"].items())
        record["medals"] = [
            (m, record["medals"][m]) for m in ("gold", "silver", "bronze") if m in record["medals"]
        ]
    return list(found.values())
