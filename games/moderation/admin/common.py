"""Helpers shared by the moderation admin pages."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.contrib.admin.helpers import ActionForm
from django.contrib.auth.models import Permission
from django.db.models import Q
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.moderation import services as moderation
from games.moderation.timeline import (
    HIDDEN_PERMISSION,
    event_public_action,
)


def can_see_hidden(request) -> bool:
    """Granted explicitly (to the user or one of their groups) — superusers included: being
    a superuser alone does not show the players' hidden cards."""
    user = request.user
    if not (user.is_active and user.is_staff):
        return False
    cached = getattr(user, "_can_see_hidden", None)
    if cached is None:
        app_label, codename = HIDDEN_PERMISSION.split(".")
        cached = (
            Permission.objects.filter(content_type__app_label=app_label, codename=codename)
            .filter(Q(user=user) | Q(group__user=user))
            .exists()
        )
        user._can_see_hidden = cached
    return cached


def _public_action_html(event):
    if event.kind not in ("action", "system"):
        return format_html("<pre>{}</pre>", _pretty_json(event_public_action(event)))
    return format_html(
        "<pre>{}</pre><small>{}</small>",
        _pretty_json(event_public_action(event)),
        _("The full action is hidden until the game is over."),
    )


def _full_action_shown(request, event) -> bool:
    """The whole action JSON: with the permission, or once the game is over (its full log
    and seed are public then)."""
    return can_see_hidden(request) or event.game.seed_revealed


def _pretty_json(value) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, sort_keys=True)


class ModerationActionForm(ActionForm):
    """The changelist action bar, with the reason every moderator decision asks for."""

    reason = forms.CharField(
        label=_("Reason / decision:"),
        required=False,
        max_length=moderation.REASON_MAX_LENGTH,
        widget=forms.TextInput(attrs={"size": 40}),
    )
    hours = forms.IntegerField(label=_("Hours:"), required=False, min_value=1)


def _run_each(modeladmin, request, queryset, call, done_message):
    """Run `call(obj)` for each selected object; report successes and readable errors."""
    done = 0
    for obj in queryset:
        try:
            call(obj)
        except moderation.ModerationError as exc:
            modeladmin.message_user(request, f"{obj}: {exc}", messages.ERROR)
        else:
            done += 1
    if done:
        modeladmin.message_user(request, done_message % {"count": done}, messages.SUCCESS)


class ReadOnlyMixin:
    """Rows are created by the services only; forms never write them."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


def short_time(value) -> str:
    """A date and time in the active language's short formats, local time, on two lines
    (the game list's columns stay narrow); "—" for none."""
    from django.utils import timezone
    from django.utils.formats import date_format
    from django.utils.html import format_html

    if value is None:
        return "—"
    local = timezone.localtime(value)
    return format_html(
        '<time datetime="{}">{}<br>{}</time>',
        local.isoformat(),
        date_format(local, "SHORT_DATE_FORMAT"),
        date_format(local, "TIME_FORMAT"),
    )
