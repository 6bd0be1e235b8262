"""Reliability beside every name: over a player's last finished games (RECENT_GAMES), the
share of their decisions that timed out and of the games they abandoned. Read from the
`SeatResult` rows (one query for any number of players), written at each game's end with
the unfair timeouts of the old deadline rule (`games.clock.unfair`) left out."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, Window
from django.db.models.functions import RowNumber

from games.clock.unfair import game_unfair_timeouts
from games.table.models import Event, Game
from games.table.recount import TIMEOUT_REASON

from .models import PlayerReliability, SeatResult

RECENT_GAMES = 20


@dataclass(frozen=True)
class Reliability:
    games: int = 0  # finished games counted (at most RECENT_GAMES)
    decisions: int = 0
    timeouts: int = 0
    abandoned: int = 0

    @property
    def timeout_share(self) -> int | None:
        """Percentage of decisions that timed out (None before any decision)."""
        return round(100 * self.timeouts / self.decisions) if self.decisions else None

    @property
    def abandon_share(self) -> int | None:
        """Percentage of games abandoned (None before any finished game)."""
        return round(100 * self.abandoned / self.games) if self.games else None

    def meets(self, max_timeouts: int) -> bool:
        """Fewer than `max_timeouts` percent of decisions timed out (exact, not rounded)."""
        return self.timeouts * 100 < max_timeouts * self.decisions or self.decisions == 0


def reliabilities(user_ids) -> dict[int, Reliability]:
    """{user id: Reliability} over each one's last RECENT_GAMES finished games. One query."""
    ids = sorted({int(pk) for pk in user_ids if pk is not None})
    if not ids:
        return {}
    rows = (
        SeatResult.objects.filter(user_id__in=ids)
        .annotate(
            recent=Window(
                RowNumber(),
                partition_by=[F("user_id")],
                order_by=[F("finished_at").desc(), F("id").desc()],
            )
        )
        .filter(recent__lte=RECENT_GAMES)
        .values_list("user_id", "decisions", "timeouts", "abandoned")
    )
    sums: dict[int, list[int]] = {pk: [0, 0, 0, 0] for pk in ids}
    for user_id, decisions, timeouts, abandoned in rows:
        total = sums[user_id]
        total[0] += 1
        total[1] += decisions
        total[2] += timeouts
        total[3] += int(abandoned)
    return {pk: Reliability(*total) for pk, total in sums.items()}


def reliability(user) -> Reliability:
    """The kept reliability of one player (one query)."""
    pk = getattr(user, "pk", user)
    return from_row(PlayerReliability.objects.filter(user_id=pk).first())


def from_row(row) -> Reliability:
    """A `PlayerReliability` row (None: no finished game) as a `Reliability`."""
    if row is None:
        return Reliability()
    return Reliability(row.games, row.decisions, row.timeouts, row.abandoned)


def reliabilities_keep(user_ids) -> None:
    """Sum the last games of these players again into their `PlayerReliability` rows."""
    for pk, rel in reliabilities(user_ids).items():
        PlayerReliability.objects.update_or_create(
            user_id=pk,
            defaults={
                "games": rel.games,
                "decisions": rel.decisions,
                "timeouts": rel.timeouts,
                "abandoned": rel.abandoned,
            },
        )


def seat_counts(game: Game) -> dict[str, tuple[int, int]]:
    """{player id: (decisions, fair timeouts)} of a finished game, from its log: their moves
    and the decisions the platform timed out for them, less the unfair timeouts."""
    counts: dict[str, list[int]] = {}
    events = Event.objects.filter(game=game, seat__isnull=False).values_list(
        "seat__player_id", "kind", "reason"
    )
    any_timeout = False
    for player, kind, reason in events:
        entry = counts.setdefault(player, [0, 0])
        if kind == Event.Kind.ACTION:
            entry[0] += 1
        elif kind == Event.Kind.SYSTEM and reason == TIMEOUT_REASON:
            entry[0] += 1
            entry[1] += 1
            any_timeout = True
    if any_timeout:
        for unfair in game_unfair_timeouts(game):
            entry = counts.get(unfair.player_id)
            if entry is not None and entry[1]:
                entry[1] -= 1
    return {p: (d, t) for p, (d, t) in counts.items()}
