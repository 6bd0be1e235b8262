"""The games in the admin: list, filters, change page, timeline and moderation page."""

from __future__ import annotations

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import Count, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.moderation import services as moderation
from games.moderation.models import Report
from games.moderation.timeline import (
    event_public_reason,
    game_snapshot,
    game_timeline,
)
from games.table.models import Event, Game, Seat

from .common import (
    ModerationActionForm,
    _pretty_json,
    _public_action_html,
    _run_each,
    can_see_hidden,
    short_time,
)
from .filters import ReportedFilter, StaleSinceFilter
from .forms import GameModerationForm

# --------------------------------------------------------------------------- games


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = ["position", "user", "player_id", "status", "to_act", "joined_at"]
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


class EventInline(admin.TabularInline):
    """The game's log, read-only for everyone (superusers included)."""

    model = Event
    extra = 0
    can_delete = False
    ordering = ["seq"]

    def get_fields(self, request, obj=None):
        full = can_see_hidden(request) or (obj is not None and obj.seed_revealed)
        return [
            "seq",
            "created_at",
            "kind",
            "seat",
            "reason" if can_see_hidden(request) else "public_reason",
            "full_action" if full else "public_action",
        ]

    def get_readonly_fields(self, request, obj=None):
        return self.get_fields(request, obj)

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("seat__user")

    # Two fields rather than one that looks at the request: a ModelAdmin is shared by all
    # requests, so the choice is made per request in get_fields.
    @admin.display(description=_("action"))
    def full_action(self, obj):
        return format_html("<pre>{}</pre>", _pretty_json(obj.action))

    @admin.display(description=_("action (public part)"))
    def public_action(self, obj):
        return _public_action_html(obj)

    @admin.display(description=_("reason"))
    def public_reason(self, obj):
        return event_public_reason(obj)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "kind",
        "status",
        "host",
        "player_names",
        "created_short",
        "last_event_at",
        "deadline_short",
        "open_reports",
    ]
    list_filter = ["kind", "status", StaleSinceFilter, ReportedFilter]

    class Media:
        css = {"all": ("moderation/admin.css",)}

    search_fields = ["seats__user__username"]
    search_help_text = _("A game number, or a player's username.")
    date_hierarchy = "created_at"
    inlines = [SeatInline, EventInline]
    actions = ["abort_games", "extend_deadlines"]
    action_form = ModerationActionForm
    list_per_page = 50

    PUBLIC_FIELDS = [
        "kind",
        "status",
        "host",
        "visibility",
        "min_seats",
        "max_seats",
        "time_control",
        "time_mode",
        "window_seconds",
        "turn_seconds",
        "deadline_at",
        "created_at",
        "started_at",
        "finished_at",
        "state_seq",
        "revision",
        "commitment",
        "result",
    ]
    HIDDEN_FIELDS = ["options", "seed", "invitation_token", "state"]

    def get_queryset(self, request):
        # Correlated subqueries, not joins: computed for the page's rows only.
        unresolved = (Report.Status.OPEN, Report.Status.ASSIGNED)
        last_event = Event.objects.filter(game=OuterRef("pk")).order_by("-seq")
        open_reports = (
            Report.objects.filter(game=OuterRef("pk"), status__in=unresolved)
            .order_by()
            .values("game")
            .annotate(n=Count("id"))
            .values("n")
        )
        return (
            super()
            .get_queryset(request)
            .select_related("host")
            .prefetch_related("seats__user")
            .annotate(
                _last_event_at=Subquery(last_event.values("created_at")[:1]),
                _open_reports=Coalesce(Subquery(open_reports), 0),
            )
        )

    def get_search_results(self, request, queryset, search_term):
        term = search_term.strip().lstrip("#")
        if term.isdigit() and len(term) < 19:
            return queryset.filter(pk=int(term)), False
        return super().get_search_results(request, queryset, search_term)

    def get_fields(self, request, obj=None):
        hidden = can_see_hidden(request)
        fields = list(self.PUBLIC_FIELDS) + ["table_full" if hidden else "table_public"]
        if obj is not None and (obj.seed_revealed or can_see_hidden(request)):
            fields.append("revealed_seed_display")
        if can_see_hidden(request):
            fields += ["options_display", "invitation_token", "state_display"]
        else:
            fields.append("public_options_display")
        return fields

    def get_readonly_fields(self, request, obj=None):
        return self.get_fields(request, obj)

    def has_add_permission(self, request):
        return False  # games are created from the lobby (games.table.services)

    def has_change_permission(self, request, obj=None):
        return False  # never edited by form: moderator actions go through the services

    def has_delete_permission(self, request, obj=None):
        return False  # the log is kept

    def has_moderate_permission(self, request):
        return request.user.has_perm("moderation.moderate_game")

    # ---- columns

    @admin.display(description=_("players"))
    def player_names(self, obj):
        return ", ".join(s.user.get_username() for s in obj.seats.all())

    # The list's times in the short format: the last columns fit a laptop's width.
    @admin.display(description=_("created"), ordering="created_at")
    def created_short(self, obj):
        return short_time(obj.created_at)

    @admin.display(description=_("last event"), ordering="_last_event_at")
    def last_event_at(self, obj):
        return short_time(obj._last_event_at)

    @admin.display(description=_("deadline"), ordering="deadline_at")
    def deadline_short(self, obj):
        # Only a running game waits for anyone: a finished or aborted game keeps the last
        # deadline it had in its row, which would read as a pending one.
        return short_time(obj.deadline_at if obj.status == Game.Status.RUNNING else None)

    @admin.display(description=_("open reports"), ordering="_open_reports")
    def open_reports(self, obj):
        return obj._open_reports

    # ---- change page fields

    @admin.display(description=_("table (spectator view)"))
    def table_public(self, obj):
        return render_to_string(
            "admin/games/game/_table.html", {"snapshot": game_snapshot(obj, hidden=False)}
        )

    @admin.display(description=_("table (every card)"))
    def table_full(self, obj):
        return render_to_string(
            "admin/games/game/_table.html", {"snapshot": game_snapshot(obj, hidden=True)}
        )

    @admin.display(description=_("seed"))
    def revealed_seed_display(self, obj):
        return obj.seed

    @admin.display(description=_("options"))
    def options_display(self, obj):
        return format_html("<pre>{}</pre>", _pretty_json(obj.options))

    @admin.display(description=_("options"))
    def public_options_display(self, obj):
        """The options without `setup` (a rigged deal names hidden cards)."""
        options = obj.options if isinstance(obj.options, dict) else {}
        return format_html(
            "<pre>{}</pre>", _pretty_json({k: v for k, v in options.items() if k != "setup"})
        )

    @admin.display(description=_("cached state"))
    def state_display(self, obj):
        return format_html('<pre class="state">{}</pre>', _pretty_json(obj.state))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        extra_context = dict(extra_context or {})
        extra_context["can_moderate"] = self.has_moderate_permission(request)
        return super().change_view(request, object_id, form_url, extra_context)

    # ---- custom pages

    def get_urls(self):
        info = self.opts.app_label, self.opts.model_name
        return [
            path(
                "<int:object_id>/timeline/",
                self.admin_site.admin_view(self.timeline_view),
                name="{}_{}_timeline".format(*info),
            ),
            path(
                "<int:object_id>/moderate/",
                self.admin_site.admin_view(self.moderate_view),
                name="{}_{}_moderate".format(*info),
            ),
        ] + super().get_urls()

    def timeline_view(self, request, object_id):
        game = get_object_or_404(Game, pk=object_id)
        if not self.has_view_permission(request, game):
            raise PermissionDenied
        hidden = can_see_hidden(request)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": game,
            "title": _("Timeline of game #%(id)d") % {"id": game.pk},
            "timeline": game_timeline(
                game,
                hidden=hidden or game.seed_revealed,
                lang=request.LANGUAGE_CODE,
                standing=hidden,
            ),
            "snapshot": game_snapshot(game, hidden=hidden),
            "can_see_hidden": hidden,
            "seed": game.seed if (hidden or game.seed_revealed) else None,
            "state_json": _pretty_json(game.state) if hidden else None,
        }
        return TemplateResponse(request, "admin/games/game/timeline.html", context)

    def moderate_view(self, request, object_id):
        game = get_object_or_404(Game, pk=object_id)
        if not self.has_moderate_permission(request):
            raise PermissionDenied
        form = GameModerationForm(request.POST or None, game=game)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                self._moderate(request, game, data)
            except moderation.ModerationError as exc:
                form.add_error(None, str(exc))
            else:
                self.message_user(request, _("Done: it is recorded in the game's log."))
                return redirect("admin:games_game_change", game.pk)
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": game,
            "title": _("Moderate game #%(id)d") % {"id": game.pk},
            "form": form,
        }
        return TemplateResponse(request, "admin/games/game/moderate.html", context)

    def _moderate(self, request, game, data):
        action, reason, user = data["action"], data["reason"], request.user
        if action == "abort":
            moderation.game_abort(moderator=user, game=game, reason=reason)
        elif action == "rating_void":
            moderation.game_rating_void(moderator=user, game=game, reason=reason)
        elif action == "extend_deadline":
            moderation.game_deadline_extend(
                moderator=user, game=game, hours=data["hours"], reason=reason
            )
        else:
            mode = "autopilot" if action == "kick_autopilot" else "out"
            moderation.seat_kick(moderator=user, seat=data["seat"], mode=mode, reason=reason)

    # ---- changelist actions

    @admin.action(
        description=_("Abort the selected games (give a reason)"), permissions=["moderate"]
    )
    def abort_games(self, request, queryset):
        reason = request.POST.get("reason", "")
        _run_each(
            self,
            request,
            queryset,
            lambda game: moderation.game_abort(moderator=request.user, game=game, reason=reason),
            _("%(count)d game(s) aborted."),
        )

    @admin.action(
        description=_("Extend the deadlines of the selected games (hours, reason)"),
        permissions=["moderate"],
    )
    def extend_deadlines(self, request, queryset):
        reason, hours = request.POST.get("reason", ""), request.POST.get("hours", "")
        _run_each(
            self,
            request,
            queryset,
            lambda game: moderation.game_deadline_extend(
                moderator=request.user, game=game, hours=hours, reason=reason
            ),
            _("%(count)d deadline(s) extended."),
        )
