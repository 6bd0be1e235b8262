"""The moderators' view of push devices and notifications: what went out, to which device,
and why one was skipped or failed (endpoints and keys are not shown)."""

from django.contrib import admin

from games.push.models import PushRecord, PushSubscription


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "created_at", "last_used_at", "last_error")
    search_fields = ("user__username", "name")
    fields = ("user", "name", "created_at", "last_used_at", "last_error")
    readonly_fields = fields

    def has_add_permission(self, request):
        return False


@admin.register(PushRecord)
class PushRecordAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "kind", "status", "attempts", "created_at", "sent_at")
    list_filter = ("kind", "status", "live")
    search_fields = ("user__username", "key")
    fields = (
        "user",
        "game",
        "kind",
        "key",
        "status",
        "live",
        "attempts",
        "next_attempt_at",
        "last_error",
        "created_at",
        "sent_at",
    )
    readonly_fields = fields

    def has_add_permission(self, request):
        return False
