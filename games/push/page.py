"""What the push notifications add to the game page (`games.table.page`): the seated
player's "mute notifications of this game" form, shown when they have a push device."""

from __future__ import annotations

from django.db.models import Exists, OuterRef
from django.utils.functional import SimpleLazyObject

from games.push.models import PushSettings, PushSubscription
from games.table import page

OVER = ("finished", "aborted")


def mute_state(settings_id: int, game_id: int) -> dict:
    """Whether the account has a device and has muted this game: one query."""
    found = (
        PushSettings.objects.filter(pk=settings_id)
        .annotate(
            device=Exists(PushSubscription.objects.filter(user_id=OuterRef("user_id"))),
            muted=Exists(
                PushSettings.muted_games.through.objects.filter(
                    pushsettings_id=OuterRef("pk"), game_id=game_id
                )
            ),
        )
        .values("device", "muted")
        .first()
    )
    return found or {"device": False, "muted": False}


def page_context(request, game_view, context) -> dict:
    """The form is at the end of the page (outside the panel): its state is read lazily, by
    the page's template only, and only for an account with push settings (made when a device
    subscribes, loaded with the seats: no query for the others)."""
    if context.get("part") != page.PAGE or game_view.seat is None:
        return {}
    game = game_view.game
    if game.status in OVER:
        return {}
    push_settings = page.loaded(game_view.seat, "user__push_settings")
    if push_settings is page.MISSING:
        push_settings = PushSettings.objects.filter(user=request.user).first()
    if push_settings is None:
        return {}
    page.add_block(context, "page", "push/_game_mute.html")
    settings_id, game_id = push_settings.pk, game.pk
    return {"push_mute": SimpleLazyObject(lambda: mute_state(settings_id, game_id))}
