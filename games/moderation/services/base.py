"""Shared parts of the moderation services: limits, errors, input checks, and the recording
of a decision (a `moderation` note in the game's log and a row of the audit list)."""

from __future__ import annotations

from django.db.models import Max
from django.utils.translation import gettext_lazy as _

from games.moderation.models import ModerationAction
from games.table import live
from games.table.models import Event, Game, Seat
from games.table.services.errors import GameError
from games.table.signals import game_changed_send

MODERATION_EVENT_KIND = "moderation"
REASON_MAX_LENGTH = 1000
MAX_EXTENSION_HOURS = 24 * 14
MAX_MUTE_HOURS = 24 * 365
REPORT_TEXT_MAX_LENGTH = 2000
# Reports: at most REPORT_RATE_COUNT per reporter in REPORT_RATE_WINDOW seconds.
REPORT_RATE_COUNT = 5
REPORT_RATE_WINDOW = 600
# Context of a report: this many events on each side of the message's time.
REPORT_CONTEXT_EVENTS = 10

ACTIVE_SEAT_STATUSES = (Seat.Status.PLAYING, Seat.Status.AUTOPILOT)


class ModerationError(GameError):
    """A moderation request that cannot be carried out; ``str(err)`` is readable.

    A ``GameError`` (so a ``ValidationError``): views that catch those show it as is."""

    default_code = "moderation_error"

    def __init__(self, message, *, code="moderation_error"):
        super().__init__(message)
        self.code = code


class ChatMuted(ModerationError):
    def __init__(self):
        super().__init__(_("A moderator has muted your chat for now."), code="muted")


class AccountDisabled(ModerationError):
    def __init__(self):
        super().__init__(
            _("Your account is disabled: you can no longer play or chat."), code="disabled"
        )


# --------------------------------------------------------------------------- checks


def _clean_reason(reason) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ModerationError(_("Give a reason: it is kept in the game's log."), code="no_reason")
    if len(reason) > REASON_MAX_LENGTH:
        raise ModerationError(
            _("The reason is too long (%(max)d characters at most).") % {"max": REASON_MAX_LENGTH},
            code="reason_too_long",
        )
    return reason


def _check_moderator(moderator, perm: str):
    if not (moderator and moderator.is_active and moderator.is_staff):
        raise ModerationError(_("Only moderators can do this."), code="not_moderator")
    if not moderator.has_perm(perm):
        raise ModerationError(
            _("You do not have the permission to do this."), code="permission_denied"
        )


def _clean_hours(hours, maximum: int) -> int:
    try:
        hours = int(hours)
    except (TypeError, ValueError):
        raise ModerationError(_("Give a whole number of hours."), code="bad_hours") from None
    if not 1 <= hours <= maximum:
        raise ModerationError(
            _("Give between 1 and %(max)d hours.") % {"max": maximum}, code="bad_hours"
        )
    return hours


# --------------------------------------------------------------------------- recording


def _append_moderation_event(
    *, game: Game, moderator, kind: str, reason: str, keep_clock: bool = True, **details
):
    """Append a `moderation` event after the last one. `game` must be locked by the caller.

    The engine state does not change: the cached state stays valid, so `state_seq` follows
    the new event (the platform numbers the next move `state_seq + 1`) and `revision` is
    bumped for live pages. Replays skip `moderation` events.

    A table that has not started has no log yet (its first event must be the `start` at
    seq 1): nothing is appended then, and the audit list alone keeps the decision.
    """
    if game.state_seq == 0 and not game.events.exists():
        game.revision += 1
        game.save(update_fields=["revision"])
        live.publish_on_commit(game)
        return None
    last = max(game.events.aggregate(last=Max("seq"))["last"] or 0, game.state_seq)
    event = Event.objects.create(
        game=game,
        seq=last + 1,
        seat=details.pop("seat", None),
        kind=MODERATION_EVENT_KIND,
        action={"type": kind, "moderator": moderator.get_username(), "reason": reason, **details},
        reason=kind[:32],
    )
    previous_seq = game.state_seq
    game.state_seq = event.seq
    game.revision += 1
    if keep_clock:
        _keep_decision_clock(game, previous_seq)
    game_changed_send(game, saving=False)  # the clock's bookkeeping of the new seq
    game.save(update_fields=["state_seq", "revision"])
    live.publish_on_commit(game)  # open pages refetch their view (the seq moved on)
    return event


def _keep_decision_clock(game: Game, previous_seq: int) -> None:
    """A moderation event is no new decision: when the deadlines bookkeeping (the
    `games.clock.models.GameClock` of the deadlines app, if installed) was in step with
    the game, move it to the new seq with the game's current deadline, so that the pending
    decision keeps its deadline instead of getting a fresh one. Runs before the game row is
    saved: the deadlines app's post_save hook then finds its clock in step and does nothing."""
    try:
        from games.clock.models import GameClock
    except ImportError:
        return
    GameClock.objects.filter(game=game, seq=previous_seq).update(
        seq=game.state_seq, deadline_at=game.deadline_at
    )


def _audit(*, moderator, kind, reason, game=None, target_user=None, **details):
    return ModerationAction.objects.create(
        moderator=moderator,
        action=kind,
        game=game,
        target_user=target_user,
        reason=reason,
        details=details,
    )


def _locked_game(game_id) -> Game:
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise ModerationError(_("This game does not exist."), code="game_not_found") from None
