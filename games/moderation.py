"""Moderation services: every write of the moderators' room and of players' reports.

HackSoft style, like ``games.services``: keyword-only arguments, ``<noun>_<verb>`` names, one
``transaction.atomic`` each. Every decision on a game appends an Event of kind
``moderation`` to the game's log (``action`` = {"type": ..., "moderator": ..., "reason": ...})
— old events are never edited — and a ``ModerationAction`` row to the audit list.

Bad input raises ``ModerationError`` (a ``ValidationError`` with a readable message) and
changes nothing.

Enforced for every other part of the site (``games.models_moderation`` pre_save hooks): a
chat message of a muted or banned user, and a move (``action`` event) of a banned user, are
refused with ``ChatMuted`` / ``AccountDisabled`` (GameErrors), so ``games.services.chat_post``
and ``action_submit`` refuse them and write nothing. ``user_is_muted(user)`` tells a page
whether to show the chat box.
"""

from __future__ import annotations

import datetime as dt
from importlib import import_module

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games import live, services
from games.models import ChatMessage, Event, Game, Seat
from games.models_moderation import ModerationAction, Report, UserSanction
from games.services.errors import GameError

User = get_user_model()

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
    game.save(update_fields=["state_seq", "revision"])
    live.publish_on_commit(game)  # open pages refetch their view (the seq moved on)
    return event


def _keep_decision_clock(game: Game, previous_seq: int) -> None:
    """A moderation event is no new decision: when the deadlines bookkeeping (the
    `games.models_deadlines.GameClock` of the deadlines app, if installed) was in step with
    the game, move it to the new seq with the game's current deadline, so that the pending
    decision keeps its deadline instead of getting a fresh one. Runs before the game row is
    saved: the deadlines app's post_save hook then finds its clock in step and does nothing."""
    try:
        from games.models_deadlines import GameClock
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


# --------------------------------------------------------------------------- games


def game_abort(
    *, moderator, game: Game, reason: str, _permission: str = "games.moderate_game"
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


def game_deadline_extend(*, moderator, game: Game, hours, reason: str) -> Game:
    """Push the pending decision's `deadline_at` back by `hours` hours."""
    _check_moderator(moderator, "games.moderate_game")
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


RESIGN_ACTION_TYPES = ("resign", "forfeit", "concede")


def resign_action(game: Game, seat: Seat) -> dict | None:
    """The engine's own way for this seat to leave the game (a legal `resign`/`forfeit`/
    `concede` action now), or None when the engine has none."""
    from games.services.common import engine_for

    if not game.state:
        return None
    engine = engine_for(game.kind)
    try:
        actions = engine.legal_actions(engine.load(game.state), seat.player_id)
    except Exception:
        return None
    return next((a for a in actions if a.get("type") in RESIGN_ACTION_TYPES), None)


def seat_kick(
    *, moderator, seat: Seat, mode: str, reason: str, _permission: str = "games.moderate_game"
) -> Seat:
    """Take a player's seat away from them in a running game.

    - ``autopilot``: the seat stays in the game and the platform plays the engine's
      default action whenever it owes a decision (the deadlines app plays autopilot seats).
    - ``out``: the player leaves the game through the engine's resign action, played by the
      platform (`system_action_submit`, reason "moderation"). Engines without one (Complots
      today) cannot take a player out mid-game: the request is refused, use autopilot.
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
            # Before the event: the deadlines app's hook on the game row (saved with the
            # event) must see the seat on autopilot, so that it owes its move at once.
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
            from games.services import system_action_submit

            system_action_submit(
                game_id=game.pk,
                player_id=seat.player_id,
                expected_seq=game.state_seq,
                action=resign,
                reason="moderation",
            )
            seat.status = Seat.Status.LEFT
            Seat.objects.filter(pk=seat.pk).update(status=seat.status)
        _audit(
            moderator=moderator,
            kind=kind,
            reason=reason,
            game=game,
            target_user=seat.user,
            player=seat.player_id,
        )
    return seat


# --------------------------------------------------------------------------- chat


def message_hide(*, moderator, message: ChatMessage, reason: str, hidden: bool = True):
    """Hide (or show again) a chat message. It is kept; players see it was hidden."""
    _check_moderator(moderator, "games.change_chatmessage")
    reason = _clean_reason(reason)
    kind = "hide_message" if hidden else "unhide_message"
    with transaction.atomic():
        game = _locked_game(message.game_id)
        message = ChatMessage.objects.select_for_update().get(pk=message.pk)
        if message.hidden == hidden:
            raise ModerationError(
                _("This message is already hidden.")
                if hidden
                else _("This message is not hidden."),
                code="unchanged",
            )
        message.hidden = hidden
        message.save(update_fields=["hidden"])
        _append_moderation_event(
            game=game,
            moderator=moderator,
            kind=kind,
            reason=reason,
            message=message.pk,
            author=message.user.get_username(),
        )
        _audit(
            moderator=moderator,
            kind=kind,
            reason=reason,
            game=game,
            target_user=message.user,
            message=message.pk,
        )
    return message


def user_is_muted(user, now=None) -> bool:
    """True while `user` may not post in any game's chat. `chat_post` must refuse them."""
    if user is None or not getattr(user, "pk", None):
        return False
    until = (
        UserSanction.objects.filter(user_id=user.pk).values_list("muted_until", flat=True).first()
    )
    return until is not None and until > (now or timezone.now())


def user_is_banned(user) -> bool:
    return (
        bool(user and user.pk)
        and UserSanction.objects.filter(user_id=user.pk, banned_at__isnull=False).exists()
    )


def user_mute(*, moderator, user, hours, reason: str) -> UserSanction:
    """Mute `user`'s chat everywhere for `hours` hours (from now)."""
    _check_moderator(moderator, "games.mute_user")
    reason = _clean_reason(reason)
    hours = _clean_hours(hours, MAX_MUTE_HOURS)
    if user.pk == moderator.pk:
        raise ModerationError(_("You cannot mute yourself."), code="self")
    until = timezone.now() + dt.timedelta(hours=hours)
    with transaction.atomic():
        sanction, _created = UserSanction.objects.select_for_update().get_or_create(user=user)
        sanction.muted_until = until
        sanction.save()
        _audit(
            moderator=moderator,
            kind=ModerationAction.Kind.MUTE,
            reason=reason,
            target_user=user,
            hours=hours,
            until=until.isoformat(),
        )
    return sanction


def user_unmute(*, moderator, user, reason: str) -> UserSanction:
    _check_moderator(moderator, "games.mute_user")
    reason = _clean_reason(reason)
    with transaction.atomic():
        sanction = UserSanction.objects.select_for_update().filter(user=user).first()
        if sanction is None or not sanction.is_muted():
            raise ModerationError(_("This user is not muted."), code="unchanged")
        sanction.muted_until = None
        sanction.save()
        _audit(
            moderator=moderator, kind=ModerationAction.Kind.UNMUTE, reason=reason, target_user=user
        )
    return sanction


# --------------------------------------------------------------------------- users


def _end_sessions(user) -> int:
    """Delete every stored session logged in as `user` (database-backed session engines).
    Returns how many. Whatever the engine, an inactive user is logged out at their next
    request anyway: the authentication backends refuse inactive users."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    get_model = getattr(store, "get_model_class", None)
    if get_model is None:
        return 0
    ended = 0
    model = get_model()
    for session in model.objects.filter(expire_date__gt=timezone.now()).iterator():
        if session.get_decoded().get("_auth_user_id") == str(user.pk):
            store(session_key=session.session_key).delete()
            ended += 1
    return ended


def user_ban(*, moderator, user, reason: str, kick_mode: str = "autopilot"):
    """Ban `user`: inactive (no login), sessions ended, running games handled as a kick."""
    _check_moderator(moderator, "games.ban_user")
    reason = _clean_reason(reason)
    if user.pk == moderator.pk:
        raise ModerationError(_("You cannot ban yourself."), code="self")
    if user.is_superuser or (user.is_staff and not moderator.is_superuser):
        raise ModerationError(
            _("Staff accounts cannot be banned here: ask an administrator."), code="staff"
        )
    if not user.is_active:
        raise ModerationError(_("This user is already banned or inactive."), code="unchanged")
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        user.is_active = False
        user.save(update_fields=["is_active"])
        sanction, _created = UserSanction.objects.select_for_update().get_or_create(user=user)
        sanction.banned_at = timezone.now()
        sanction.save()
        ended = _end_sessions(user)
        kicked = []
        seats = Seat.objects.filter(
            user=user, status=Seat.Status.PLAYING, game__status=Game.Status.RUNNING
        ).select_related("game")
        for seat in seats:
            mode = kick_mode
            if mode == "out" and resign_action(seat.game, seat) is None:
                mode = "autopilot"  # the engine has no way out now: the seat plays on
            seat_kick(
                moderator=moderator,
                seat=seat,
                mode=mode,
                reason=reason,
                _permission="games.ban_user",
            )
            kicked.append(seat.game_id)
        # Tables not started yet: a banned host's table is closed, other seats are freed.
        for seat in Seat.objects.filter(user=user, game__status=Game.Status.OPEN).select_related(
            "game"
        ):
            if seat.game.host_id == user.pk:
                game_abort(
                    moderator=moderator, game=seat.game, reason=reason, _permission="games.ban_user"
                )
            else:
                services.seat_leave(game_id=seat.game_id, user=user)
        _audit(
            moderator=moderator,
            kind=ModerationAction.Kind.BAN,
            reason=reason,
            target_user=user,
            sessions_ended=ended,
            games=kicked,
        )
    return user


# --------------------------------------------------------------------------- reports


def _rate_key(user) -> str:
    return f"moderation:reports:{user.pk}"


def report_create(
    *, reporter, game: Game, category: str, text: str = "", message=None, reported_user=None
) -> Report:
    """File a player's report of a chat message or a player of `game`."""
    text = (text or "").strip()
    if category not in Report.Category.values:
        raise ModerationError(_("Choose a reason for your report."), code="bad_category")
    if len(text) > REPORT_TEXT_MAX_LENGTH:
        raise ModerationError(
            _("Your report is too long (%(max)d characters at most).")
            % {"max": REPORT_TEXT_MAX_LENGTH},
            code="too_long",
        )
    if message is not None:
        if message.game_id != game.pk:
            raise ModerationError(_("This message is not in this game."), code="bad_message")
        if reported_user is not None and reported_user.pk != message.user_id:
            raise ModerationError(
                _("This message was not written by that player."), code="bad_message"
            )
        reported_user = message.user
    if reported_user is None:
        raise ModerationError(_("Say which message or player you report."), code="no_target")
    if reported_user.pk == reporter.pk:
        raise ModerationError(_("You cannot report yourself."), code="self")
    if message is None and not game.seats.filter(user=reported_user).exists():
        raise ModerationError(_("This player is not in this game."), code="bad_player")
    if category == Report.Category.OTHER and not text:
        raise ModerationError(_("Tell the moderators what happened."), code="no_text")
    duplicate = Report.objects.filter(
        reporter=reporter,
        game=game,
        reported_user=reported_user,
        message=message,
        status__in=(Report.Status.OPEN, Report.Status.ASSIGNED),
    ).exists()
    if duplicate:
        raise ModerationError(
            _("You have already reported this; the moderators will look at it."),
            code="duplicate",
        )
    # Rate limit: a counter per reporter in the cache, reset after the window.
    key = _rate_key(reporter)
    cache.add(key, 0, REPORT_RATE_WINDOW)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, REPORT_RATE_WINDOW)
        count = 1
    if count > REPORT_RATE_COUNT:
        raise ModerationError(
            _("You have sent many reports in a short time: wait a few minutes."),
            code="rate_limited",
        )
    return Report.objects.create(
        reporter=reporter,
        game=game,
        message=message,
        reported_user=reported_user,
        category=category,
        text=text,
    )


def report_assign(*, moderator, report: Report) -> Report:
    """ "Assign to me": the moderator takes an open (or someone else's) report."""
    _check_moderator(moderator, "games.change_report")
    with transaction.atomic():
        report = Report.objects.select_for_update().get(pk=report.pk)
        if report.status == Report.Status.CLOSED:
            raise ModerationError(_("This report is closed."), code="closed")
        if report.assignee_id == moderator.pk:
            raise ModerationError(_("This report is already yours."), code="unchanged")
        previous = report.assignee.get_username() if report.assignee_id else None
        report.assignee = moderator
        report.status = Report.Status.ASSIGNED
        report.save(update_fields=["assignee", "status"])
        _audit(
            moderator=moderator,
            kind=ModerationAction.Kind.REPORT_ASSIGN,
            reason=_("Report #%(id)d taken") % {"id": report.pk},
            game=report.game,
            target_user=report.reported_user,
            report=report.pk,
            previous_assignee=previous,
        )
    return report


def report_close(*, moderator, report: Report, decision: str) -> Report:
    """Close a report with the moderator's decision (kept on the report and in the audit)."""
    _check_moderator(moderator, "games.change_report")
    decision = (decision or "").strip()
    if not decision:
        raise ModerationError(_("Write the decision before closing."), code="no_decision")
    if len(decision) > REASON_MAX_LENGTH:
        raise ModerationError(
            _("The decision is too long (%(max)d characters at most).")
            % {"max": REASON_MAX_LENGTH},
            code="too_long",
        )
    with transaction.atomic():
        report = Report.objects.select_for_update().get(pk=report.pk)
        if report.status == Report.Status.CLOSED:
            raise ModerationError(_("This report is already closed."), code="closed")
        report.status = Report.Status.CLOSED
        report.decision = decision
        report.closed = timezone.now()
        if report.assignee_id is None:
            report.assignee = moderator
        report.save(update_fields=["status", "decision", "closed", "assignee"])
        _audit(
            moderator=moderator,
            kind=ModerationAction.Kind.REPORT_CLOSE,
            reason=decision,
            game=report.game,
            target_user=report.reported_user,
            report=report.pk,
        )
    return report


def report_context_events(report: Report):
    """The events around the report: ±REPORT_CONTEXT_EVENTS around the message's time (or
    the report's time). Callers show them through the public view only."""
    moment = report.message.created_at if report.message_id else report.created
    events = Event.objects.filter(game_id=report.game_id)
    before = list(events.filter(created_at__lte=moment).order_by("-seq")[:REPORT_CONTEXT_EVENTS])
    after = list(events.filter(created_at__gt=moment).order_by("seq")[:REPORT_CONTEXT_EVENTS])
    return list(reversed(before)) + after


# --------------------------------------------------------------------------- the group

MODERATORS_GROUP = "Moderators"
# Exactly what the moderators' room needs ("app_label.codename"). Not included on purpose:
# games.view_hidden_information (given person by person), any add/delete permission,
# games.change_game / change_seat / change_event (games are changed by services only), and
# auth.change_user (a ban goes through games.ban_user, which records it).
MODERATOR_PERMISSIONS = (
    "games.view_game",
    "games.moderate_game",
    "games.view_seat",
    "games.view_event",
    "games.view_chatmessage",
    "games.change_chatmessage",
    "games.view_report",
    "games.change_report",
    "games.view_moderationaction",
    "games.view_usersanction",
    "games.ban_user",
    "games.mute_user",
    "auth.view_user",
)


def moderators_group_sync():
    """Create or fix the Moderators group so that it has exactly MODERATOR_PERMISSIONS.
    Idempotent. Returns (group, added codenames, removed codenames)."""
    from django.apps import apps
    from django.contrib.auth.management import create_permissions
    from django.contrib.auth.models import Group, Permission

    for app_config in apps.get_app_configs():
        create_permissions(app_config, verbosity=0)
    wanted = []
    for dotted in MODERATOR_PERMISSIONS:
        app_label, codename = dotted.split(".", 1)
        wanted.append(Permission.objects.get(content_type__app_label=app_label, codename=codename))
    with transaction.atomic():
        group, _created = Group.objects.get_or_create(name=MODERATORS_GROUP)
        current = set(group.permissions.all())
        added = sorted(p.codename for p in set(wanted) - current)
        removed = sorted(p.codename for p in current - set(wanted))
        group.permissions.set(wanted)
    return group, added, removed
