"""Moderation records: the audit list, players' reports and users' sanctions.

The custom permissions of the moderators' room live on ``ModerationAction`` (app label
``moderation``): ``moderation.view_hidden_information``, ``moderation.ban_user``,
``moderation.mute_user``, ``moderation.moderate_game``.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class ModerationAction(models.Model):
    """One moderator decision, kept for the audit list. Never updated or deleted."""

    class Kind(models.TextChoices):
        ABORT = "abort", _("Abort the game")
        KICK_AUTOPILOT = "kick_autopilot", _("Kick a player (autopilot)")
        KICK_OUT = "kick_out", _("Kick a player (out of the game)")
        EXTEND_DEADLINE = "extend_deadline", _("Extend the deadline")
        RATING_VOID = "rating_void", _("Void a game's rating effect")
        HIDE_MESSAGE = "hide_message", _("Hide a chat message")
        UNHIDE_MESSAGE = "unhide_message", _("Show a hidden chat message again")
        MUTE = "mute", _("Mute a user's chat")
        UNMUTE = "unmute", _("Lift a chat mute")
        BAN = "ban", _("Ban a user")
        REPORT_ASSIGN = "report_assign", _("Take a report")
        REPORT_CLOSE = "report_close", _("Close a report")

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="moderation_actions_taken",
        verbose_name=_("moderator"),
    )
    action = models.CharField(_("action"), max_length=32, choices=Kind.choices)
    game = models.ForeignKey(
        "games.Game",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_actions",
        verbose_name=_("game"),
    )
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="moderation_actions_received",
        verbose_name=_("target user"),
    )
    reason = models.TextField(_("reason"))
    details = models.JSONField(_("details"), default=dict, blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = _("moderation action")
        verbose_name_plural = _("moderation actions")
        permissions = [
            ("view_hidden_information", _("Can see hidden information of games")),
            ("moderate_game", _("Can abort games, kick players and extend deadlines")),
            ("ban_user", _("Can ban users")),
            ("mute_user", _("Can mute users' chat")),
        ]

    def __str__(self):
        return f"{self.get_action_display()} — {self.moderator} — {self.created:%Y-%m-%d %H:%M}"


class UserSanction(models.Model):
    """A user's standing sanctions: chat mute until a time, ban. One row per sanctioned user."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="sanction",
        verbose_name=_("user"),
    )
    muted_until = models.DateTimeField(_("muted until"), null=True, blank=True)
    banned_at = models.DateTimeField(_("banned at"), null=True, blank=True)
    updated = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("user sanction")
        verbose_name_plural = _("user sanctions")

    def __str__(self):
        return str(self.user)

    def is_muted(self, now=None):
        now = now or timezone.now()
        return self.muted_until is not None and self.muted_until > now


class Report(models.Model):
    """A player's report of a chat message or a player, waiting in the moderators' queue."""

    class Category(models.TextChoices):
        ABUSE = "abuse", _("Insults or harassment")
        CHEATING = "cheating", _("Cheating or collusion")
        SPAM = "spam", _("Spam or advertising")
        STALLING = "stalling", _("Stalling or abandoning")
        OTHER = "other", _("Something else")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ASSIGNED = "assigned", _("Assigned")
        CLOSED = "closed", _("Closed")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="reports_made",
        verbose_name=_("reporter"),
    )
    game = models.ForeignKey(
        "games.Game", on_delete=models.PROTECT, related_name="reports", verbose_name=_("game")
    )
    message = models.ForeignKey(
        "games.ChatMessage",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports",
        verbose_name=_("message"),
    )
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_received",
        verbose_name=_("reported user"),
    )
    category = models.CharField(_("reason"), max_length=16, choices=Category.choices)
    text = models.TextField(_("details"), max_length=2000, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    assignee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reports_assigned",
        verbose_name=_("assignee"),
    )
    decision = models.TextField(_("decision"), blank=True)
    created = models.DateTimeField(_("created"), default=timezone.now, db_index=True)
    closed = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name = _("report")
        verbose_name_plural = _("reports")
        indexes = [models.Index(fields=["game", "status"], name="report_game_status")]

    def __str__(self):
        return f"#{self.pk} {self.get_category_display()} ({self.get_status_display()})"
