"""The tutorials' services: start (or start again) a lesson, check and answer the learner's
moves, go on past a text, finish, and the first offer to a new account.

HackSoft style: keyword-only, one transaction each; bad input raises a
``games.table.services.GameError`` and writes nothing. The lesson's game is a real game
(``Game.tutorial``) started by ``games.bot_seats.services.practice_start(...,
tutorial=True)``: the learner's moves and the opponents' scripted ones all go through
``games.table.services.action_submit``.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.bot_seats.services import practice_start
from games.bots import available_levels
from games.table import live
from games.table.descriptors import descriptor_for
from games.table.models import Game, Seat
from games.table.services import GameError, InvalidGameSettings, NotYourSeat, action_submit
from games.table.services.common import lock_game
from games.tutorials.lessons import TUTORIALS, tutorial_for
from games.tutorials.models import TutorialCompletion, TutorialOffer, TutorialRun
from games.tutorials.steps import same_move

log = logging.getLogger(__name__)

DEFAULT_HINT = gettext_lazy(
    "Good idea, but this tutorial asks for another move here: the highlighted one."
)
READ_FIRST = gettext_lazy("Read the tutorial's text first, then press Next.")


class TutorialError(GameError):
    default_code = "tutorial"


def _check_user(user) -> None:
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotYourSeat(_("You must be signed in."))


def _tutorial(slug):
    tutorial = tutorial_for(slug)
    if tutorial is None:
        raise InvalidGameSettings(_("There is no such tutorial."))
    return tutorial


def open_run(*, user, slug) -> TutorialRun | None:
    """The learner's try of this tutorial still going on, or None."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return (
        TutorialRun.objects.filter(user=user, slug=slug, closed=False)
        .select_related("game")
        .first()
    )


def _close_game(game_id) -> None:
    """End a lesson's game without a result (a new try, or the lesson finished): it stays
    in the log, out of the player's lists."""
    game = lock_game(game_id)
    if game.status not in (Game.Status.OPEN, Game.Status.RUNNING):
        return
    game.status = Game.Status.ABORTED
    game.deadline_at = None
    game.finished_at = timezone.now()
    game.revision += 1
    game.save(update_fields=["status", "deadline_at", "finished_at", "revision"])
    game.seats.filter(to_act=True).update(to_act=False)
    live.publish_on_commit(game)


def _play_script(game_id, moves) -> None:
    """The opponents' moves, in order, each through the table's service as its bot."""
    if not moves:
        return
    users = {
        seat.player_id: seat.user
        for seat in Seat.objects.filter(game_id=game_id).select_related("user")
    }
    for player, action in moves:
        seq = Game.objects.filter(pk=game_id).values_list("state_seq", flat=True).first()
        action_submit(game_id=game_id, user=users[player], action=dict(action), expected_seq=seq)


def tutorial_start(*, user, slug) -> TutorialRun:
    """Start ``slug`` for ``user`` (again: the try going on is closed). Returns the run.

    Raises NotYourSeat (anonymous), InvalidGameSettings (no such tutorial).
    """
    _check_user(user)
    tutorial = _tutorial(slug)
    with transaction.atomic():
        for run in TutorialRun.objects.select_for_update().filter(
            user=user, slug=slug, closed=False
        ):
            run.closed = True
            run.save(update_fields=["closed"])
            _close_game(run.game_id)
        levels = available_levels(tutorial.kind)
        game = practice_start(
            user=user,
            kind=tutorial.kind,
            bots=tutorial.bots,
            level=tutorial.bot_level or (levels[0] if levels else None),
            options=tutorial.options,
            tutorial=True,
        )
        # The script answers for everyone: no standing order plays a move of its own.
        Seat.objects.filter(game=game).update(standing_orders=[])
        _play_script(game.pk, tutorial.opening)
        TutorialOffer.objects.filter(user=user).update(slug="", answered=True)
        return TutorialRun.objects.create(user=user, slug=slug, game=game)


def _run_of_game(game_id, user) -> TutorialRun | None:
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    return TutorialRun.objects.filter(game_id=game_id, user=user, closed=False).first()


def move_check(user, game_id, action):
    """The table's check before a move (``games.table.page.register_move_check``): in a
    lesson, a move other than the step's is refused with a friendly hint."""
    run = _run_of_game(game_id, user)
    if run is None:
        return None
    tutorial = tutorial_for(run.slug)
    if tutorial is None or run.step >= len(tutorial.steps):
        return None
    step = tutorial.steps[run.step]
    if not step.is_move:
        return READ_FIRST
    if same_move(action, step.expect):
        return None
    return step.hint or DEFAULT_HINT


def after_move(user, game_id, event) -> None:
    """The table's hook after a move: the step is done, its opponents answer."""
    run = _run_of_game(game_id, user)
    if run is None:
        return
    tutorial = tutorial_for(run.slug)
    if tutorial is None or run.step >= len(tutorial.steps):
        return
    step = tutorial.steps[run.step]
    if not step.is_move or not same_move(event.action, step.expect):
        return
    _advance(run, tutorial, step)


def _advance(run, tutorial, step) -> None:
    with transaction.atomic():
        run = TutorialRun.objects.select_for_update().get(pk=run.pk)
        if tutorial.steps[run.step] is not step:
            return  # another request moved it on
        try:
            _play_script(run.game_id, step.then)
        except GameError:
            log.exception("tutorial %s: the script of step %s was refused", run.slug, step.key)
        run.step += 1
        run.save(update_fields=["step"])
        game = Game.objects.get(pk=run.game_id)
        game.revision += 1  # the page's step box follows the panel
        Game.objects.filter(pk=game.pk).update(revision=game.revision)
        live.publish_on_commit(game)


def tutorial_next(*, user, run_id) -> TutorialRun:
    """Past a text step (no move to make); past the last one, the tutorial is finished.

    Raises NotYourSeat (not the learner's), TutorialError (the step wants a move).
    """
    _check_user(user)
    run = (
        TutorialRun.objects.filter(pk=int(run_id)).first()
        if str(run_id).isdigit() and len(str(run_id)) < 12
        else None
    )
    if run is None or run.user_id != user.pk or run.closed:
        raise NotYourSeat(_("This is not a tutorial of yours going on."))
    tutorial = _tutorial(run.slug)
    step = tutorial.steps[run.step]
    if step.is_move:
        raise TutorialError(_("Make the move the tutorial asks for first."))
    if run.step == len(tutorial.steps) - 1:
        return tutorial_finish(user=user, run=run)
    _advance(run, tutorial, step)
    run.refresh_from_db()
    return run


def tutorial_finish(*, user, run) -> TutorialRun:
    """The last step read: the completion is recorded, the lesson's game closed."""
    with transaction.atomic():
        run = TutorialRun.objects.select_for_update().get(pk=run.pk)
        if run.closed:
            return run
        TutorialCompletion.objects.get_or_create(user=user, slug=run.slug)
        run.closed = True
        run.finished_at = timezone.now()
        run.step = len(_tutorial(run.slug).steps)
        run.save(update_fields=["closed", "finished_at", "step"])
        _close_game(run.game_id)
    return run


def offer_create(*, user) -> None:
    """A new account: the first game page it opens will offer that game's tutorial."""
    TutorialOffer.objects.get_or_create(user=user)


def offer_answer(*, user) -> None:
    """The new account's offer, answered ("No thanks", or a tutorial started)."""
    _check_user(user)
    TutorialOffer.objects.filter(user=user).update(slug="", answered=True)


def offer_for(*, user, kind) -> str:
    """The tutorial offered to a new account on the page of a game of ``kind``: the one of
    the first game it opens (fixed then), until it is started or dismissed. "" for none."""
    offer = TutorialOffer.objects.filter(user=user, answered=False).first()
    if offer is None:
        return ""
    if not offer.slug:
        slug = descriptor_for(kind).tutorial
        if not tutorial_for(slug):
            return ""
        offer.slug = slug
        offer.save(update_fields=["slug"])
    return offer.slug


def tutorials_of(user) -> list[dict]:
    """Every tutorial, with the learner's try going on and completion (the list page)."""
    runs, done = {}, {}
    if user is not None and getattr(user, "is_authenticated", False):
        runs = {
            r.slug: r for r in TutorialRun.objects.filter(user=user, closed=False).order_by("id")
        }
        done = {c.slug: c for c in TutorialCompletion.objects.filter(user=user)}
    return [
        {
            "tutorial": t,
            "run": runs.get(t.slug),
            "done": done.get(t.slug),
            "steps": len(t.steps),
        }
        for t in sorted(TUTORIALS.values(), key=lambda t: t.order)
    ]
