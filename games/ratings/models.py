"""The ratings' rows: the site-wide sequence of rated game ends, the ratings, each rated
game's changes (the history), each finished seat's result (reliability, records), and a
table's reliability condition."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RatingSequence(models.Model):
    """One row (pk 1): the number of the last rated game end. Locked by each rated end, so
    the ends are rated one at a time in the order of their numbers."""

    last = models.PositiveBigIntegerField(default=0)

    def __str__(self):
        return f"rated game ends: {self.last}"


class Rating(models.Model):
    """A player's rating in one pool: mu and sigma (Weng-Lin), the rated games counted."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    pool = models.CharField(_("pool"), max_length=32)
    mu = models.FloatField()
    sigma = models.FloatField()
    # mu - 3 sigma, scaled (`display.shown`): what leaderboards sort by
    ordinal = models.IntegerField(_("rating"), db_index=True)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    last_game_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pool", "-ordinal", "user_id"]
        constraints = [models.UniqueConstraint(fields=["user", "pool"], name="rating_unique_pool")]
        indexes = [
            models.Index(fields=["pool", "-ordinal", "user"], name="rating_board_idx"),
        ]

    def __str__(self):
        return f"{self.user_id} {self.pool}: {self.ordinal}"


class RatedGame(models.Model):
    """A game whose end was rated: its number in the site-wide sequence, its pool, the
    ranks it gave ({player id: rank}) and whether a moderator voided it."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, primary_key=True, related_name="rated_game"
    )
    seq = models.PositiveBigIntegerField(unique=True)
    pool = models.CharField(max_length=32)
    ranks = models.JSONField(default=dict)
    ended_at = models.DateTimeField()
    voided = models.BooleanField(_("voided"), default=False)

    class Meta:
        ordering = ["seq"]

    def __str__(self):
        return f"#{self.seq} game {self.game_id} ({self.pool})"


class RatingChange(models.Model):
    """What one rated game did to one player's rating (the profile's history, "+14")."""

    rated_game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    player_id = models.CharField(max_length=16)
    rank = models.PositiveSmallIntegerField()
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal_before = models.IntegerField()
    ordinal = models.IntegerField()
    games = models.PositiveIntegerField()  # the player's rated games in the pool, this one in

    class Meta:
        ordering = ["rated_game_id", "player_id"]
        constraints = [
            models.UniqueConstraint(fields=["rated_game", "user"], name="rating_change_unique_user")
        ]
        indexes = [models.Index(fields=["user", "rated_game"], name="rating_change_user_idx")]

    def __str__(self):
        return f"{self.user_id} in {self.rated_game_id}: {self.ordinal_before} -> {self.ordinal}"

    @property
    def delta(self) -> int:
        return self.ordinal - self.ordinal_before


class SeatResult(models.Model):
    """One player's finished game: what reliability and the records read (never the log).
    `decisions`: their moves and timeouts; `timeouts`: the fair ones only (the old deadline
    rule's unfair timeouts, `games.clock.unfair`, left out); `abandoned`: they left, were
    dropped or kicked."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="seat_results")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="seat_results"
    )
    kind = models.CharField(max_length=32)
    players = models.PositiveSmallIntegerField()
    won = models.BooleanField(default=False)
    medal = models.CharField(max_length=16, blank=True, default="")
    score = models.IntegerField(null=True, blank=True)
    decisions = models.PositiveIntegerField(default=0)
    timeouts = models.PositiveIntegerField(default=0)
    abandoned = models.BooleanField(default=False)
    finished_at = models.DateTimeField()

    class Meta:
        ordering = ["-finished_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="seat_result_unique_user")
        ]
        indexes = [models.Index(fields=["user", "-finished_at"], name="seat_result_recent_idx")]

    def __str__(self):
        return f"{self.user_id} in {self.game_id}"


class TableCondition(models.Model):
    """A host's condition on who may sit at their open table: fewer than `max_timeouts`
    percent of decisions timed out over their last games; players with fewer than
    `newcomer_games` finished games welcome (0: newcomers are held to the same bar,
    which they meet: no decision, no timeout)."""

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, primary_key=True, related_name="rating_condition"
    )
    max_timeouts = models.PositiveSmallIntegerField(_("fewer than this % of timeouts"))
    newcomer_games = models.PositiveSmallIntegerField(
        _("players with fewer games welcome"), default=0
    )

    def __str__(self):
        return f"game {self.game_id}: < {self.max_timeouts} %"


class PlayerReliability(models.Model):
    """A player's reliability over their last finished games (`reliability.RECENT_GAMES`),
    the sums of their `SeatResult` rows kept at each game's end, so that the query reading a
    table's seats reads it too (`select_related("user__reliability")`). No row: no game."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="reliability",
    )
    games = models.PositiveSmallIntegerField(default=0)
    decisions = models.PositiveIntegerField(default=0)
    timeouts = models.PositiveIntegerField(default=0)
    abandoned = models.PositiveSmallIntegerField(default=0)

    def __str__(self):
        return f"{self.user_id}: {self.timeouts}/{self.decisions}"
