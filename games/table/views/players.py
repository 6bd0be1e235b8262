"""The public profile of a player: display name and record."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from games.table import page
from games.table.descriptors import game_label
from games.table.records import player_summary

User = get_user_model()


@require_GET
def player_profile(request, username):
    """The public profile: display name and record. Inactive (banned) users are not shown."""
    user = get_object_or_404(User.objects.select_related("profile"), username=username)
    if not user.is_active:
        raise Http404
    record, stats = player_summary(user)
    context = {
        "player": user,
        "record": record,
        "stats": [{"label": game_label(s.kind), "stats": s, "medals": s.medals} for s in stats],
    }
    return render(request, "games/player.html", page.profile_contribute(request, user, context))
