"""The tutorials' pages: the list, start (again), the step box, Next, the offer."""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games.table.services import GameError
from games.table.views.access import login_required
from games.tutorials import services
from games.tutorials.lessons import next_lesson
from games.tutorials.models import TutorialRun
from games.tutorials.page import OFFER_CHECKED, step_context


@never_cache
@require_GET
def tutorial_list(request):
    """Every tutorial: start, resume or start again; the ones finished."""
    return render(
        request, "tutorials/list.html", {"tutorials": services.tutorials_of(request.user)}
    )


@never_cache
@login_required
@require_POST
def tutorial_start(request, slug):
    """Start the tutorial (again), then its game page."""
    try:
        run = services.tutorial_start(user=request.user, slug=slug)
    except GameError as error:
        messages.error(request, str(error))
        return redirect("tutorials:list")
    return redirect("games:detail", game_id=run.game_id)


def _learner_run(request, run_id) -> TutorialRun:
    run = TutorialRun.objects.filter(pk=run_id, user=request.user).first()
    if run is None:
        raise Http404
    return run


def _step_response(request, run, *, changed=False) -> HttpResponse:
    if run.closed:
        html = render_to_string(
            "tutorials/_finished.html",
            {"run": run, "next_tutorial": next_lesson(run.slug)},
            request=request,
        )
    else:
        html = render_to_string("tutorials/_step.html", step_context(run), request=request)
    response = HttpResponse(html)
    if changed:  # the opponents may have moved: the page fetches its panel
        response["HX-Trigger"] = json.dumps({"panel-changed": {}})
    return response


@never_cache
@login_required
@require_GET
def tutorial_step(request, run_id):
    """The step box's content (fetched again after each refresh of the panel)."""
    return _step_response(request, _learner_run(request, run_id))


@never_cache
@login_required
@require_POST
def tutorial_next(request, run_id):
    """Past a text step (the last one finishes the tutorial)."""
    run = _learner_run(request, run_id)
    error = None
    try:
        run = services.tutorial_next(user=request.user, run_id=run.pk)
    except GameError as exc:
        error = str(exc)
    if not request.htmx:
        if error:
            messages.error(request, error)
        if run.closed and not error:
            return redirect("tutorials:list")
        return redirect("games:detail", game_id=run.game_id)
    return _step_response(request, run, changed=error is None)


@never_cache
@login_required
@require_POST
def offer_dismiss(request):
    """A new account's "No thanks" to the tutorial offered on a game page."""
    services.offer_answer(user=request.user)
    request.session[OFFER_CHECKED] = True
    game_id = request.POST.get("game", "")
    if request.htmx:
        return HttpResponse("")
    if game_id.isdigit() and len(game_id) < 12:
        return redirect("games:detail", game_id=int(game_id))
    return redirect("tutorials:list")
