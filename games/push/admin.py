"""The moderators' view of the push notifications: the devices and what was sent to them.

Read-only: rows are written by the subscriptions and the sending tasks only; a superuser may
remove a device (its rows go with it), nobody adds or edits one here. A subscription's
endpoint and keys are the device's secrets (whoever holds them can push to it): the admin
shows the push service's host only, never the endpoint's path, the keys or the session's
digest, and scrubs them from the errors it shows. A record shows the notification's title,
body and links, never its one-tap answer (a signed token that answers without logging in).
"""

from __future__ import annotations

from urllib.parse import urlsplit

from django.contrib import admin
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from games.push.models import PushRecord, PushSubscription


def endpoint_host(endpoint: str) -> str:
    return urlsplit(endpoint or "").hostname or "-"


def scrubbed(text: str, subscription) -> str:
    """`text` without the subscription's secrets (an error may quote the endpoint)."""
    text = text or ""
    if subscription is None:
        return text
    path = urlsplit(subscription.endpoint or "").path
    for secret in (subscription.endpoint, path, subscription.p256dh, subscription.auth):
        if secret and len(secret) > 1:
            text = text.replace(secret, "[…]")
    return text


class NoWritesMixin:
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class RecordInline(NoWritesMixin, admin.TabularInline):
    model = PushRecord
    fields = ["created_at", "kind", "game", "status", "attempts", "sent_at"]
    readonly_fields = fields
    ordering = ["-pk"]
    extra = 0
    max_num = 0
    show_change_link = True
    can_delete = False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("game")


@admin.register(PushSubscription)
class PushSubscriptionAdmin(NoWritesMixin, admin.ModelAdmin):
    list_display = ["__str__", "user", "service", "created_at", "last_used_at", "failing"]
    list_filter = ["created_at", "last_used_at"]
    search_fields = ["user__username", "name"]
    list_select_related = ["user"]
    ordering = ["-pk"]
    # Declared field by field: the endpoint, keys and session digest are never shown.
    fields = ["user", "name", "service", "created_at", "last_used_at", "error"]
    readonly_fields = fields
    inlines = [RecordInline]

    def get_deleted_objects(self, objs, request):
        """A device's records go with it (nobody deletes a record alone)."""
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        perms_needed.discard(str(PushRecord._meta.verbose_name))
        return deleted, counts, perms_needed, protected

    @admin.display(description=_("push service"))
    def service(self, obj):
        return endpoint_host(obj.endpoint)

    @admin.display(description=_("failing"), boolean=True)
    def failing(self, obj):
        return bool(obj.last_error)

    @admin.display(description=_("last error"))
    def error(self, obj):
        return scrubbed(obj.last_error, obj)


@admin.register(PushRecord)
class PushRecordAdmin(NoWritesMixin, admin.ModelAdmin):
    """One notification to one device: written by the sending tasks only."""

    list_display = ["pk", "created_at", "user", "kind", "game", "status", "live", "attempts"]
    list_filter = ["status", "kind", "live", "created_at"]
    search_fields = ["user__username", "game__pk"]
    list_select_related = ["user", "game"]
    ordering = ["-pk"]
    date_hierarchy = "created_at"
    fields = [
        "user",
        "device",
        "game",
        "kind",
        "key",
        "status",
        "live",
        "attempts",
        "next_attempt_at",
        "created_at",
        "updated_at",
        "sent_at",
        "error",
        "shown",
    ]
    readonly_fields = fields

    def has_delete_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("subscription")

    @admin.display(description=_("device"))
    def device(self, obj):
        sub = obj.subscription
        return f"{sub.name or '-'} ({endpoint_host(sub.endpoint)})"

    @admin.display(description=_("last error"))
    def error(self, obj):
        return scrubbed(obj.last_error, obj.subscription)

    @admin.display(description=_("what the device showed"))
    def shown(self, obj):
        data = obj.payload if isinstance(obj.payload, dict) else {}
        rows = [
            (label, str(data[key]))
            for key, label in (
                ("title", _("title")),
                ("body", _("text")),
                ("tag", _("tag")),
                ("url", _("link")),
            )
            if data.get(key)
        ]
        if data.get("answer"):
            rows.append((_("one-tap answer"), _("offered (its token is not shown)")))
        if not rows:
            return "-"
        return format_html("<dl>{}</dl>", format_html_join("", "<dt>{}</dt><dd>{}</dd>", rows))
