"""Every write to a game goes through these services (HackSoft style: keyword-only
arguments, `<noun>_<verb>` names, one transaction each). See games/PLATFORM_API.md."""

from .chat import chat_post
from .errors import (
    AccessDenied,
    AlreadySeated,
    ChatInvalid,
    GameError,
    GameFull,
    GameNotFound,
    GameNotOpen,
    GameNotRunning,
    IllegalMove,
    InvalidGameSettings,
    MalformedAction,
    NotEnoughPlayers,
    NotHost,
    NotYourSeat,
    RateLimited,
    ReplayUnavailable,
    StaleAction,
)
from .lobby import (
    game_cancel,
    game_create,
    game_start,
    invitation_matches,
    seat_join,
    seat_leave,
    seat_range,
)
from .play import action_submit, system_action_submit
from .rematch import game_rematch
from .standing import standing_orders_set

__all__ = [
    "AccessDenied",
    "AlreadySeated",
    "ChatInvalid",
    "GameError",
    "GameFull",
    "GameNotFound",
    "GameNotOpen",
    "GameNotRunning",
    "IllegalMove",
    "InvalidGameSettings",
    "MalformedAction",
    "NotEnoughPlayers",
    "NotHost",
    "NotYourSeat",
    "RateLimited",
    "ReplayUnavailable",
    "StaleAction",
    "action_submit",
    "chat_post",
    "game_cancel",
    "game_create",
    "game_rematch",
    "game_start",
    "invitation_matches",
    "seat_join",
    "seat_leave",
    "seat_range",
    "standing_orders_set",
    "system_action_submit",
]
