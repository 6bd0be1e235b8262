"""What the ratings add to the pages (`games.table.page`): under each seat the player's
rating in the table's pool ("?" while provisional; on a finished game, its change: "+14")
and their reliability; in the waiting room, the host's condition; in the lobby's open
tables, the host's reliability and the table's condition; on the profile, the ratings with
their history chart, the records of the games without ratings and the reliability.

Everything shown is public. The seats' reliability comes with the seats' own query
(`user__reliability`); the ratings cost the page one query, whatever the seats.
"""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from games.table import page
from games.table.charts import Series, line_chart
from games.table.descriptors import descriptor_for
from games.table.models import Game

from .display import Shown, signed
from .models import PlayerReliability, Rating, RatingChange, TableCondition
from .reliability import RECENT_GAMES, Reliability, from_row
from .selectors import player_standing, pools
from .services import MAX_NEWCOMER_GAMES, MAX_TIMEOUTS_CHOICES


def _reliabilities(users) -> dict[int, Reliability]:
    found, missing = {}, []
    for user in users:
        row = page.loaded(user, "reliability")
        if row is page.MISSING:
            missing.append(user.pk)
        else:
            found[user.pk] = from_row(row)
    if missing:
        rows = {r.user_id: r for r in PlayerReliability.objects.filter(user_id__in=missing)}
        found.update((pk, from_row(rows.get(pk))) for pk in missing)
    return found


def table_pool(game: Game, seat_count: int) -> str | None:
    """The pool the table counts in (None: not rated)."""
    if not game.rated:
        return None
    seats = seat_count if game.status != Game.Status.OPEN else game.max_seats
    return descriptor_for(game.kind).rating_pool(seats, game.options or {})


def seat_context(request, game_view, context) -> dict:
    if context["part"] != page.PAGE:
        return {}
    game, seats = game_view.game, game_view.seats
    infos = context["seat_infos"]
    pool = table_pool(game, len(seats))
    reliabilities = _reliabilities([s.user for s in seats])
    ratings, changes = {}, {}
    if game.status == Game.Status.FINISHED and pool:
        changes = {c.user_id: c for c in RatingChange.objects.filter(rated_game__game=game)}
    elif pool:
        ratings = {
            r.user_id: r
            for r in Rating.objects.filter(pool=pool, user_id__in=[s.user_id for s in seats])
        }
    for s in seats:
        info = infos.get(s.player_id or f"seat-{s.pk}")
        if info is None:
            continue
        change = changes.get(s.user_id)
        rating = ratings.get(s.user_id)
        info["reliability"] = reliabilities.get(s.user_id)
        info["rating"] = (
            Shown(change.ordinal, change.games)
            if change
            else Shown(rating.ordinal, rating.games)
            if rating and rating.games
            else None
        )
        info["rating_change"] = signed(change.delta) if change else ""
    page.add_block(context, "seat", "ratings/_seat.html")
    condition = page.loaded(game, "rating_condition")
    if condition is page.MISSING:
        condition = TableCondition.objects.filter(game=game).first()
    form = None
    if game_view.is_host and game.status == Game.Status.OPEN:
        form = {
            "choices": MAX_TIMEOUTS_CHOICES,
            "newcomers": range(0, MAX_NEWCOMER_GAMES + 1),
        }
    if form or condition:
        page.add_block(context, "open", "ratings/_condition.html")
    return {
        "rating_pool": pool,
        "rating_pool_label": pools().get(pool, (None, ""))[1] if pool else "",
        "table_condition": condition,
        "condition_form": form,
        "recent_games": RECENT_GAMES,
    }


def lobby_context(request, context) -> dict:
    """The hosts' reliability and the tables' conditions in the open tables' rows (two
    queries, whatever the tables); each row's words are written once per distinct value."""
    items = context.get("open_games") or []
    if not items:
        return {}
    games = [item["game"] for item in items]
    rows = {
        r.user_id: r
        for r in PlayerReliability.objects.filter(user_id__in={g.host_id for g in games})
    }
    conditions = {c.game_id: c for c in TableCondition.objects.filter(game__in=games)}
    words: dict[tuple, str] = {}
    for item in items:
        game = item["game"]
        condition = conditions.get(game.pk)
        reliability = from_row(rows.get(game.host_id))
        key = (
            bool(game.rated),
            reliability.games and (reliability.timeout_share, reliability.abandon_share),
            condition.max_timeouts if condition else None,
        )
        if key not in words:
            words[key] = standing_words(*key)
        page.add_lobby_item_note(item, "standing", words[key])
    return {}


def standing_words(rated: bool, shares, max_timeouts) -> str:
    """An open table's standing in the lobby: rated, its host's reliability (`shares`: the
    shares of timeouts and of abandoned games, or nothing before a finished game), and the
    table's condition."""
    parts = [_("rated")] if rated else []
    if shares:
        timeouts, abandoned = shares
        parts.append(
            _("host: %(t)s %% timeouts, %(a)s %% abandoned")
            % {"t": timeouts or 0, "a": abandoned or 0}
        )
    else:
        parts.append(_("host: no finished game yet"))
    if max_timeouts is not None:
        parts.append(_("players with fewer than %(max)s %% timeouts") % {"max": max_timeouts})
    return " · ".join(parts)


def profile_context(request, player, context) -> dict:
    standing = player_standing(player)
    for item in standing["ratings"]:
        points = [(float(g), float(v)) for g, v in item["history"]]
        item["chart"] = (
            line_chart(
                [Series(str(item["label"]), points)],
                title=_("%(pool)s: rating after each rated game") % {"pool": item["label"]},
            )
            if len(points) > 1
            else ""
        )
        item["board_url"] = reverse("ratings:board", args=[item["pool"]])
    page.add_profile_block(context, "ratings/_profile.html")
    return {"standing": standing, "recent_games": RECENT_GAMES}
