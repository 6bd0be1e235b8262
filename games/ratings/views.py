"""The ratings' pages: the leaderboards, and the host's reliability condition."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.table.services import GameError, GameNotFound
from games.table.views.access import login_required, raise_for_access, visible_game_required
from games.table.views.responses import back_to_game, error_text

from .rating import provisional_games
from .selectors import leaderboard, pools
from .services import table_condition_set


@require_GET
def boards(request):
    """Every pool's leaderboard, listed."""
    return render(
        request,
        "ratings/boards.html",
        {"pools": [(pool, label) for pool, (_kind, label) in pools().items()]},
    )


@require_GET
def board(request, pool):
    """One pool's leaderboard, paged, the viewer's row highlighted."""
    known = pools()
    if pool not in known:
        raise Http404
    number = request.GET.get("page") or 1
    found = leaderboard(pool, page_number=str(number)[:8], viewer=request.user)
    return render(
        request,
        "ratings/board.html",
        {
            "pool": pool,
            "label": known[pool][1],
            "board": found,
            "rows": [
                {"place": found.first_place + index, "rating": rating}
                for index, rating in enumerate(found.page.object_list)
            ],
            "pools": [(p, label) for p, (_kind, label) in known.items()],
            "provisional": provisional_games(),
            "active_days": settings.RATINGS_ACTIVE_DAYS,
        },
    )


def _choice(value: str):
    value = (value or "").strip()[:4]
    if not value:
        return None
    if not value.isdigit():
        return -1  # refused by the service with its message
    return int(value)


@login_required
@require_POST
@visible_game_required
def table_condition(request, game_id):
    """The host sets or lifts the reliability condition of their open table."""
    newcomers = _choice(request.POST.get("newcomer_games"))
    try:
        table_condition_set(
            game_id=game_id,
            user=request.user,
            max_timeouts=_choice(request.POST.get("max_timeouts")),
            newcomer_games=0 if newcomers is None else newcomers,
        )
    except GameError as error:
        if isinstance(error, GameNotFound):
            raise_for_access(error)
        return back_to_game(request, game_id, error=error_text(error))
    return back_to_game(request, game_id, success=_("The table's condition is saved."))
