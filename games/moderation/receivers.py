"""Moderation's listeners: backstops on the table's models, so that every path that writes a
chat message or a player's move (`games.table.services.chat_post`, `action_submit`, any
later one) refuses a muted or banned user. The error is a table `GameError`: views that
catch those show its message, and the writer's transaction is rolled back, so nothing is
written. Connected by the app's `ready`."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from games.moderation.services import AccountDisabled, ChatMuted, user_is_muted


def refuse_muted_or_banned_chat(sender, instance, **kwargs):
    if not instance._state.adding or not instance.user_id:
        return
    user = instance.user
    if not user.is_active:
        raise AccountDisabled()
    if user_is_muted(user):
        raise ChatMuted()


def refuse_banned_player_move(sender, instance, **kwargs):
    if not instance._state.adding or instance.kind != "action" or not instance.seat_id:
        return
    user_id = instance.seat.user_id
    if not get_user_model().objects.filter(pk=user_id, is_active=True).exists():
        raise AccountDisabled()
