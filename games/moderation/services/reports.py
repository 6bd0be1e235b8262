"""Players' reports: filed from the game page, taken and closed by a moderator."""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.moderation.models import ModerationAction, Report
from games.table.models import Event, Game

from .base import (
    REASON_MAX_LENGTH,
    REPORT_CONTEXT_EVENTS,
    REPORT_RATE_COUNT,
    REPORT_RATE_WINDOW,
    REPORT_TEXT_MAX_LENGTH,
    ModerationError,
    _audit,
    _check_moderator,
)

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
    _check_moderator(moderator, "moderation.change_report")
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
    _check_moderator(moderator, "moderation.change_report")
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
