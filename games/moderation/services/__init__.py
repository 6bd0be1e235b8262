"""Moderation services: every write of the moderators' room and of players' reports.

HackSoft style, like ``games.table.services``: keyword-only arguments, ``<noun>_<verb>`` names, one
``transaction.atomic`` each. Every decision on a game appends an Event of kind
``moderation`` to the game's log (``action`` = {"type": ..., "moderator": ..., "reason": ...})
— old events are never edited — and a ``ModerationAction`` row to the audit list.

Bad input raises ``ModerationError`` (a ``ValidationError`` with a readable message) and
changes nothing.

Enforced for every other part of the site (``games.moderation.receivers``, pre_save hooks): a
chat message of a muted or banned user, and a move (``action`` event) of a banned user, are
refused with ``ChatMuted`` / ``AccountDisabled`` (GameErrors), so ``games.table.services.chat_post``
and ``action_submit`` refuse them and write nothing. ``user_is_muted(user)`` tells a page
whether to show the chat box.
"""

from .base import (
    ACTIVE_SEAT_STATUSES,
    MAX_EXTENSION_HOURS,
    MAX_MUTE_HOURS,
    MODERATION_EVENT_KIND,
    REASON_MAX_LENGTH,
    REPORT_CONTEXT_EVENTS,
    REPORT_RATE_COUNT,
    REPORT_RATE_WINDOW,
    REPORT_TEXT_MAX_LENGTH,
    AccountDisabled,
    ChatMuted,
    ModerationError,
)
from .group import MODERATOR_PERMISSIONS, MODERATORS_GROUP, moderators_group_sync
from .reports import report_assign, report_close, report_context_events, report_create
from .tables import (
    RESIGN_ACTION_TYPES,
    game_abort,
    game_deadline_extend,
    game_rating_void,
    resign_action,
    seat_kick,
)
from .users import (
    message_hide,
    mute_running,
    user_ban,
    user_is_banned,
    user_is_muted,
    user_mute,
    user_unmute,
)

__all__ = [
    "ACTIVE_SEAT_STATUSES",
    "MAX_EXTENSION_HOURS",
    "MAX_MUTE_HOURS",
    "MODERATION_EVENT_KIND",
    "MODERATORS_GROUP",
    "MODERATOR_PERMISSIONS",
    "REASON_MAX_LENGTH",
    "REPORT_CONTEXT_EVENTS",
    "REPORT_RATE_COUNT",
    "REPORT_RATE_WINDOW",
    "REPORT_TEXT_MAX_LENGTH",
    "RESIGN_ACTION_TYPES",
    "AccountDisabled",
    "ChatMuted",
    "ModerationError",
    "game_abort",
    "game_deadline_extend",
    "game_rating_void",
    "message_hide",
    "moderators_group_sync",
    "report_assign",
    "report_close",
    "report_context_events",
    "report_create",
    "resign_action",
    "seat_kick",
    "user_ban",
    "user_is_banned",
    "mute_running",
    "user_is_muted",
    "user_mute",
    "user_unmute",
]
