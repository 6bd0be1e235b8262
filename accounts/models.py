"""A player's profile: how they are named, their language and time zone, what mail they want,
and whether they are away (the deadlines honour ``away_until``)."""

import zoneinfo
from functools import cache

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


@cache
def timezone_names():
    """Every IANA time zone name this machine knows, sorted."""
    return sorted(zoneinfo.available_timezones() - {"localtime", "Factory"})


def validate_timezone(value):
    if value not in timezone_names():
        raise ValidationError(_("Unknown time zone: %(name)s"), params={"name": value})


#: The standing orders a player may set (per game, and here as the default of new games).
#: The slugs are the engines' (`Engine.standing_orders`); a game keeps those its engine has.
STANDING_ORDER_CHOICES = [
    ("pass_untargeted", _("Pass on claims and blocks that do not target me")),
    ("never_challenge", _("Never challenge")),
    (
        "block_foreign_aid",
        _("Block Foreign Aid when I hold a card that blocks it (the Duchesse), else pass"),
    ),
    ("pass_until_turn", _("Pass everything until my turn")),
]
STANDING_ORDER_SLUGS = tuple(slug for slug, _label in STANDING_ORDER_CHOICES)


def validate_standing_orders(value):
    if not isinstance(value, list) or any(v not in STANDING_ORDER_SLUGS for v in value):
        raise ValidationError(_("Unknown standing order."))


class Profile(models.Model):
    LANGUAGE_AUTO = ""
    LANGUAGE_CHOICES = [
        (LANGUAGE_AUTO, _("The browser's language")),
        ("en", "English"),
        ("fr", "Français"),
    ]

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    display_name = models.CharField(
        _("display name"),
        max_length=40,
        blank=True,
        help_text=_("The name other players see. Empty: your username."),
    )
    language = models.CharField(
        _("language"), max_length=8, choices=LANGUAGE_CHOICES, blank=True, default=""
    )
    timezone = models.CharField(
        _("time zone"), max_length=64, default="UTC", validators=[validate_timezone]
    )
    email_on_turn = models.BooleanField(_("email me when it is my turn"), default=True)
    email_reminder = models.BooleanField(_("remind me before a deadline"), default=True)
    email_digest = models.BooleanField(
        _("one daily digest instead of a mail per turn"), default=False
    )
    away_until = models.DateTimeField(
        _("away until"),
        null=True,
        blank=True,
        help_text=_("While you are away, your deadlines are extended. Empty: not away."),
    )
    standing_orders = models.JSONField(
        _("standing orders"),
        default=list,
        blank=True,
        validators=[validate_standing_orders],
        help_text=_("What new games answer for you without asking (you may change it per game)."),
    )

    class Meta:
        verbose_name = _("profile")
        verbose_name_plural = _("profiles")

    def __str__(self):
        return self.name

    @property
    def name(self):
        return self.display_name.strip() or self.user.get_username()

    def is_away(self, now):
        """True while ``now`` (an aware datetime) is before the end of the away period."""
        return self.away_until is not None and now < self.away_until

    @property
    def zone(self):
        return zoneinfo.ZoneInfo(self.timezone)


def profile_for(user):
    """The user's profile, created on the spot for users that predate the signal."""
    try:
        return user.profile
    except Profile.DoesNotExist:
        profile, _created = Profile.objects.get_or_create(user=user)
        user.profile = profile
        return profile


def display_name(user):
    """The name to show for ``user``: the profile's display name, else the username."""
    if user is None or not getattr(user, "pk", None):
        return ""
    return profile_for(user).name


def preference(user, name: str, default):
    """One of ``user``'s profile settings (``away_until``, ``language``...), ``default`` when
    the user has no profile (it is not created here: a read must not write)."""
    try:
        profile = user.profile
    except (ObjectDoesNotExist, AttributeError):
        return default
    return getattr(profile, name, default)
