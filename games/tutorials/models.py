"""A learner's tutorials: the runs (one game each), the completions, the first offer."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class TutorialRun(models.Model):
    """One try at a tutorial: its game (a ``Game.tutorial``) and the step the learner is at.
    A new try of the same tutorial closes the previous one (its game stays, in the log,
    hidden from the lists)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tutorial_runs"
    )
    slug = models.CharField(_("tutorial"), max_length=32)
    game = models.OneToOneField("games.Game", on_delete=models.PROTECT, related_name="tutorial_run")
    step = models.PositiveSmallIntegerField(default=0)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    closed = models.BooleanField(default=False)  # finished, or replaced by a new try

    class Meta:
        ordering = ["-started_at", "-id"]
        indexes = [models.Index(fields=["user", "slug", "closed"], name="tutorial_run_open")]

    def __str__(self):
        return f"tutorial {self.slug} of user {self.user_id} (step {self.step})"


class TutorialCompletion(models.Model):
    """A tutorial finished by a player (kept when its games are long hidden)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tutorials_done"
    )
    slug = models.CharField(_("tutorial"), max_length=32)
    completed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["completed_at", "id"]
        constraints = [models.UniqueConstraint(fields=["user", "slug"], name="tutorial_done_once")]

    def __str__(self):
        return f"{self.slug} done by user {self.user_id}"


class TutorialOffer(models.Model):
    """The tutorial offered to a new account: the one of the first game it opened. Shown on
    the game pages until it is started or dismissed."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="tutorial_offer",
        primary_key=True,
    )
    slug = models.CharField(max_length=32, blank=True)  # "" until a game page is opened
    answered = models.BooleanField(default=False)  # started or dismissed
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"tutorial offer {self.slug or '-'} to user {self.user_id}"
