"""Forms of the games pages: creating a table (game, seats, characters, extensions, time)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from games.table.descriptors import bot_level_label, descriptor_for, descriptors, game_label
from games.table.models import MAX_SEATS, Game, TimeControl
from games.table.services import GameError, seat_range

__all__ = ["GameCreateForm", "bot_level_label", "game_label"]


class GameCreateForm(forms.Form):
    """The table's settings: the fields every game shares, then each game's own
    (`GameDescriptor.form_fields`, shown for that game only by games/js/lobby.js)."""

    kind = forms.ChoiceField(label=_("Game"))
    max_seats = forms.TypedChoiceField(
        label=_("Seats"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, MAX_SEATS + 1)],
        initial=4,
        help_text=_(
            "The game starts when every seat is taken (if you tick the box below), or when "
            "you start it with at least two players."
        ),
    )
    visibility = forms.ChoiceField(
        label=_("Visibility"),
        choices=[
            (Game.Visibility.PUBLIC, _("Public: listed in the lobby, anyone may watch")),
            (Game.Visibility.PRIVATE, _("Private: only with the invitation link")),
        ],
        initial=Game.Visibility.PUBLIC,
        widget=forms.RadioSelect,
    )
    time_control = forms.ChoiceField(
        label=_("Time control"),
        initial=TimeControl.DEFAULT,
        help_text=_(
            "Live: 20 seconds to answer a claim, 2 minutes for a turn. Correspondence: 12 "
            "hours to answer, days for a turn."
        ),
    )
    auto_start = forms.BooleanField(
        label=_("Start as soon as every seat is taken"), required=False, initial=True
    )
    rated = forms.BooleanField(
        label=_("Rated"),
        required=False,
        initial=True,
        help_text=_(
            "The game counts for the players' ratings. Only public tables of people are "
            "rated: never a private table, nor a game with a bot."
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        games = descriptors()
        self.fields["kind"].choices = [(d.slug, d.label) for d in games]
        default = next((d.slug for d in games if d.default_choice), None)
        if default is not None:
            self.fields["kind"].initial = default
        self.fields["time_control"].choices = TimeControl.choices()
        # The games with a one-player setup (their descriptor's `solo`): the solo hint.
        self.solo_games = " ".join(d.slug for d in games if d.solo)
        # field name -> the games that use it; fields a game groups apart (fieldsets)
        self.game_fields: dict[str, list[str]] = {}
        self.grouped: set[str] = set()
        self._fieldsets = []
        own = {}
        for descriptor in games:
            for name, field in descriptor.form_fields().items():
                own.setdefault(name, field)
                self.game_fields.setdefault(name, []).append(descriptor.slug)
            for fieldset in descriptor.form_fieldsets():
                self.grouped.update(fieldset["fields"])
                self._fieldsets.append((descriptor.slug, fieldset))
        # Rated: shown for the games that have a rating pool (`GameDescriptor.rating_pools`).
        self.game_fields["rated"] = [d.slug for d in games if d.rating_pools()]
        # The games' own fields come after the choice of game and seats.
        common = list(self.fields.items())
        self.fields = dict(common[:2] + list(own.items()) + common[2:])

    @property
    def rows(self):
        """The fields shown as rows, each with the games it applies to ("": all)."""
        return [
            {"field": field, "games": " ".join(self.game_fields.get(field.name, ()))}
            for field in self.visible_fields()
            if field.name not in self.grouped
        ]

    @property
    def fieldsets(self):
        """The games' groups of fields: legend, css class, games, bound fields."""
        return [
            {
                "legend": fieldset["legend"],
                "css": fieldset.get("css", ""),
                "games": slug,
                "fields": [self[name] for name in fieldset["fields"]],
            }
            for slug, fieldset in self._fieldsets
        ]

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
        if kind:
            descriptor_for(kind).clean_form(self, data)
        return data

    seat_minimum = 2

    def is_rated(self) -> bool:
        """The host ticked "rated", the game has ratings and the table is public."""
        data = self.cleaned_data
        return bool(
            data.get("rated")
            and data.get("visibility") == Game.Visibility.PUBLIC
            and descriptor_for(data["kind"]).rating_pools()
        )

    def game_options(self):
        """The engine options of the cleaned form (its game's own fields only)."""
        data = self.cleaned_data
        return descriptor_for(data["kind"]).options_from(data)
