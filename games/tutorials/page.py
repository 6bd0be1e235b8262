"""What the tutorials add to the game page (the step box, or the offer to a new account)
and to a player's public profile (the tutorials finished)."""

from __future__ import annotations

import json

from django.urls import reverse

from games.table import page as table_page
from games.tutorials import services
from games.tutorials.lessons import tutorial_for
from games.tutorials.models import TutorialCompletion

OFFER_CHECKED = "tutorials_offer_done"


def step_context(run) -> dict:
    """The step box of a run going on: its text, where it points, the move it expects."""
    tutorial = tutorial_for(run.slug)
    index = min(run.step, len(tutorial.steps) - 1)
    step = tutorial.steps[index]
    return {
        "run": run,
        "tutorial": tutorial,
        "step": step,
        "number": index + 1,
        "total": len(tutorial.steps),
        "last": index == len(tutorial.steps) - 1,
        "expect_json": json.dumps(step.expect, sort_keys=True) if step.expect else "",
    }


def game_context(request, game_view, context) -> dict:
    """The page provider: the learner's step box on their lesson's page; on another game's
    page, a new account's offer of that game's tutorial."""
    if context.get("part") == table_page.CHAT:
        return {}
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    game = game_view.game
    run = table_page.loaded(game, "tutorial_run", default=None)
    if game.tutorial:
        if run is None or run.user_id != user.pk or run.closed:
            return {}
        table_page.add_block(context, "page", "tutorials/_box.html")
        return {"tutorial_box": step_context(run)}
    session = getattr(request, "session", None)
    if session is None or session.get(OFFER_CHECKED):
        return {}
    slug = services.offer_for(user=user, kind=game.kind)
    if not slug:
        session[OFFER_CHECKED] = True
        return {}
    table_page.add_block(context, "page", "tutorials/_offer.html")
    return {"tutorial_offer": tutorial_for(slug), "tutorial_offer_game": game.pk}


def profile_context(request, player, context) -> dict:
    """The player's public profile: the tutorials they finished."""
    done = [
        {"tutorial": tutorial_for(c.slug), "at": c.completed_at}
        for c in TutorialCompletion.objects.filter(user=player)
        if tutorial_for(c.slug) is not None
    ]
    table_page.add_profile_block(context, "tutorials/_profile.html")
    return {"tutorials_done": done, "tutorials_url": reverse("tutorials:list")}


def on_signed_up(sender, request=None, user=None, **kwargs):
    """A new account: the first game page it opens offers that game's tutorial."""
    if user is not None:
        services.offer_create(user=user)
