"""List filters of the games in the admin: stale since, reported."""

from __future__ import annotations

import datetime as dt

from django.contrib import admin
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.moderation.models import Report
from games.table.models import Event, Game


class StaleSinceFilter(admin.SimpleListFilter):
    title = _("stale since")
    parameter_name = "stale"

    def lookups(self, request, model_admin):
        return [
            (str(days), _("no event for %(days)d days") % {"days": days})
            for days in (1, 3, 7, 14, 30)
        ]

    def queryset(self, request, queryset):
        if not (self.value() or "").isdigit():
            return queryset
        since = timezone.now() - dt.timedelta(days=int(self.value()))
        recent = Event.objects.filter(game=OuterRef("pk"), created_at__gte=since)
        return queryset.filter(status=Game.Status.RUNNING).exclude(Exists(recent))


class ReportedFilter(admin.SimpleListFilter):
    title = _("reported")
    parameter_name = "reported"

    def lookups(self, request, model_admin):
        return [("open", _("has open reports")), ("any", _("ever reported"))]

    def queryset(self, request, queryset):
        unresolved = (Report.Status.OPEN, Report.Status.ASSIGNED)
        if self.value() == "open":
            return queryset.filter(
                Exists(Report.objects.filter(game=OuterRef("pk"), status__in=unresolved))
            )
        if self.value() == "any":
            return queryset.filter(Exists(Report.objects.filter(game=OuterRef("pk"))))
        return queryset
