"""Players' records counted from the games, the seats and the event log: the reference for
the records kept in `PlayerRecord` (`games.table.records`). Used by the migration that fills
them for the games played before they were kept, by `check_records`, and by the tests that
compare the kept records with this count. Never by a page: it reads a player's whole history.

Takes the model classes, so that a migration can pass its historical models.
"""

from __future__ import annotations

from collections import defaultdict

from django.db.models import Count, Exists, OuterRef, Q, Sum

# A seat its player gave up (left, dropped to autopilot by the timeout rule) is an abandon,
# and so is a seat whose player resigned (the engine's resign: the seat shows "eliminated");
# a seat a moderator took away is not (the moderation note of the kick marks it).
ABANDONED_STATUSES = ("left", "autopilot")
RESIGN_ACTION_TYPES = ("resign", "forfeit", "concede")
TIMEOUT_REASON = "timeout"
MODERATION_KIND = "moderation"
FINISHED = "finished"


def _blank() -> dict:
    return {"finished": 0, "won": 0, "abandoned": 0, "timeouts": 0, "medals": {}}


def abandon_seats(seat_model, event_model):
    """The seats given up by their player (a queryset of `seat_model`)."""
    kicked = event_model.objects.filter(
        seat=OuterRef("pk"), kind=MODERATION_KIND, action__type__startswith="kick"
    )
    resigned = event_model.objects.filter(seat=OuterRef("pk"), action__type__in=RESIGN_ACTION_TYPES)
    return seat_model.objects.filter(Q(status__in=ABANDONED_STATUSES) | Exists(resigned)).exclude(
        Exists(kicked)
    )


def _has_tutorials(seat_model) -> bool:
    """The game model has the `tutorial` flag (a migration's historical model before it
    may not)."""
    game_model = seat_model._meta.get_field("game").related_model
    return any(field.name == "tutorial" for field in game_model._meta.get_fields())


def recount(seat_model, event_model, user_ids=None) -> dict[tuple[int, str], dict]:
    """{(user id, game kind): {finished, won, abandoned, timeouts, medals}} for every user
    with a seat (or only `user_ids`), counted from the log. Tutorials count for nothing."""
    records: dict[tuple[int, str], dict] = defaultdict(_blank)
    seats = seat_model.objects.filter(game__status=FINISHED)
    abandons = abandon_seats(seat_model, event_model)
    timeouts = event_model.objects.filter(kind="system", reason=TIMEOUT_REASON)
    if _has_tutorials(seat_model):
        seats = seats.filter(game__tutorial=False)
        abandons = abandons.filter(game__tutorial=False)
        timeouts = timeouts.filter(game__tutorial=False)
    if user_ids is not None:
        seats = seats.filter(user_id__in=user_ids)
        abandons = abandons.filter(user_id__in=user_ids)
        timeouts = timeouts.filter(seat__user_id__in=user_ids)
    for user_id, player_id, kind, result in seats.values_list(
        "user_id", "player_id", "game__kind", "game__result"
    ):
        record = records[(user_id, kind)]
        record["finished"] += 1
        result = result if isinstance(result, dict) else {}
        winners = result.get("winners")
        if isinstance(winners, list) and player_id in winners:
            record["won"] += 1
            medal = result.get("medal")
            if isinstance(medal, str) and medal:
                record["medals"][medal] = record["medals"].get(medal, 0) + 1
    for user_id, kind, n in (
        abandons.values("user_id", "game__kind")
        .annotate(n=Count("id", distinct=True))
        .values_list("user_id", "game__kind", "n")
    ):
        records[(user_id, kind)]["abandoned"] = n
    for user_id, kind, n in (
        timeouts.values("seat__user_id", "game__kind")
        .annotate(n=Count("id"))
        .values_list("seat__user_id", "game__kind", "n")
    ):
        records[(user_id, kind)]["timeouts"] = n
    return dict(records)


def store(record_model, counted: dict[tuple[int, str], dict]) -> None:
    """Write `counted` (as `recount` gives it) into `record_model` rows."""
    for (user_id, kind), values in counted.items():
        record_model.objects.update_or_create(user_id=user_id, kind=kind, defaults=values)


TOTAL_FIELDS = ("finished", "won", "abandoned", "timeouts")


def store_totals(record_model, total_model, user_ids=None) -> None:
    """Write each player's record over every kind (`total_model`, one row per player) as the
    sums of their per-kind rows (`record_model`): for `user_ids`, else for every player with
    a row."""
    rows = record_model.objects.order_by()
    if user_ids is not None:
        rows = rows.filter(user_id__in=list(user_ids))
    sums = rows.values("user_id").annotate(**{f"sum_{f}": Sum(f) for f in TOTAL_FIELDS})
    totals = [
        total_model(user_id=row["user_id"], **{f: row[f"sum_{f}"] or 0 for f in TOTAL_FIELDS})
        for row in sums
    ]
    if totals:
        total_model.objects.bulk_create(
            totals,
            update_conflicts=True,
            unique_fields=["user"],
            update_fields=TOTAL_FIELDS,
            batch_size=1000,  # the migration writes every player's
        )
