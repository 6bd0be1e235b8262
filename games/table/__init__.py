"""The table: games, seats, the append-only event log, chat, the lobby, the game page, live
updates, replays and players' records. A Django app whose label is ``games``.

Inside: ``models`` (Game, Seat, Event, ChatMessage), ``services`` (every write: lobby, play,
chat), ``selectors`` (reads), ``replay`` (the log -> the state), ``records``, ``live``
(change notices) and ``presence`` (who has a page open), ``presenters`` (an engine's view ->
template context, one per game), ``views`` and ``urls`` (namespace ``games``), templates
under ``templates/games/`` and the game page's CSS/JS under ``static/games/``.

It sits on the engines and knows no layer above it: it tells them that a game changed with
the ``signals.game_changed`` signal, and lets them add to the game page through ``page``.
See PLATFORM_API.md (models and services) and WEB.md (pages, live updates).
"""
