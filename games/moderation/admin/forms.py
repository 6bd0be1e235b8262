"""The form of a game's moderation page: the decision (abort, kick, extend a deadline) and
its reason."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from games.moderation import services as moderation
from games.table.models import Seat


class GameModerationForm(forms.Form):
    ACTIONS = [
        ("abort", _("Abort the game (no result)")),
        ("kick_autopilot", _("Kick a player: autopilot plays their default actions")),
        ("kick_out", _("Kick a player out of the game")),
        ("extend_deadline", _("Extend the current deadline")),
        ("rating_void", _("Void the game's rating effect (cheating, collusion)")),
    ]
    action = forms.ChoiceField(label=_("Action"), choices=ACTIONS)
    seat = forms.ModelChoiceField(label=_("Player"), queryset=Seat.objects.none(), required=False)
    hours = forms.IntegerField(
        label=_("Hours"), required=False, min_value=1, max_value=moderation.MAX_EXTENSION_HOURS
    )
    reason = forms.CharField(
        label=_("Reason"),
        widget=forms.Textarea(attrs={"rows": 3, "cols": 60}),
        max_length=moderation.REASON_MAX_LENGTH,
    )

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].queryset = game.seats.select_related("user").filter(
            status__in=moderation.ACTIVE_SEAT_STATUSES
        )
        self.fields["seat"].label_from_instance = lambda seat: (
            f"{seat.user.get_username()} ({seat.player_id}, {seat.get_status_display()})"
        )

    def clean(self):
        data = super().clean()
        action = data.get("action")
        if action in ("kick_autopilot", "kick_out") and not data.get("seat"):
            self.add_error("seat", _("Choose the player to kick."))
        if action == "extend_deadline" and not data.get("hours"):
            self.add_error("hours", _("Give the number of hours."))
        return data
