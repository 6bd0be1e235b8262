"""The bots' controls: add or remove a bot at an open table, start a practice game."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.bot_seats import services
from games.table.models import TimeControl
from games.table.services import GameError, GameNotFound
from games.table.views.access import login_required, raise_for_access, visible_game_required
from games.table.views.responses import back_to_game, error_text


@login_required
@require_POST
@visible_game_required
def bot_add(request, game_id):
    try:
        services.bot_seat_add(
            game_id=game_id, user=request.user, level=(request.POST.get("level") or "")[:16]
        )
    except GameError as error:
        if isinstance(error, GameNotFound):
            raise_for_access(error)
        return back_to_game(request, game_id, error=error_text(error))
    return back_to_game(request, game_id, success=_("A bot sat down at the table."))


@login_required
@require_POST
@visible_game_required
def bot_remove(request, game_id):
    try:
        services.bot_seat_remove(
            game_id=game_id, user=request.user, player_id=(request.POST.get("seat") or "")[:16]
        )
    except GameError as error:
        if isinstance(error, GameNotFound):
            raise_for_access(error)
        return back_to_game(request, game_id, error=error_text(error))
    return back_to_game(request, game_id, success=_("The bot left the table."))


def _count(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


@login_required
@require_POST
def practice(request):
    """A private game against bots, started at once; back to the lobby on bad input."""
    post = request.POST
    # "kind:level", one choice per game and level (e.g. "complots:bluffer")
    kind, _sep, level = (post.get("opponents") or "")[:48].partition(":")
    count = _count(post.get("bots"))
    try:
        game = services.practice_start(
            user=request.user,
            kind=kind,
            bots=count if count is not None else -1,
            level=level,
            time_control=(post.get("time_control") or TimeControl.DEFAULT)[:16],
        )
    except GameError as error:
        messages.error(request, error_text(error))
        return redirect("games:lobby")
    messages.success(request, _("Your practice game has started."))
    return redirect("games:detail", game_id=game.pk)
