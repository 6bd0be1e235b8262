"""The errors of every game service: one small hierarchy, each with a readable message.

`GameError` subclasses Django's `ValidationError`, so a view may catch either. `str(err)`
and `err.message` give the user-readable (translated) message; `err.code` a stable slug.
Services raise nothing else on bad input, and nothing is written when they raise.
"""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _


class GameError(ValidationError):
    default_message = _("This cannot be done in this game.")
    default_code = "game_error"

    def __init__(self, message=None, *, params=None):
        super().__init__(
            message if message is not None else self.default_message,
            code=self.default_code,
            params=params,
        )

    def __str__(self):
        message = str(self.message)
        return message % self.params if self.params else message


class GameNotFound(GameError):
    default_message = _("This game does not exist.")
    default_code = "game_not_found"


class AccessDenied(GameError):
    default_message = _("This game is private: you need an invitation.")
    default_code = "access_denied"


class InvalidGameSettings(GameError):
    default_message = _("These game settings are not valid.")
    default_code = "invalid_settings"


class GameNotOpen(GameError):
    default_message = _("This game is no longer open to new players.")
    default_code = "game_not_open"


class GameFull(GameError):
    default_message = _("This game is full.")
    default_code = "game_full"


class AlreadySeated(GameError):
    default_message = _("You already have a seat in this game.")
    default_code = "already_seated"


class NotHost(GameError):
    default_message = _("Only the host can do this.")
    default_code = "not_host"


class NotEnoughPlayers(GameError):
    default_message = _("Not enough players to start.")
    default_code = "not_enough_players"


class NotYourSeat(GameError):
    default_message = _("You are not playing in this game.")
    default_code = "not_your_seat"


class GameNotRunning(GameError):
    default_message = _("This game is not running.")
    default_code = "game_not_running"


class StaleAction(GameError):
    default_message = _(
        "The game has moved on since your page was shown: look at the new situation and "
        "choose again."
    )
    default_code = "stale_action"


class MalformedAction(GameError):
    default_message = _("This action is not understood.")
    default_code = "malformed_action"


class IllegalMove(GameError):
    default_message = _("This move is not allowed now.")
    default_code = "illegal_move"


class ChatInvalid(GameError):
    default_message = _("This message cannot be posted.")
    default_code = "chat_invalid"


class RateLimited(GameError):
    default_message = _("You are sending messages too fast: wait a few seconds.")
    default_code = "rate_limited"


class ReplayUnavailable(GameError):
    default_message = _("The full log and the seed are revealed when the game is over.")
    default_code = "replay_unavailable"
