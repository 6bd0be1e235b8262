"""The ratings in the moderators' room: read-only lists (a rating changes only through the
games, a void or the rebuild; a void is a moderation decision on the game's page)."""

from django.contrib import admin

from .models import RatedGame, Rating, RatingChange


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnly):
    list_display = ("user", "pool", "ordinal", "games", "last_game_at")
    list_filter = ("pool",)
    search_fields = ("user__username",)
    list_select_related = ("user",)


class ChangeInline(admin.TabularInline):
    model = RatingChange
    fields = ("user", "player_id", "rank", "ordinal_before", "ordinal", "games")
    readonly_fields = fields
    can_delete = False
    extra = 0

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(RatedGame)
class RatedGameAdmin(ReadOnly):
    list_display = ("seq", "game", "pool", "ended_at", "voided")
    list_filter = ("pool", "voided")
    search_fields = ("game__id",)
    inlines = [ChangeInline]
