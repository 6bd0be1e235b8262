import zoneinfo

from django import forms
from django.contrib.auth import get_user_model
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .models import STANDING_ORDER_CHOICES, Profile, timezone_names
from .names import validate_name


class ProfileForm(forms.ModelForm):
    timezone = forms.ChoiceField(label=_("Time zone"), choices=())
    away_until = forms.DateTimeField(
        label=_("Away until"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%Y-%m-%d"],
        help_text=_(
            "In your time zone. While you are away your deadlines are extended. Empty: not away."
        ),
    )
    standing_orders = forms.MultipleChoiceField(
        label=_("Standing orders of new games"),
        choices=STANDING_ORDER_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_(
            "Played for you as your own move the moment you could answer; nobody else sees "
            "them. Each game's page lets you change them for that game."
        ),
    )

    class Meta:
        model = Profile
        fields = [
            "display_name",
            "language",
            "timezone",
            "email_on_turn",
            "email_reminder",
            "email_digest",
            "away_until",
            "standing_orders",
        ]
        labels = {
            "display_name": _("Display name"),
            "language": _("Language"),
            "email_on_turn": _("Email me when it is my turn"),
            "email_reminder": _("Remind me by email before a deadline"),
            "email_digest": _("Send one daily digest instead of a mail per turn"),
        }

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("label_suffix", "")
        super().__init__(*args, **kwargs)
        self.fields["timezone"].choices = [(name, name) for name in timezone_names()]

    def clean_display_name(self):
        name = " ".join(self.cleaned_data["display_name"].split())
        if not name:
            return ""
        user = self.instance.user
        User = get_user_model()
        taken = (
            Profile.objects.filter(display_name__iexact=name).exclude(user=user).exists()
            or User.objects.filter(Q(username__iexact=name)).exclude(pk=user.pk).exists()
        )
        if taken:
            raise forms.ValidationError(_("Another player already uses this name."))
        if name != self.instance.display_name:  # a name kept as it was stays allowed
            validate_name(name, user_id=user.pk)
        return name

    def clean(self):
        cleaned = super().clean()
        away_until = cleaned.get("away_until")
        zone_name = cleaned.get("timezone")
        if away_until is not None and zone_name:
            # The date was typed in the time zone chosen on this same form.
            naive = timezone.make_naive(away_until, timezone.get_current_timezone())
            away_until = timezone.make_aware(naive, zoneinfo.ZoneInfo(zone_name))
            cleaned["away_until"] = away_until
        if away_until is not None and away_until <= timezone.now():
            self.add_error("away_until", _("The end of your absence must be in the future."))
        return cleaned
