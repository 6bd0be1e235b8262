"""Forms of the games pages: creating a table (game, seats, characters, extensions, time)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.engines import available_engines
from games.table.models import MAX_SEATS, Game, TimeControl
from games.table.presenters.complots.cards import BASE_CHARACTERS, CHARACTERS_BY_CLAN, CLANS
from games.table.services import GameError, seat_range

GAME_LABELS = {"complots": _("Complots"), "regicide": _("Regicide"), "intrigue": _("Intrigue")}

# The fields only some games use, by field name (the clans' fields go with "characters"):
# the lobby shows them for those games only (games/js/lobby.js), the others ignore them.
GAME_FIELDS = {
    "characters": ("complots",),
    "saint_barthelemy": ("complots",),
    "tyrannie": ("complots",),
}


BOT_LEVEL_LABELS = {
    "novice": _("Novice"),
    "honest": _("Honest"),
    "bluffer": _("Bluffer"),
    "standard": _("Standard"),
}


def game_label(kind):
    return GAME_LABELS.get(kind, kind.capitalize())


def bot_level_label(level):
    """The translated name of a bot level (`games.bots.available_levels`)."""
    return BOT_LEVEL_LABELS.get(level, str(level).capitalize())


class GameCreateForm(forms.Form):
    CHARACTERS_BASE = "base"
    CHARACTERS_CHOSEN = "chosen"
    CHARACTERS_RANDOM = "random"

    kind = forms.ChoiceField(label=_("Game"))
    max_seats = forms.TypedChoiceField(
        label=_("Seats"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, MAX_SEATS + 1)],
        initial=4,
        help_text=_(
            "One seat: a solo game, started at once. Otherwise the game starts when every "
            "seat is taken (if you tick the box below), or when you start it with at least "
            "two players."
        ),
    )
    characters = forms.ChoiceField(
        label=_("Characters"),
        choices=[
            (
                CHARACTERS_BASE,
                _("Base game (Duchesse, Assassin, Comtesse, Capitaine, Ambassadeur)"),
            ),
            (CHARACTERS_CHOSEN, _("Chosen: one per clan, below")),
            (CHARACTERS_RANDOM, _("Random: one per clan, drawn at the start")),
        ],
        initial=CHARACTERS_BASE,
        required=False,  # not posted for the other games (the lobby's script disables it)
    )
    saint_barthelemy = forms.BooleanField(label=_("Saint-Barthélemy extension"), required=False)
    tyrannie = forms.BooleanField(label=_("Tyrannie extension"), required=False)
    visibility = forms.ChoiceField(
        label=_("Visibility"),
        choices=[
            (Game.Visibility.PUBLIC, _("Public: listed in the lobby, anyone may watch")),
            (Game.Visibility.PRIVATE, _("Private: only with the invitation link")),
        ],
        initial=Game.Visibility.PUBLIC,
        widget=forms.RadioSelect,
    )
    time_control = forms.ChoiceField(label=_("Time control"), initial=TimeControl.DEFAULT)
    auto_start = forms.BooleanField(
        label=_("Start as soon as every seat is taken"), required=False, initial=True
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(k, game_label(k)) for k in available_engines()]
        if "complots" in available_engines():
            self.fields["kind"].initial = "complots"
        self.fields["time_control"].choices = TimeControl.choices()
        for clan in CLANS:
            choices = [(c.slug, c.name) for c in CHARACTERS_BY_CLAN[clan.slug]]
            initial = next(
                c.slug for c in CHARACTERS_BY_CLAN[clan.slug] if c.slug in BASE_CHARACTERS
            )
            self.fields[f"clan_{clan.slug}"] = forms.ChoiceField(
                label=clan.name, choices=choices, initial=initial, required=False
            )

    @property
    def rows(self):
        """The fields before the clans' ones, each with the games it applies to ("": all)."""
        return [
            {"field": field, "games": " ".join(GAME_FIELDS.get(field.name, ()))}
            for field in self.visible_fields()
            if field.name not in self.clan_field_names
        ]

    clan_games = " ".join(GAME_FIELDS["characters"])

    @property
    def seat_ranges(self):
        """Per game offered: how many players it takes (the engine's own range)."""
        ranges = []
        for kind, label in self.fields["kind"].choices:
            try:
                low, high = seat_range(kind)
            except GameError:
                continue
            ranges.append({"kind": kind, "label": label, "min": low, "max": high})
        return ranges

    @property
    def clan_field_names(self):
        return [f"clan_{clan.slug}" for clan in CLANS]

    @property
    def clan_fields(self):
        return [self[name] for name in self.clan_field_names]

    def clean(self):
        data = super().clean()
        kind, seats = data.get("kind"), data.get("max_seats")
        if kind and seats:
            try:
                low, high = seat_range(kind)
            except GameError as error:
                self.add_error("kind", error)
            else:
                if not low <= seats <= high:
                    self.add_error(
                        "max_seats",
                        _("%(game)s is played by %(min)d to %(max)d players.")
                        % {"game": game_label(kind), "min": low, "max": high},
                    )
                self.seat_minimum = max(low, min(2, seats))
        if data.get("kind") == "complots" and data.get("characters") == self.CHARACTERS_CHOSEN:
            for clan in CLANS:
                if not data.get(f"clan_{clan.slug}"):
                    self.add_error(f"clan_{clan.slug}", _("Choose a character of this clan."))
        return data

    seat_minimum = 2

    def game_options(self):
        """The engine options of the cleaned form."""
        data = self.cleaned_data
        if data["kind"] != "complots":
            return {}
        options = {}
        if data["characters"] == self.CHARACTERS_RANDOM:
            options["characters"] = "random"
        elif data["characters"] == self.CHARACTERS_CHOSEN:
            options["characters"] = [data[f"clan_{clan.slug}"] for clan in CLANS]
        if data.get("saint_barthelemy"):
            options["saint_barthelemy"] = True
        if data.get("tyrannie"):
            options["tyrannie"] = True
        return options


class ChatForm(forms.Form):
    text = forms.CharField(max_length=500, strip=True)
