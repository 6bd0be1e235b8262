"""Read-only admin registration (moderation comes with a later issue)."""

import json

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from games.models import ChatMessage, Event, Game, Seat


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "user", "player_id", "status", "to_act"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["id", "kind", "status", "visibility", "host", "state_seq", "created_at"]
    list_filter = ["kind", "status", "visibility", "time_mode"]
    search_fields = ["id", "host__username"]
    # The seed and invitation token stay out of the admin pages.
    exclude = ["seed", "invitation_token"]
    inlines = [SeatInline]


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["game", "seq", "kind", "seat", "reason", "created_at"]
    list_filter = ["kind"]
    search_fields = ["game__id"]
    list_select_related = ["seat", "game"]
    fields = ["game", "seq", "kind", "seat", "reason", "created_at", "shown_action"]
    readonly_fields = fields

    @admin.display(description=_("action"))
    def shown_action(self, obj):
        """An action may reveal hidden cards (an exchange): shown once the game is over."""
        if obj.game.seed_revealed:
            return json.dumps(obj.action, ensure_ascii=False)
        return _("(hidden until the game is over)")


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyAdmin):
    list_display = ["game", "user", "text", "hidden", "created_at"]
    list_filter = ["hidden"]
    search_fields = ["text", "user__username"]
