"""Players' records: games finished, won, abandoned, deadlines missed, medals.

Kept in `PlayerRecord` (one row per player and game kind) and summed over the kinds in
`PlayerTotal` (one row per player), both updated in the transaction of what changes them: a
game's end (`game_finished`, from the services' `store_state`), a missed deadline
(`timeout_counted`, when the platform plays a timeout move), a seat given up or taken back
(`abandons_changed`: a resignation, a drop by the timeout rule, a moderator's kick, a return
from autopilot). Pages read the rows and never count the event log: `player_record(user)`,
`player_records(users)` (one query for a table; the game page reads the totals loaded with
its seats, `record_from_total`), `player_stats(user)` (per game kind, the profile).
`games.table.recount` counts the same from the log (the reference: migrations, tests).

Shown by ``templates/games/_player_record.html`` on the public profile
(``/players/<username>/``) and next to each seat on the game page.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, F

from games.table.models import Event, Game, PlayerTotal, Seat
from games.table.models import PlayerRecord as StoredRecord
from games.table.recount import TIMEOUT_REASON, TOTAL_FIELDS, abandon_seats, store_totals

__all__ = [
    "KindStats",
    "PlayerRecord",
    "abandons_changed",
    "game_finished",
    "record_from_total",
    "player_record",
    "player_records",
    "player_stats",
    "player_summary",
    "timeout_counted",
]


@dataclass(frozen=True)
class PlayerRecord:
    finished: int = 0
    won: int = 0
    abandoned: int = 0
    timeouts: int = 0

    @property
    def played(self) -> int:
        return self.finished

    @property
    def win_rate(self) -> int | None:
        """Percentage of finished games won, or None before any finished game."""
        return round(100 * self.won / self.finished) if self.finished else None


def _ids(users) -> list[int]:
    return [u.pk if hasattr(u, "pk") else int(u) for u in users]


def record_from_total(total) -> PlayerRecord:
    """A `PlayerTotal` row (or None: no record yet) as a `PlayerRecord`."""
    if total is None:
        return PlayerRecord()
    return PlayerRecord(**{field: getattr(total, field) for field in TOTAL_FIELDS})


def player_records(users) -> dict[int, PlayerRecord]:
    """{user id: PlayerRecord} for `users` (users or ids), all game kinds. One query."""
    ids = _ids(users)
    if not ids:
        return {}
    totals = {t.user_id: t for t in PlayerTotal.objects.filter(user_id__in=ids)}
    return {pk: record_from_total(totals.get(pk)) for pk in ids}


def player_record(user) -> PlayerRecord:
    """The record of one player."""
    return player_records([user])[_ids([user])[0]]


@dataclass(frozen=True)
class KindStats:
    """One player's finished games of one kind: games, wins (a cooperative victory counts
    for every player), losses, and the medals of the outcomes that give one (Regicide's
    solo gold, silver, bronze)."""

    kind: str
    finished: int = 0
    won: int = 0
    medals: tuple = ()  # (medal, count) pairs, best first

    @property
    def lost(self) -> int:
        return self.finished - self.won


MEDAL_ORDER = ("gold", "silver", "bronze")


def _medal_rank(item):
    return MEDAL_ORDER.index(item[0]) if item[0] in MEDAL_ORDER else len(MEDAL_ORDER)


def player_summary(user) -> tuple[PlayerRecord, list[KindStats]]:
    """`player_record(user)` and `player_stats(user)` in one query (the profile)."""
    rows = list(StoredRecord.objects.filter(user_id=_ids([user])[0]).order_by("kind"))
    record = PlayerRecord(
        finished=sum(r.finished for r in rows),
        won=sum(r.won for r in rows),
        abandoned=sum(r.abandoned for r in rows),
        timeouts=sum(r.timeouts for r in rows),
    )
    stats = [
        KindStats(
            kind=row.kind,
            finished=row.finished,
            won=row.won,
            medals=tuple(sorted((row.medals or {}).items(), key=_medal_rank)),
        )
        for row in rows
        if row.finished
    ]
    return record, stats


def player_stats(user) -> list[KindStats]:
    """Per game kind with a finished game, the statistics of `user` (one query)."""
    return player_summary(user)[1]


# --- keeping the records ---------------------------------------------------------------------


def _rows(user_ids, kind) -> dict[int, StoredRecord]:
    """The records of `user_ids` in `kind`, created when missing, locked until the end of
    the transaction."""
    StoredRecord.objects.bulk_create(
        [StoredRecord(user_id=pk, kind=kind) for pk in set(user_ids)], ignore_conflicts=True
    )
    rows = StoredRecord.objects.select_for_update().filter(user_id__in=user_ids, kind=kind)
    return {row.user_id: row for row in rows}


def game_finished(game: Game) -> None:
    """Count a game that just ended with a result (status finished) for every seat's player.
    Runs once per game, in the transaction that finishes it."""
    seats = list(Seat.objects.filter(game=game).values_list("user_id", "player_id"))
    if not seats:
        return
    result = game.result if isinstance(game.result, dict) else {}
    winners = result.get("winners")
    winners = winners if isinstance(winners, list) else []
    medal = result.get("medal")
    rows = _rows([user_id for user_id, _p in seats], game.kind)
    for user_id, player_id in seats:
        row = rows[user_id]
        row.finished += 1
        if player_id in winners:
            row.won += 1
            if isinstance(medal, str) and medal:
                row.medals = {**(row.medals or {}), medal: (row.medals or {}).get(medal, 0) + 1}
    StoredRecord.objects.bulk_update(rows.values(), ["finished", "won", "medals"])
    store_totals(StoredRecord, PlayerTotal, rows)


def timeout_counted(event: Event, kind: str) -> None:
    """A system move of reason "timeout" was appended: one more missed deadline for the
    seat's player (the moves that follow it in the same decision have another reason)."""
    if event.kind != Event.Kind.SYSTEM or event.reason != TIMEOUT_REASON or event.seat is None:
        return
    user_id = event.seat.user_id
    updated = StoredRecord.objects.filter(user_id=user_id, kind=kind).update(
        timeouts=F("timeouts") + 1
    )
    if not updated:
        row = _rows([user_id], kind)[user_id]
        StoredRecord.objects.filter(pk=row.pk).update(timeouts=F("timeouts") + 1)
    store_totals(StoredRecord, PlayerTotal, [user_id])


def abandons_changed(user_ids, kind: str) -> None:
    """A seat of these players in a game of `kind` was given up, kicked or taken back:
    count their abandons in that kind again (from their seats, in the same transaction)."""
    user_ids = list(set(user_ids))
    if not user_ids:
        return
    counts = dict(
        abandon_seats(Seat, Event)
        .filter(user_id__in=user_ids, game__kind=kind, game__tutorial=False)
        .values("user_id")
        .annotate(n=Count("id", distinct=True))
        .values_list("user_id", "n")
    )
    rows = _rows(user_ids, kind)
    for user_id, row in rows.items():
        row.abandoned = counts.get(user_id, 0)
    StoredRecord.objects.bulk_update(rows.values(), ["abandoned"])
    store_totals(StoredRecord, PlayerTotal, rows)
