"""The bot accounts: the users that sit in the seats of bots."""

from django.conf import settings
from django.db import models


class BotAccount(models.Model):
    """A user that a bot of ``level`` plays. ``number`` tells the bots of one level apart
    (two bots of one level at one table are two accounts)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bot_account"
    )
    level = models.CharField(max_length=16)
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["level", "number"]
        constraints = [
            models.UniqueConstraint(fields=["level", "number"], name="bot_account_unique_number")
        ]

    def __str__(self):
        return f"bot {self.level} #{self.number}"


class PracticeGame(models.Model):
    """A practice game (``services.practice_start``) and whether it counts towards its
    player's limits (``PRACTICE_MAX_RUNNING``, ``PRACTICE_MAX_PER_HOUR``): a tutorial
    does not."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="practice", primary_key=True
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="practice_games"
    )
    limited = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        indexes = [models.Index(fields=["user", "created_at"], name="practice_user_time")]

    def __str__(self):
        return f"practice game {self.game_id} of user {self.user_id}"
