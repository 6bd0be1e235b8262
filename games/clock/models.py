"""What the clock keeps besides `Game.deadline_at`.

The table's `Game.deadline_at` says when the decision the engine waits for expires; the
rows here hold what the deadline machinery needs besides it:

- `TimeoutPolicy`: per game, how many missed deadlines in a row drop a player, and how.
- `SeatClock`: per seat, the drop (autopilot/out/handed to a bot), when the seat started
  to be awaited and its current run of missed deadlines.
- `GameClock`: per game, when the current deadline started (for the 80 % reminder) and which
  seq it belongs to.
- `AwayExtension`: the extension away mode granted a seat for one decision (seq), so the
  per-game limit can be enforced.
- `DeadlineVote`: the other players' votes to skip or drop an absent player.
"""

from __future__ import annotations

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _


class TimeoutPolicy(models.Model):
    class DropMode(models.TextChoices):
        AUTOPILOT = "autopilot", _("Autopilot (default moves are played for them)")
        OUT = "out", _("Out of the game")
        BOT = "bot", _("A bot plays for them")

    game = models.OneToOneField(
        "games.Game", on_delete=models.CASCADE, related_name="timeout_policy"
    )
    max_missed_deadlines = models.PositiveSmallIntegerField(
        _("missed deadlines in a row before a drop"),
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
    )
    drop_mode = models.CharField(
        _("drop mode"), max_length=16, choices=DropMode.choices, default=DropMode.AUTOPILOT
    )
    # drop_mode "bot": the level (games.bots.available_levels of the game) that takes over.
    bot_level = models.CharField(_("bot level"), max_length=16, blank=True, default="")

    def __str__(self):
        return f"policy of game {self.game_id}: {self.max_missed_deadlines}/{self.drop_mode}"


class SeatClock(models.Model):
    class DropReason(models.TextChoices):
        MISSED = "missed", _("Missed deadlines")
        VOTE = "vote", _("Voted out by the other players")

    seat = models.OneToOneField("games.Seat", on_delete=models.CASCADE, related_name="clock")
    # Set when the seat is dropped (autopilot or out); never cleared by the machinery.
    dropped_at = models.DateTimeField(null=True, blank=True)
    drop_reason = models.CharField(max_length=16, choices=DropReason.choices, blank=True)
    # Set when a dropped seat is handed to a bot of this level (the policy's "bot" mode):
    # the seat stays on autopilot, but its deadlines are a player's and a bot plays them
    # (games.bot_seats); cleared when the player takes the seat back.
    bot_level = models.CharField(max_length=16, blank=True, default="")
    # The seq from which the engine has been waiting for this seat without a break, or None.
    waiting_since_seq = models.PositiveIntegerField(null=True, blank=True)
    # The seat's current run of missed deadlines, counted by the bookkeeping event by event
    # up to `GameClock.missed_seq` (`games.clock.missed`).
    missed = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"clock of seat {self.seat_id}"


class GameClock(models.Model):
    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="clock")
    seq = models.PositiveIntegerField(default=0)  # the state_seq the deadline belongs to
    started_at = models.DateTimeField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True)
    # When the 80 % reminder is due; cleared once the reminder rows are claimed.
    reminder_at = models.DateTimeField(null=True, blank=True, db_index=True)
    # The player whose turn it is, and the seq their turn started at (mail keys).
    turn_player = models.CharField(max_length=16, blank=True)
    turn_started_seq = models.PositiveIntegerField(default=0)
    # The state_seq up to which the seats' `SeatClock.missed` runs are counted (None: never
    # counted; the pages count from the log while it is behind `Game.state_seq`).
    missed_seq = models.PositiveIntegerField(null=True, blank=True)
    # The engine's `decision_id` of the decision `deadline_at` was set for ("" when the
    # engine does not say): the same id later is the same decision going on (its deadline
    # kept), another id a new decision with its whole time.
    decision_id = models.CharField(max_length=64, blank=True, default="")
    # A moderator's extension of a decision (seconds, summed) and that decision's id: it
    # stays with the decision (kicks, takeovers, returns, away mode, votes keep it) and a
    # new decision does not inherit it.
    extension_seconds = models.PositiveIntegerField(default=0)
    extension_decision = models.CharField(max_length=64, blank=True, default="")

    def __str__(self):
        return f"clock of game {self.game_id} at seq {self.seq}"


class AwayExtension(models.Model):
    seat = models.ForeignKey("games.Seat", on_delete=models.CASCADE, related_name="away_ext")
    seq = models.PositiveIntegerField()
    seconds = models.PositiveIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["seat", "seq"], name="away_extension_unique_seq")
        ]

    def __str__(self):
        return f"away +{self.seconds}s for seat {self.seat_id} at {self.seq}"


class DeadlineVote(models.Model):
    class Kind(models.TextChoices):
        SKIP = "skip", _("Play their default move now")
        DROP = "drop", _("Drop them now")

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="votes")
    seq = models.PositiveIntegerField()
    voter = models.ForeignKey("games.Seat", on_delete=models.CASCADE, related_name="votes_cast")
    target = models.ForeignKey(
        "games.Seat", on_delete=models.CASCADE, related_name="votes_received"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["voter", "target", "seq", "kind"], name="deadline_vote_once"
            )
        ]

    def __str__(self):
        return f"{self.voter_id} votes {self.kind} {self.target_id} at {self.seq}"
