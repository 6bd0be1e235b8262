"""Persistence of a played game: the table, its seats, its event log and its chat.

The event log (`Event`) is the truth: rows are appended, never updated or deleted. The
engine state cached on `Game` (`state`, `state_seq`) is a cache that `games.table.replay` rebuilds
from the seed, the options, the players and the events. Every write goes through
`games.table.services`; read helpers that cross relations live in `games.table.selectors`.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

CHAT_MAX_LENGTH = 500
MAX_SEATS = 8


class TimeControl:
    """Time-control presets. `slug -> (mode, window_seconds, turn_seconds)`.

    A *window* is a short decision where others may react (challenge, block, pass); a *turn*
    is the decision of the player whose turn it is. The game's `deadline_at` is recomputed
    after every change from these lengths.
    """

    LIVE = "live"
    CORRESPONDENCE = "correspondence"
    MODE_CHOICES = [(LIVE, _("Live")), (CORRESPONDENCE, _("Correspondence"))]

    HOUR = 3600
    DAY = 24 * HOUR
    PRESETS = {
        "live": (LIVE, 20, 120),
        "corr-1d": (CORRESPONDENCE, 12 * HOUR, 1 * DAY),
        "corr-2d": (CORRESPONDENCE, 12 * HOUR, 2 * DAY),
        "corr-3d": (CORRESPONDENCE, 12 * HOUR, 3 * DAY),
        "corr-7d": (CORRESPONDENCE, 12 * HOUR, 7 * DAY),
    }
    LABELS = {
        "live": _("Live: 20 s windows, 2 min turns"),
        "corr-1d": _("Correspondence: 1 day per turn"),
        "corr-2d": _("Correspondence: 2 days per turn"),
        "corr-3d": _("Correspondence: 3 days per turn"),
        "corr-7d": _("Correspondence: 7 days per turn"),
    }
    DEFAULT = "live"

    @classmethod
    def choices(cls):
        return [(slug, cls.LABELS[slug]) for slug in cls.PRESETS]


def seed_commitment(seed_hex: str) -> str:
    """The public SHA-256 commitment (hex) of a hex-encoded seed."""
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")
        ABORTED = "aborted", _("Aborted")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Public")
        PRIVATE = "private", _("Private")

    kind = models.CharField(_("game"), max_length=32)
    options = models.JSONField(_("options"), default=dict, blank=True)
    status = models.CharField(
        _("status"), max_length=16, choices=Status.choices, default=Status.OPEN
    )
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="hosted_games",
        verbose_name=_("host"),
    )
    visibility = models.CharField(
        _("visibility"), max_length=16, choices=Visibility.choices, default=Visibility.PUBLIC
    )
    # Secret; empty for public games. Holders may view and join a private game.
    invitation_token = models.CharField(max_length=64, blank=True, default="")
    min_seats = models.PositiveSmallIntegerField(_("minimum players"), default=2)
    max_seats = models.PositiveSmallIntegerField(_("maximum players"), default=6)

    # Secret until the game ends: 32 random bytes, hex. Drawn at creation so the commitment
    # can be shown from the start; never displayed before status is finished/aborted.
    seed = models.CharField(max_length=64)
    commitment = models.CharField(_("seed commitment (SHA-256)"), max_length=64)

    # Cache of the engine state (`engine.dump`) after event `state_seq`. 0 = not started.
    state = models.JSONField(null=True, blank=True)
    state_seq = models.PositiveIntegerField(default=0)
    # Bumped on every visible change (seat, start, action, chat): what live pages watch.
    revision = models.PositiveIntegerField(default=0)

    time_control = models.CharField(_("time control"), max_length=16, default=TimeControl.DEFAULT)
    time_mode = models.CharField(
        _("time mode"),
        max_length=16,
        choices=TimeControl.MODE_CHOICES,
        default=TimeControl.LIVE,
    )
    window_seconds = models.PositiveIntegerField(default=20)
    turn_seconds = models.PositiveIntegerField(default=120)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    result = models.JSONField(null=True, blank=True)
    # The host's choice: the game starts by itself once every seat is taken.
    auto_start = models.BooleanField(_("start when full"), default=False)
    # The host's choice: the game counts for the players' ratings (games.ratings decides at
    # the end whether it may: a public table of people, a game that has a rating pool).
    rated = models.BooleanField(_("rated"), default=False)
    # A new table with the same settings and players, opened after this one ended.
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    # A lesson (the tutorials): a real game from a rigged deal, with no clock (no deadline,
    # no timeout, no reminder, no mail), counted in no record, never rematched, listed to its
    # player only while it runs. Set at creation, never changed.
    tutorial = models.BooleanField(_("tutorial"), default=False)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["status", "visibility", "-created_at"], name="game_lobby_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(min_seats__gte=1)
                & models.Q(max_seats__gte=models.F("min_seats"))
                & models.Q(max_seats__lte=MAX_SEATS),
                name="game_seat_bounds",
            ),
        ]

    def __str__(self):
        return f"{self.kind} #{self.pk} ({self.status})"

    @property
    def seed_revealed(self) -> bool:
        return self.status in (self.Status.FINISHED, self.Status.ABORTED)

    @property
    def revealed_seed(self) -> str | None:
        """The seed (hex) once the game is over, else None. Use this, never `seed`, in views."""
        return self.seed if self.seed_revealed else None

    @property
    def is_private(self) -> bool:
        return self.visibility == self.Visibility.PRIVATE


class Seat(models.Model):
    class Status(models.TextChoices):
        SEATED = "seated", _("Seated")  # joined, game not started
        PLAYING = "playing", _("Playing")
        ELIMINATED = "eliminated", _("Eliminated")
        LEFT = "left", _("Left")  # resigned from a running game (later issue)
        AUTOPILOT = "autopilot", _("Autopilot")  # the platform plays for them (later issue)

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="seats"
    )
    # 1-based, clockwise. Compacted to 1..n when the game starts.
    position = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SEATED)
    # The engine's opaque player id: "p<position>" ("p1".."p8"), final from game start.
    player_id = models.CharField(max_length=16)
    # Cache: the engine waits for this player now (player_id in engine.waiting_for(state)).
    to_act = models.BooleanField(default=False)
    # Slugs of the engine's standing orders this player set for this game (engine
    # `standing_orders`): the platform plays their answers as the player's own moves. Seen
    # by this player only. Starts as the profile's default.
    standing_orders = models.JSONField(default=list, blank=True)
    # The seq of the last move the standing orders played (None: they never played one):
    # the page reads the recent ones only when there are some.
    standing_seq = models.PositiveIntegerField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="seat_unique_user"),
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
        ]
        indexes = [models.Index(fields=["user", "-to_act"], name="seat_user_to_act_idx")]

    def __str__(self):
        return f"{self.user} at {self.game_id}#{self.position}"


class EventQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError("Events are append-only: they are never updated.")

    def delete(self):
        raise TypeError("Events are append-only: they are never deleted.")

    def bulk_update(self, *args, **kwargs):
        raise TypeError("Events are append-only: they are never updated.")

    def update_or_create(self, *args, **kwargs):
        raise TypeError("Events are append-only: they are never updated.")


class Event(models.Model):
    """One entry of a game's log. Append-only: save() refuses updates, delete() raises.

    seq 1 is the `start` event (`action` = {"players": [...]}, the engine ids in seat order);
    every later event is an `action` (played by `seat`) or a `system` action the platform
    played for `seat` (timeout...); `action` is then the engine action dict. Any other kind
    (e.g. "moderation", written by games.moderation.services) is a note: it takes the next seq and
    moves `state_seq` on, but leaves the engine state unchanged; replays skip it.
    """

    class Kind(models.TextChoices):
        START = "start", _("Start")
        ACTION = "action", _("Action")
        SYSTEM = "system", _("System")

    # The kinds that go through the engine (everything else is a note).
    STATE_KINDS = (Kind.START, Kind.ACTION, Kind.SYSTEM)

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    seat = models.ForeignKey(
        Seat, on_delete=models.PROTECT, null=True, blank=True, related_name="events"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    action = models.JSONField(default=dict)
    reason = models.CharField(max_length=32, blank=True, default="")  # system events
    created_at = models.DateTimeField(auto_now_add=True)

    objects = EventQuerySet.as_manager()

    class Meta:
        ordering = ["game_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq"),
        ]

    def __str__(self):
        return f"{self.game_id}#{self.seq} {self.kind}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise TypeError("Events are append-only: they are never updated.")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError("Events are append-only: they are never deleted.")


class ChatMessage(models.Model):
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="chat_messages")
    seat = models.ForeignKey(
        Seat, on_delete=models.SET_NULL, null=True, blank=True, related_name="chat_messages"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="chat_messages"
    )
    # A private line (games that have them, Intrigue): seen by the sender and this player
    # only (and by moderators, through the admin). None: the whole table.
    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="private_chat_messages",
    )
    # Free text, stored as typed; escaped when rendered (Django autoescape). "" for a phrase.
    text = models.CharField(max_length=CHAT_MAX_LENGTH, blank=True)
    # A phrase of a game whose rules limit the talk (Regicide): its key and parameters,
    # public facts only ({"key": "hand", "n": 6}), worded in each reader's language.
    phrase = models.JSONField(null=True, blank=True)
    hidden = models.BooleanField(default=False)  # moderation
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game_id", "created_at", "id"]
        indexes = [models.Index(fields=["game", "created_at"], name="chat_game_created_idx")]
        constraints = [
            models.CheckConstraint(
                condition=Q(phrase__isnull=False) | ~Q(text=""), name="chat_text_or_phrase"
            )
        ]

    def __str__(self):
        phrase = self.phrase if isinstance(self.phrase, dict) else {}
        said = f"[{phrase.get('key', '?')}]" if self.phrase is not None else self.text[:30]
        return f"{self.user} in {self.game_id}: {said}"


class PlayerRecord(models.Model):
    """A player's record in one game kind, kept up to date as games end and seats are given
    up (`games.table.records`): pages read it instead of counting the event log.

    `finished`/`won`: finished games (a cooperative victory counts for every winner);
    `abandoned`: seats given up (left, dropped to autopilot, resigned; a moderator's kick is
    no abandon); `timeouts`: missed deadlines (one per decision); `medals`: {medal: count} of
    the won games whose result names one (Regicide's gold, silver, bronze)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_records"
    )
    kind = models.CharField(max_length=32)
    finished = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    abandoned = models.PositiveIntegerField(default=0)
    timeouts = models.PositiveIntegerField(default=0)
    medals = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["user_id", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="player_record_unique_kind")
        ]

    def __str__(self):
        return f"{self.user_id} {self.kind}: {self.won}/{self.finished}"


class PlayerTotal(models.Model):
    """A player's record over every game kind: the sums of their `PlayerRecord` rows, kept
    with them (`games.table.records`), so that the query reading a table's seats reads their
    players' records too (`select_related("user__game_total")`). No row: no record yet."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="game_total",
    )
    finished = models.PositiveIntegerField(default=0)
    won = models.PositiveIntegerField(default=0)
    abandoned = models.PositiveIntegerField(default=0)
    timeouts = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"{self.user_id}: {self.won}/{self.finished}"
