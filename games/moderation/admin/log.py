"""Seats and events in the admin: read-only, events even for superusers."""

from __future__ import annotations

from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.moderation.timeline import event_public_reason
from games.table.models import Event, Seat

from .common import (
    ReadOnlyMixin,
    _full_action_shown,
    _pretty_json,
    _public_action_html,
    can_see_hidden,
)

# A seat's standing orders and last standing move: what its owner's orders answer may come
# from their hidden cards, so only moderators allowed hidden information see them.
SEAT_HIDDEN_FIELDS = ("standing_orders", "standing_seq")

# --------------------------------------------------------------------------- seats, events


@admin.register(Seat)
class SeatAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["game", "position", "user", "player_id", "status", "to_act", "joined_at"]
    list_filter = ["status", "to_act", "game__kind"]
    search_fields = ["user__username"]
    list_select_related = ["game", "user"]
    raw_id_fields = ["game", "user"]

    def get_exclude(self, request, obj=None):
        exclude = list(super().get_exclude(request, obj) or ())
        if not can_see_hidden(request):
            exclude += SEAT_HIDDEN_FIELDS
        return exclude

    def get_search_results(self, request, queryset, search_term):
        term = search_term.strip().lstrip("#")
        if term.isdigit() and len(term) < 19:
            return queryset.filter(game_id=int(term)), False
        return super().get_search_results(request, queryset, search_term)


@admin.register(Event)
class EventAdmin(ReadOnlyMixin, admin.ModelAdmin):
    """Append-only: no add, change or delete, even for superusers."""

    list_display = ["game", "seq", "kind", "seat", "reason", "created_at"]
    list_filter = ["kind", "reason"]
    list_select_related = ["game", "seat__user"]
    search_fields = ["seat__user__username"]

    def get_fields(self, request, obj=None):
        full = obj is not None and _full_action_shown(request, obj)
        return [
            "game",
            "seq",
            "kind",
            "seat",
            "reason" if can_see_hidden(request) else "public_reason",
            "created_at",
            "full_action" if full else "public_action",
        ]

    # Which moves standing orders played is hidden information (services.paced): without
    # the permission, the reason "standing" is neither shown nor a filter.
    def get_list_display(self, request):
        if can_see_hidden(request):
            return self.list_display
        return [f if f != "reason" else "public_reason" for f in self.list_display]

    def get_list_filter(self, request):
        if can_see_hidden(request):
            return self.list_filter
        return [f for f in self.list_filter if f != "reason"]

    def lookup_allowed(self, lookup, value, request=None):
        if lookup.split("__")[0] == "reason" and (request is None or not can_see_hidden(request)):
            return False
        return super().lookup_allowed(lookup, value, request)

    @admin.display(description=_("reason"))
    def public_reason(self, obj):
        return event_public_reason(obj)

    def get_readonly_fields(self, request, obj=None):
        return self.get_fields(request, obj)

    def get_search_results(self, request, queryset, search_term):
        term = search_term.strip().lstrip("#")
        if term.isdigit() and len(term) < 19:
            return queryset.filter(game_id=int(term)), False
        return super().get_search_results(request, queryset, search_term)

    @admin.display(description=_("action"))
    def full_action(self, obj):
        return format_html("<pre>{}</pre>", _pretty_json(obj.action))

    @admin.display(description=_("action (public part)"))
    def public_action(self, obj):
        return _public_action_html(obj)
