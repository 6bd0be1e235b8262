"""The whole log of a game, page by page, newest first: what the panel's newest lines link
to. Same access as the game page, and the same lines: built from the viewer's own view (a
player reads their own private lines, never another player's)."""

from __future__ import annotations

from django.core.paginator import Paginator
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games.table.views.table import game_title, table_context

from .play import load_view

LOG_PAGE_LINES = 50


@never_cache
@require_GET
def game_log(request, game_id):
    game_view = load_view(request, game_id, whole_log=True)
    table = table_context(game_view, log_lines=None)
    lines = (table or {}).get("log") or []
    paginator = Paginator(lines, LOG_PAGE_LINES)
    page = paginator.get_page(request.GET.get("page"))  # anything else: the nearest page
    first = len(lines) - page.start_index() + 1  # the lines are numbered oldest first
    return render(
        request,
        "games/log.html",
        {
            "game": game_view.game,
            "game_title": game_title(game_view.game),
            "page": page,
            "numbered": [(first - i, line) for i, line in enumerate(page.object_list)],
        },
    )
