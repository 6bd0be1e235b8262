"""Moderating people: hide a chat message, mute a user's chat, ban a user."""

from __future__ import annotations

import datetime as dt
from importlib import import_module

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.moderation.models import ModerationAction, UserSanction
from games.table import live, services
from games.table.models import ChatMessage, Game, Seat

from .base import (
    MAX_MUTE_HOURS,
    ModerationError,
    _append_moderation_event,
    _audit,
    _check_moderator,
    _clean_hours,
    _clean_reason,
    _locked_game,
)
from .tables import game_abort, resign_action, seat_kick

User = get_user_model()

# --------------------------------------------------------------------------- chat


def message_hide(*, moderator, message: ChatMessage, reason: str, hidden: bool = True):
    """Hide (or show again) a chat message. It is kept; players see it was hidden."""
    _check_moderator(moderator, "games.change_chatmessage")
    reason = _clean_reason(reason)
    kind = "hide_message" if hidden else "unhide_message"
    with transaction.atomic():
        game = _locked_game(message.game_id)
        message = ChatMessage.objects.select_for_update().get(pk=message.pk)
        if message.hidden == hidden:
            raise ModerationError(
                _("This message is already hidden.")
                if hidden
                else _("This message is not hidden."),
                code="unchanged",
            )
        message.hidden = hidden
        message.save(update_fields=["hidden"])
        _append_moderation_event(
            game=game,
            moderator=moderator,
            kind=kind,
            reason=reason,
            message=message.pk,
            author=message.user.get_username(),
        )
        live.publish_on_commit(game, chat=True)  # pages refetch their chat too
        _audit(
            moderator=moderator,
            kind=kind,
            reason=reason,
            game=game,
            target_user=message.user,
            message=message.pk,
        )
    return message


def user_is_muted(user, now=None) -> bool:
    """True while `user` may not post in any game's chat. `chat_post` must refuse them."""
    if user is None or not getattr(user, "pk", None):
        return False
    until = (
        UserSanction.objects.filter(user_id=user.pk).values_list("muted_until", flat=True).first()
    )
    return mute_running(until, now)


def mute_running(muted_until, now=None) -> bool:
    """Whether a sanction's `muted_until` (None: no mute) is still running."""
    return muted_until is not None and muted_until > (now or timezone.now())


def user_is_banned(user) -> bool:
    return (
        bool(user and user.pk)
        and UserSanction.objects.filter(user_id=user.pk, banned_at__isnull=False).exists()
    )


def user_mute(*, moderator, user, hours, reason: str) -> UserSanction:
    """Mute `user`'s chat everywhere for `hours` hours (from now)."""
    _check_moderator(moderator, "moderation.mute_user")
    reason = _clean_reason(reason)
    hours = _clean_hours(hours, MAX_MUTE_HOURS)
    if user.pk == moderator.pk:
        raise ModerationError(_("You cannot mute yourself."), code="self")
    until = timezone.now() + dt.timedelta(hours=hours)
    with transaction.atomic():
        sanction, _created = UserSanction.objects.select_for_update().get_or_create(user=user)
        sanction.muted_until = until
        sanction.save()
        _audit(
            moderator=moderator,
            kind=ModerationAction.Kind.MUTE,
            reason=reason,
            target_user=user,
            hours=hours,
            until=until.isoformat(),
        )
    return sanction


def user_unmute(*, moderator, user, reason: str) -> UserSanction:
    _check_moderator(moderator, "moderation.mute_user")
    reason = _clean_reason(reason)
    with transaction.atomic():
        sanction = UserSanction.objects.select_for_update().filter(user=user).first()
        if sanction is None or not sanction.is_muted():
            raise ModerationError(_("This user is not muted."), code="unchanged")
        sanction.muted_until = None
        sanction.save()
        _audit(
            moderator=moderator, kind=ModerationAction.Kind.UNMUTE, reason=reason, target_user=user
        )
    return sanction


# --------------------------------------------------------------------------- users


def _end_sessions(user) -> int:
    """Delete every stored session logged in as `user` (database-backed session engines).
    Returns how many. Whatever the engine, an inactive user is logged out at their next
    request anyway: the authentication backends refuse inactive users."""
    store = import_module(settings.SESSION_ENGINE).SessionStore
    get_model = getattr(store, "get_model_class", None)
    if get_model is None:
        return 0
    ended = 0
    model = get_model()
    for session in model.objects.filter(expire_date__gt=timezone.now()).iterator():
        if session.get_decoded().get("_auth_user_id") == str(user.pk):
            store(session_key=session.session_key).delete()
            ended += 1
    return ended


def user_ban(*, moderator, user, reason: str, kick_mode: str = "autopilot"):
    """Ban `user`: inactive (no login), sessions ended, running games handled as a kick."""
    _check_moderator(moderator, "moderation.ban_user")
    reason = _clean_reason(reason)
    if user.pk == moderator.pk:
        raise ModerationError(_("You cannot ban yourself."), code="self")
    if user.is_superuser or (user.is_staff and not moderator.is_superuser):
        raise ModerationError(
            _("Staff accounts cannot be banned here: ask an administrator."), code="staff"
        )
    if not user.is_active:
        raise ModerationError(_("This user is already banned or inactive."), code="unchanged")
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        user.is_active = False
        user.save(update_fields=["is_active"])
        sanction, _created = UserSanction.objects.select_for_update().get_or_create(user=user)
        sanction.banned_at = timezone.now()
        sanction.save()
        ended = _end_sessions(user)
        kicked = []
        seats = Seat.objects.filter(
            user=user, status=Seat.Status.PLAYING, game__status=Game.Status.RUNNING
        ).select_related("game")
        for seat in seats:
            mode = kick_mode
            if mode == "out" and resign_action(seat.game, seat) is None:
                mode = "autopilot"  # the engine has no way out now: the seat plays on
            seat_kick(
                moderator=moderator,
                seat=seat,
                mode=mode,
                reason=reason,
                _permission="moderation.ban_user",
            )
            kicked.append(seat.game_id)
        # Tables not started yet: a banned host's table is closed, other seats are freed.
        for seat in Seat.objects.filter(user=user, game__status=Game.Status.OPEN).select_related(
            "game"
        ):
            if seat.game.host_id == user.pk:
                game_abort(
                    moderator=moderator,
                    game=seat.game,
                    reason=reason,
                    _permission="moderation.ban_user",
                )
            else:
                services.seat_leave(game_id=seat.game_id, user=user)
        _audit(
            moderator=moderator,
            kind=ModerationAction.Kind.BAN,
            reason=reason,
            target_user=user,
            sessions_ended=ended,
            games=kicked,
        )
    return user
