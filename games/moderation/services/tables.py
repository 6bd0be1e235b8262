"""Moderating a game: abort it, extend its deadline, kick a player (autopilot or out)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.moderation.models import ModerationAction
from games.ratings.models import RatedGame
from games.ratings.services import VOID_EVENT_TYPE, rated_game_void
from games.table import records
from games.table.models import Game, Seat
from games.table.services.play import RESIGN_ACTION_TYPES

from .base import (
    ACTIVE_SEAT_STATUSES,
    MAX_EXTENSION_HOURS,
    ModerationError,
    _append_moderation_event,
    _audit,
    _check_moderator,
    _clean_hours,
    _clean_reason,
    _locked_game,
)

# --------------------------------------------------------------------------- games


def game_abort(
    *, moderator, game: Game, reason: str, _permission: str = "moderation.moderate_game"
) -> Game:
    """End a game without a result: status aborted, no deadline, nobody to act."""
    _check_moderator(moderator, _permission)
    reason = _clean_reason(reason)
    with transaction.atomic():
        game = _locked_game(game.pk)
        if game.status not in (Game.Status.OPEN, Game.Status.RUNNING):
            raise ModerationError(
                _("Only an open or running game can be aborted."), code="not_abortable"
            )
        previous = game.status
        _append_moderation_event(
            game=game, moderator=moderator, kind="abort", reason=reason, previous=previous
        )
        game.status = Game.Status.ABORTED
        game.result = None
        game.deadline_at = None
        game.finished_at = timezone.now()
        game.save(update_fields=["status", "result", "deadline_at", "finished_at"])
        game.seats.filter(to_act=True).update(to_act=False)
        _audit(
            moderator=moderator,
            kind=ModerationAction.Kind.ABORT,
            reason=reason,
            game=game,
            previous=previous,
        )
    return game


def game_rating_void(*, moderator, game: Game, reason: str) -> Game:
    """Take a rated game's effect off the ratings (cheating, collusion): a `rating_void`
    event in the game's log, the ratings of its pool rebuilt without it, an audit row.
    Refused for a game that was not rated or is already voided."""
    _check_moderator(moderator, "moderation.moderate_game")
    reason = _clean_reason(reason)
    with transaction.atomic():
        game = _locked_game(game.pk)
        rated = RatedGame.objects.filter(game=game).first()
        if rated is None:
            raise ModerationError(_("This game was not rated."), code="not_rated")
        if rated.voided:
            raise ModerationError(_("This game's rating effect is already void."), code="unchanged")
        _append_moderation_event(
            game=game, moderator=moderator, kind=VOID_EVENT_TYPE, reason=reason, keep_clock=False
        )
        rated_game_void(game=game)
        _audit(
            moderator=moderator,
            kind=ModerationAction.Kind.RATING_VOID,
            reason=reason,
            game=game,
            seq=rated.seq,
            pool=rated.pool,
        )
    return game


def game_deadline_extend(*, moderator, game: Game, hours, reason: str) -> Game:
    """Push the pending decision's `deadline_at` back by `hours` hours."""
    _check_moderator(moderator, "moderation.moderate_game")
    reason = _clean_reason(reason)
    hours = _clean_hours(hours, MAX_EXTENSION_HOURS)
    with transaction.atomic():
        game = _locked_game(game.pk)
        if game.status != Game.Status.RUNNING or game.deadline_at is None:
            raise ModerationError(
                _("This game has no running deadline to extend."), code="no_deadline"
            )
        old = game.deadline_at
        game.deadline_at = old + dt.timedelta(hours=hours)
        _keep_extension(game, hours)
        _append_moderation_event(
            game=game,
            moderator=moderator,
            kind="extend_deadline",
            reason=reason,
            hours=hours,
            deadline_before=old.isoformat(),
            deadline_after=game.deadline_at.isoformat(),
        )
        game.save(update_fields=["deadline_at"])
        _audit(
            moderator=moderator,
            kind=ModerationAction.Kind.EXTEND_DEADLINE,
            reason=reason,
            game=game,
            hours=hours,
            deadline_before=old.isoformat(),
            deadline_after=game.deadline_at.isoformat(),
        )
    return game


def _keep_extension(game: Game, hours) -> None:
    """The extension belongs to the pending decision (the clock keeps it with its
    `decision_id`): kicks, takeovers, returns, away mode and votes keep it."""
    try:
        from games.clock.deadlines import moderator_extension_add
    except ImportError:
        return
    moderator_extension_add(game, int(dt.timedelta(hours=hours).total_seconds()))


def resign_action(game: Game, seat: Seat) -> dict | None:
    """The engine's own way for this seat to leave the game (a legal `resign`/`forfeit`/
    `concede` action now), or None when the engine has none."""
    from games.table.services.common import engine_for

    if not game.state:
        return None
    engine = engine_for(game.kind)
    try:
        actions = engine.legal_actions(engine.load(game.state), seat.player_id)
    except Exception:
        return None
    return next((a for a in actions if a.get("type") in RESIGN_ACTION_TYPES), None)


def seat_kick(
    *, moderator, seat: Seat, mode: str, reason: str, _permission: str = "moderation.moderate_game"
) -> Seat:
    """Take a player's seat away from them in a running game.

    - ``autopilot``: the seat stays in the game and the platform plays the engine's
      default action whenever it owes a decision (the deadlines app plays autopilot seats).
    - ``out``: the player leaves the game through the engine's resign action, played by the
      platform (`system_action_submit`, reason "moderation"); Complots and Intrigue have one
      (`resign`, legal for every player still in the game at any moment). Engines without
      one cannot take a player out mid-game: the request is refused, use autopilot.
    """
    _check_moderator(moderator, _permission)
    reason = _clean_reason(reason)
    if mode not in ("autopilot", "out"):
        raise ModerationError(_("Choose autopilot or out."), code="bad_mode")
    with transaction.atomic():
        game = _locked_game(seat.game_id)
        seat = Seat.objects.select_for_update().select_related("user").get(pk=seat.pk)
        if game.status != Game.Status.RUNNING:
            raise ModerationError(_("This game is not running."), code="not_running")
        if seat.status not in ACTIVE_SEAT_STATUSES:
            raise ModerationError(
                _("This player is no longer playing in this game."), code="not_playing"
            )
        if mode == "autopilot" and seat.status == Seat.Status.AUTOPILOT:
            raise ModerationError(_("This seat is already on autopilot."), code="unchanged")
        resign = resign_action(game, seat) if mode == "out" else None
        if mode == "out" and resign is None:
            raise ModerationError(
                _(
                    "This game has no way to leave in the middle (the rules engine offers no "
                    "resignation): kick the player to autopilot instead."
                ),
                code="no_resign",
            )
        kind = f"kick_{mode}"
        if mode == "autopilot":
            # Before the event: the deadlines bookkeeping of the event (game_changed) must
            # see the seat on autopilot, so that it owes its move at once.
            seat.status = Seat.Status.AUTOPILOT
            Seat.objects.filter(pk=seat.pk).update(status=seat.status)
        _append_moderation_event(
            game=game,
            moderator=moderator,
            kind=kind,
            reason=reason,
            keep_clock=False,
            seat=seat,
            player=seat.player_id,
            user=seat.user.get_username(),
        )
        if mode == "out":
            from games.table.services import system_action_submit

            system_action_submit(
                game_id=game.pk,
                player_id=seat.player_id,
                expected_seq=game.state_seq,
                action=resign,
                reason="moderation",
            )
            seat.status = Seat.Status.LEFT
            Seat.objects.filter(pk=seat.pk).update(status=seat.status)
        records.abandons_changed([seat.user_id], game.kind)
        _audit(
            moderator=moderator,
            kind=kind,
            reason=reason,
            game=game,
            target_user=seat.user,
            player=seat.player_id,
        )
    return seat
