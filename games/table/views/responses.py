"""Plain responses of the games views: a message and back to the game, JSON downloads."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect

from games.table.services import GameError


def error_text(error: GameError) -> str:
    return str(error)


def back_to_game(request, game_id, *, error=None, success=None, info=None):
    """Plain form posts: a message, then the game page again."""
    if error:
        messages.error(request, error)
    if info:
        messages.info(request, info)
    if success:
        messages.success(request, success)
    try:
        return redirect("games:detail", game_id=int(game_id))
    except (TypeError, ValueError):
        return redirect("games:lobby")


def json_response(data, *, filename=None) -> HttpResponse:
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2, default=str),
        content_type="application/json; charset=utf-8",
    )
    if filename:
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
