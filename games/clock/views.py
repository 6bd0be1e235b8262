"""The clock's controls on the game page: the host's timeout policy, the vote against an
absent player, and "take my seat back" after autopilot."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponseRedirect, JsonResponse
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.clock import seats, votes
from games.table.services import GameError, GameNotFound
from games.table.views.access import login_required as game_login_required
from games.table.views.access import raise_for_access, visible_game_required
from games.table.views.responses import back_to_game, error_text


@game_login_required
@require_POST
@visible_game_required
def timeout_policy(request, game_id):
    """The host sets how many deadlines a player may miss, and what happens then."""
    try:
        seats.timeout_policy_set(
            game_id=game_id,
            user=request.user,
            max_missed_deadlines=(request.POST.get("max_missed_deadlines") or "")[:8],
            drop_mode=(request.POST.get("drop_mode") or "")[:16],
            bot_level=(request.POST.get("bot_level") or "")[:16],
        )
    except GameError as error:
        if isinstance(error, GameNotFound):
            raise_for_access(error)
        return back_to_game(request, game_id, error=error_text(error))
    return back_to_game(request, game_id, success=_("The timeout rule is saved."))


@login_required
@require_POST
@visible_game_required
def deadline_vote(request, game_id):
    """POST target (player id), kind (skip|drop), seq. JSON for fetch/htmx callers, else a
    redirect to the game page."""
    try:
        result = votes.vote_cast(
            game_id=game_id,
            user=request.user,
            target_player_id=(request.POST.get("target") or "")[:32],
            kind=(request.POST.get("kind") or "")[:16],
            expected_seq=request.POST.get("seq"),
        )
    except GameNotFound:
        return JsonResponse({"error": _("This game does not exist.")}, status=404)
    except GameError as exc:
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse({"error": str(exc.message)}, status=400)
        messages.error(request, str(exc.message))
        return HttpResponseRedirect(_game_page(game_id))
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse(result)
    return HttpResponseRedirect(_game_page(game_id))


def _game_page(game_id):
    return reverse("games:detail", args=[int(game_id)])


@login_required
@require_POST
@visible_game_required
def seat_resume(request, game_id):
    """A player on autopilot takes their seat back."""
    try:
        seats.seat_resume(game_id=game_id, user=request.user)
    except GameNotFound:
        return JsonResponse({"error": _("This game does not exist.")}, status=404)
    except GameError as exc:
        if request.headers.get("Accept", "").startswith("application/json"):
            return JsonResponse({"error": str(exc.message)}, status=400)
        messages.error(request, str(exc.message))
        return HttpResponseRedirect(_game_page(game_id))
    if request.headers.get("Accept", "").startswith("application/json"):
        return JsonResponse({"resumed": True})
    messages.success(request, _("You are back in the game."))
    return HttpResponseRedirect(_game_page(game_id))
