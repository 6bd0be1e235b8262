"""Players' records: games finished, won, abandoned, deadlines missed.

``player_record(user)`` for one player, ``player_records(users)`` for a table (a few queries
whatever the number of players). Shown by ``templates/games/_player_record.html`` on the
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


def player_record(user) -> PlayerRecord:
    """The record of one player."""
    return player_records([user])[_ids([user])[0]]
