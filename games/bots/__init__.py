"""Bots: computer players that choose from what their seat may know, and nothing else.

    from games.bots import get_bot, available_levels

    bot = get_bot("complots", "bluffer")       # or get_bot(game_record, ...) with .kind
    action = bot.choose(engine.view(state, seat), engine.legal_actions(state, seat), seed)

``choose(view, legal_actions, seed)`` returns one element of ``legal_actions`` (the engine's
own list for that seat): the same one for the same arguments, from the ``view`` alone (a bot
never sees the state). ``seed`` is an int, bytes or a str; all the bot's chance comes from it
through ``games.engines.base.SeededRandom``. ``resign`` is never chosen while anything else
is legal. An optional ``player=`` names the seat when the view alone cannot tell.

Levels: Complots ``novice``, ``honest``, ``bluffer``, ``strong``; Regicide ``standard`` and
``strong``; Intrigue ``standard`` (``available_levels(game)`` lists them).

A searching bot (``searches = True``: Regicide ``strong``) also takes ``budget=``, the
playouts a decision may use (the site passes its ``BOT_SEARCH_PLAYOUTS``): the count binds,
never the clock, so the same view, legal actions, seed and budget give the same action.
A game's bots plug in with one line in ``registry._PATHS`` (or ``register_bot``); an unknown
game or level raises ``ValueError`` listing the known ones.

Modules: ``registry`` (lookup), ``base`` (the ``Bot`` class, seeded chance, ``resign``
filtering), ``complots`` (the four Complots levels), ``regicide`` and ``intrigue`` (their
``standard`` bots), ``regicide_search`` (the Regicide ``strong`` bot: determinized
playouts over the cards its seat cannot see). A bot may also say it would rather let the
others act first (``patient(view, player) -> bool``, the Intrigue host while petitioners bargain): a
scheduler gives the others time before asking it. This package imports only
``games.engines`` and the standard library: no Django, no ``random``, no clock.
"""

from games.bots.base import Bot
from games.bots.registry import available_games, available_levels, get_bot, register_bot

__all__ = ["Bot", "available_games", "available_levels", "get_bot", "register_bot"]
