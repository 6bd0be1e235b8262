"""The push notifications' tables: a subscription per device, the player's push settings
(quiet hours, muted games), one row per notification per device (claimed before it is sent,
so that it goes at most once), and the one-tap answers already given."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.table.delivery import DeliveryRecord


class PushSubscription(models.Model):
    """One browser (device) of an account, as its push service names it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(_("endpoint"), max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=64)
    name = models.CharField(_("device name"), max_length=60, blank=True, default="")
    # A digest of the session that subscribed: logging out of it removes the device.
    session_digest = models.CharField(max_length=64, blank=True, default="", db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    last_error = models.CharField(max_length=300, blank=True, default="")

    class Meta:
        verbose_name = _("push device")
        verbose_name_plural = _("push devices")

    def __str__(self):
        return f"{self.name or 'device'} of {self.user_id}"

    def info(self) -> dict:
        """What pywebpush needs to encrypt and address a message to this device."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushSettings(models.Model):
    """Quiet hours (local time) of an account: correspondence games wait until they end."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_settings"
    )
    quiet_from = models.TimeField(_("quiet from"), null=True, blank=True)
    quiet_until = models.TimeField(_("quiet until"), null=True, blank=True)
    muted_games = models.ManyToManyField(
        "games.Game", blank=True, related_name="+", verbose_name=_("muted games")
    )

    class Meta:
        verbose_name = _("push settings")
        verbose_name_plural = _("push settings")

    def __str__(self):
        return f"push settings of {self.user_id}"


class PushRecord(DeliveryRecord):
    class Kind(models.TextChoices):
        TURN = "turn", _("Your turn")
        REMINDER = "reminder", _("Reminder")
        GAME_OVER = "game_over", _("Game over")
        TEST = "test", _("Test")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENDING = "sending", _("Sending")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("Skipped")
        GONE = "gone", _("Device gone")
        FAILED = "failed", _("Failed")

    subscription = models.ForeignKey(
        PushSubscription, on_delete=models.CASCADE, related_name="records"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_records"
    )
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    live = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["subscription", "kind", "key"], name="push_record_once")
        ]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"], name="push_due_idx"),
            models.Index(fields=["user", "game", "kind"], name="push_user_game_idx"),
        ]

    def __str__(self):
        return f"{self.kind} push to {self.user_id} ({self.key}): {self.status}"


class OneTapUse(models.Model):
    """A one-tap token already used: it works once."""

    digest = models.CharField(max_length=64, unique=True)
    used_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"one-tap answer {self.digest[:8]}"
