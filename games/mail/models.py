"""The mail's one table: a row per mail, claimed (unique key) before it is sent, so that a
mail goes out at most once whatever the retries and duplicated tasks."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.table.delivery import DeliveryRecord


class MailRecord(DeliveryRecord):
    """A mail to a user; `key` makes it unique for (user, kind): "<game>:<seq>", "<game>",
    a date..."""

    class Kind(models.TextChoices):
        TURN = "turn", _("Your turn")
        REMINDER = "reminder", _("Reminder")
        GAME_OVER = "game_over", _("Game over")
        DIGEST = "digest", _("Daily digest")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENDING = "sending", _("Sending")
        SENT = "sent", _("Sent")
        HELD = "held", _("Held for the digest")
        DIGESTED = "digested", _("Sent in a digest")
        SKIPPED = "skipped", _("Skipped")
        FAILED = "failed", _("Failed")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="mail_records"
    )
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, null=True, blank=True, related_name="mails"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    status = models.CharField(
        max_length=16, choices=Status.choices, default=Status.PENDING, db_index=True
    )
    digest = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="items"
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind", "key"], name="mail_record_once")
        ]
        indexes = [models.Index(fields=["status", "next_attempt_at"], name="mail_due_idx")]

    def __str__(self):
        return f"{self.kind} mail to {self.user_id} ({self.key}): {self.status}"
