"""Chat messages, reports, the audit list, sanctions and users in the admin."""

from __future__ import annotations

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.core.exceptions import PermissionDenied
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.moderation import services as moderation
from games.moderation.models import ModerationAction, Report, UserSanction
from games.moderation.timeline import (
    report_context,
)
from games.table.descriptors import chat_phrase_text
from games.table.models import ChatMessage, Seat

from .common import (
    ModerationActionForm,
    ReadOnlyMixin,
    _run_each,
)

User = get_user_model()


# --------------------------------------------------------------------------- chat


def message_said(message, kind) -> str:
    """A chat message as the moderator reads it: its free text, or its phrase worded in the
    moderator's language (marked as a phrase)."""
    if message.phrase is None:
        return message.text
    text = chat_phrase_text(kind, message.phrase)
    if text is None:
        return _("(unknown phrase: %(phrase)s)") % {"phrase": message.phrase}
    return _("%(text)s (a phrase of the game)") % {"text": text}


@admin.register(ChatMessage)
class ChatMessageAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["created_at", "game", "user", "recipient", "said", "hidden"]
    list_filter = ["hidden"]
    search_fields = ["text", "user__username"]
    list_select_related = ["game", "user", "recipient"]
    fields = ["game", "user", "seat", "recipient", "created_at", "said", "phrase", "hidden"]
    readonly_fields = fields

    @admin.display(description=_("message"))
    def said(self, obj):
        return message_said(obj, obj.game.kind)

    actions = ["hide_messages", "unhide_messages"]
    action_form = ModerationActionForm

    def has_hide_permission(self, request):
        return request.user.has_perm("games.change_chatmessage")

    @admin.action(description=_("Hide the selected messages (give a reason)"), permissions=["hide"])
    def hide_messages(self, request, queryset):
        reason = request.POST.get("reason", "")
        _run_each(
            self,
            request,
            queryset,
            lambda m: moderation.message_hide(moderator=request.user, message=m, reason=reason),
            _("%(count)d message(s) hidden."),
        )

    @admin.action(
        description=_("Show the selected hidden messages again (give a reason)"),
        permissions=["hide"],
    )
    def unhide_messages(self, request, queryset):
        reason = request.POST.get("reason", "")
        _run_each(
            self,
            request,
            queryset,
            lambda m: moderation.message_hide(
                moderator=request.user, message=m, reason=reason, hidden=False
            ),
            _("%(count)d message(s) shown again."),
        )


# --------------------------------------------------------------------------- reports


class MineFilter(admin.SimpleListFilter):
    title = _("assignee")
    parameter_name = "mine"

    def lookups(self, request, model_admin):
        return [("me", _("assigned to me")), ("nobody", _("nobody"))]

    def queryset(self, request, queryset):
        if self.value() == "me":
            return queryset.filter(assignee=request.user)
        if self.value() == "nobody":
            return queryset.filter(assignee__isnull=True)
        return queryset


@admin.register(Report)
class ReportAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = [
        "id",
        "created",
        "status",
        "category",
        "reporter",
        "reported_user",
        "game",
        "assignee",
    ]
    list_filter = ["status", "category", MineFilter]
    search_fields = ["reporter__username", "reported_user__username", "text"]
    list_select_related = ["reporter", "reported_user", "game", "assignee"]
    actions = ["assign_to_me", "close_reports"]
    action_form = ModerationActionForm
    fields = [
        "status",
        "category",
        "text",
        "reporter",
        "reported_user",
        "game_link",
        "reported_message",
        "created",
        "assignee",
        "decision",
        "closed",
        "context",
    ]
    readonly_fields = fields

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("message__user")

    def has_handle_permission(self, request):
        return request.user.has_perm("moderation.change_report")

    @admin.display(description=_("game"))
    def game_link(self, obj):
        url = reverse("admin:games_game_change", args=[obj.game_id])
        timeline = reverse("admin:games_game_timeline", args=[obj.game_id])
        return format_html(
            '<a href="{}">{}</a> · <a href="{}">{}</a>', url, obj.game, timeline, _("timeline")
        )

    @admin.display(description=_("message"))
    def reported_message(self, obj):
        if not obj.message_id:
            return "—"
        m = obj.message
        return format_html(
            "<blockquote>{}</blockquote><small>{} · {}{}</small>",
            message_said(m, obj.game.kind),
            m.user.get_username(),
            date_format(timezone.localtime(m.created_at), "DATETIME_FORMAT"),
            _(" · hidden") if m.hidden else "",
        )

    @admin.display(description=_("log around it (public)"))
    def context(self, obj):
        return render_to_string(
            "admin/moderation/report/_context.html", {"rows": report_context(obj)}
        )

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        extra_context["can_handle"] = self.has_handle_permission(request)
        return super().change_view(request, object_id, form_url, extra_context)

    def get_urls(self):
        return [
            path(
                "<int:object_id>/handle/",
                self.admin_site.admin_view(self.handle_view),
                name="moderation_report_handle",
            ),
        ] + super().get_urls()

    def handle_view(self, request, object_id):
        """POST from the report page: "assign to me", or close with the decision."""
        report = get_object_or_404(Report, pk=object_id)
        if request.method != "POST" or not self.has_handle_permission(request):
            raise PermissionDenied
        try:
            if request.POST.get("op") == "assign":
                moderation.report_assign(moderator=request.user, report=report)
                self.message_user(request, _("The report is yours."), messages.SUCCESS)
            elif request.POST.get("op") == "close":
                moderation.report_close(
                    moderator=request.user, report=report, decision=request.POST.get("decision")
                )
                self.message_user(request, _("The report is closed."), messages.SUCCESS)
            else:
                self.message_user(request, _("Choose what to do."), messages.ERROR)
        except moderation.ModerationError as exc:
            self.message_user(request, str(exc), messages.ERROR)
        return redirect("admin:moderation_report_change", report.pk)

    @admin.action(description=_("Assign to me"), permissions=["handle"])
    def assign_to_me(self, request, queryset):
        _run_each(
            self,
            request,
            queryset,
            lambda r: moderation.report_assign(moderator=request.user, report=r),
            _("%(count)d report(s) assigned to you."),
        )

    @admin.action(
        description=_("Close the selected reports (write the decision)"), permissions=["handle"]
    )
    def close_reports(self, request, queryset):
        decision = request.POST.get("reason", "")
        _run_each(
            self,
            request,
            queryset,
            lambda r: moderation.report_close(moderator=request.user, report=r, decision=decision),
            _("%(count)d report(s) closed."),
        )


# --------------------------------------------------------------------------- audit


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["created", "moderator", "action", "game", "target_user", "reason"]
    list_filter = ["action"]
    search_fields = ["moderator__username", "target_user__username", "reason"]
    list_select_related = ["moderator", "game", "target_user"]
    fields = ["created", "moderator", "action", "game", "target_user", "reason", "details"]
    readonly_fields = fields
    date_hierarchy = "created"


@admin.register(UserSanction)
class UserSanctionAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ["user", "muted_until", "banned_at", "updated"]
    search_fields = ["user__username"]
    list_select_related = ["user"]
    fields = ["user", "muted_until", "banned_at", "updated"]
    readonly_fields = fields


# --------------------------------------------------------------------------- users


def _registered_user_admin():
    """The user admin registered so far (accounts' one, with the profile), to extend it."""
    try:
        return type(admin.site.get_model_admin(User))
    except admin.sites.NotRegistered:
        return BaseUserAdmin


class UserModerationAdmin(_registered_user_admin()):
    """The user admin plus games played, sanctions and the ban / mute actions."""

    list_display = [
        *[f for f in _registered_user_admin().list_display if f != "is_staff"],
        "is_active",
        "is_staff",
        "games_count",
        "muted_until",
        "date_joined",
    ]
    list_filter = ["is_active", "is_staff", "is_superuser", "groups"]
    actions = ["ban_users", "mute_users", "unmute_users"]
    action_form = ModerationActionForm

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("sanction")
            .annotate(
                _games_count=Coalesce(
                    Subquery(
                        Seat.objects.filter(user=OuterRef("pk"))
                        .order_by()
                        .values("user")
                        .annotate(n=Count("id"))
                        .values("n")
                    ),
                    0,
                )
            )
        )

    @admin.display(description=_("games"), ordering="_games_count")
    def games_count(self, obj):
        return obj._games_count

    @admin.display(description=_("muted until"))
    def muted_until(self, obj):
        sanction = getattr(obj, "sanction", None)
        return sanction.muted_until if sanction and sanction.is_muted() else None

    def has_ban_permission(self, request):
        return request.user.has_perm("moderation.ban_user")

    def has_mute_permission(self, request):
        return request.user.has_perm("moderation.mute_user")

    @admin.action(
        description=_("Ban the selected users (their running games go on with autopilot)"),
        permissions=["ban"],
    )
    def ban_users(self, request, queryset):
        reason = request.POST.get("reason", "")
        _run_each(
            self,
            request,
            queryset,
            lambda u: moderation.user_ban(moderator=request.user, user=u, reason=reason),
            _("%(count)d user(s) banned."),
        )

    @admin.action(
        description=_("Mute the selected users' chat (hours, reason)"), permissions=["mute"]
    )
    def mute_users(self, request, queryset):
        reason, hours = request.POST.get("reason", ""), request.POST.get("hours", "")
        _run_each(
            self,
            request,
            queryset,
            lambda u: moderation.user_mute(
                moderator=request.user, user=u, hours=hours, reason=reason
            ),
            _("%(count)d user(s) muted."),
        )

    @admin.action(description=_("Lift the chat mute of the selected users"), permissions=["mute"])
    def unmute_users(self, request, queryset):
        reason = request.POST.get("reason", "")
        _run_each(
            self,
            request,
            queryset,
            lambda u: moderation.user_unmute(moderator=request.user, user=u, reason=reason),
            _("%(count)d mute(s) lifted."),
        )


if admin.site.is_registered(User):
    admin.site.unregister(User)
admin.site.register(User, UserModerationAdmin)
