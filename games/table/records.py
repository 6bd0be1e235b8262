"""Players' records: games finished, won, abandoned, deadlines missed.

``player_record(user)`` for one player, ``player_records(users)`` for a table (a few queries
whatever the number of players); ``player_stats(user)``: per game kind, games, wins and
medals (the profile). Shown by ``templates/games/_player_record.html`` on the
public profile (``/players/<username>/``) and next to each seat on the game page
(``{% load records %}{% player_record seat.user %}``).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q

from games.table.models import Event, Game, Seat

# A seat its player gave up (left, dropped to autopilot by the timeout rule) is an abandon,
# and so is a seat whose player resigned (the engine's resign: the seat shows "eliminated");
# a seat a moderator took away is not.
ABANDONED_STATUSES = (Seat.Status.LEFT, Seat.Status.AUTOPILOT)
TIMEOUT_REASON = "timeout"
MODERATION_KIND = "moderation"  # the kind of the notes games.moderation appends


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


def player_records(users) -> dict[int, PlayerRecord]:
    """{user id: PlayerRecord} for `users` (users or ids). Three queries."""
    ids = _ids(users)
    if not ids:
        return {}
    finished = defaultdict(int)
    won = defaultdict(int)
    rows = Seat.objects.filter(user_id__in=ids, game__status=Game.Status.FINISHED).values_list(
        "user_id", "player_id", "game__result"
    )
    for user_id, player_id, result in rows:
        finished[user_id] += 1
        winners = result.get("winners") if isinstance(result, dict) else None
        if isinstance(winners, list) and player_id in winners:
            won[user_id] += 1
    from games.table.services.play import RESIGN_ACTION_TYPES

    # A seat a moderator took away is no abandon of its player's: the moderation note of
    # the kick (games.moderation) marks it.
    kicked = Event.objects.filter(
        seat=OuterRef("pk"), kind=MODERATION_KIND, action__type__startswith="kick"
    )
    abandoned = dict(
        Seat.objects.filter(user_id__in=ids)
        .filter(Q(status__in=ABANDONED_STATUSES) | Q(events__action__type__in=RESIGN_ACTION_TYPES))
        .exclude(Exists(kicked))
        .values("user_id")
        .annotate(n=Count("id", distinct=True))
        .values_list("user_id", "n")
    )
    timeouts = dict(
        Event.objects.filter(
            Q(kind=Event.Kind.SYSTEM) & Q(reason=TIMEOUT_REASON), seat__user_id__in=ids
        )
        .values("seat__user_id")
        .annotate(n=Count("id"))
        .values_list("seat__user_id", "n")
    )
    return {
        pk: PlayerRecord(
            finished=finished[pk],
            won=won[pk],
            abandoned=abandoned.get(pk, 0),
            timeouts=timeouts.get(pk, 0),
        )
        for pk in ids
    }


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


def player_stats(user) -> list[KindStats]:
    """Per game kind, the statistics of `user`'s finished games (one query)."""
    finished = defaultdict(int)
    won = defaultdict(int)
    medals = defaultdict(lambda: defaultdict(int))
    rows = Seat.objects.filter(
        user_id=_ids([user])[0], game__status=Game.Status.FINISHED
    ).values_list("player_id", "game__kind", "game__result")
    for player_id, kind, result in rows:
        finished[kind] += 1
        result = result if isinstance(result, dict) else {}
        winners = result.get("winners")
        if isinstance(winners, list) and player_id in winners:
            won[kind] += 1
            medal = result.get("medal")
            if isinstance(medal, str) and medal:
                medals[kind][medal] += 1

    def medal_rank(item):
        return MEDAL_ORDER.index(item[0]) if item[0] in MEDAL_ORDER else len(MEDAL_ORDER)

    return [
        KindStats(
            kind=kind,
            finished=finished[kind],
            won=won[kind],
            medals=tuple(sorted(medals[kind].items(), key=medal_rank)),
        )
        for kind in sorted(finished)
    ]


def player_record(user) -> PlayerRecord:
    """The record of one player."""
    return player_records([user])[_ids([user])[0]]
