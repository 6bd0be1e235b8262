"""The moderators' room: Django admin for games, seats, events, chat, reports and users.

Nothing here writes a game's tables directly: every moderator decision goes through
``games.moderation.services`` (which records an Event and an audit row). Games, seats, events and
chat messages are never edited through admin forms (``has_change_permission`` is False):
the event log is the truth and the game row is its cache.

Hidden information (cached state, seed of a running game, game options with a rigged
``setup``, invitation token, action JSON) is shown only to users with
``moderation.view_hidden_information``; the others get the spectator view and the public log.
"""

from . import log, people, tables  # noqa: F401  (registers the admin pages)
