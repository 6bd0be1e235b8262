"""Which channel a page listens to, and who may: the trial's access check."""

from django.contrib.auth.models import AnonymousUser
from django_eventstream.channelmanager import ChannelManagerBase

from games.table.selectors import watch_version
from games.table.services import GameError
from games.table.views import spectators


def players(game_id: int) -> str:
    """Everyone who fetches their own panel: notices only."""
    return f"game-{int(game_id)}"


def public(game_id: int) -> str:
    """Anonymous spectators of a public game: notices with `push` and the shared panel."""
    return f"game-{int(game_id)}-public"


class GameChannels(ChannelManagerBase):
    def get_channels_for_request(self, request, view_kwargs):
        game_id = int(view_kwargs["game_id"])
        if not request.user.is_authenticated and spectators.is_public(game_id):
            return {public(game_id)}
        return {players(game_id)}

    def can_read_channel(self, user, channel):
        # the channel manager sees the user, not the request: an invitation link's token
        # (a private game's guest) cannot be checked here
        try:
            game_id = int(channel.split("-")[1])
            watch_version(game_id=game_id, user=user or AnonymousUser(), invitation_token=None)
        except (GameError, ValueError, IndexError):
            return False
        return True

    def is_channel_reliable(self, channel):
        return True
