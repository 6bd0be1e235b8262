"""Bots at the table: seats played by bots, practice games, dropped seats taken over.

The bots themselves (``games.bots``) are pure functions of a seat's view; this app seats
them and plays their moves on the site. Bots are seats like players and act through the
same services, from a Celery task, within the same deadlines.

- **A bot's seat** (``services.bot_seat_add``): the host of an open table adds "a bot
  (level)"; the seat's user is a bot account of that level (``BotAccount``: an ordinary
  active user with no usable password and no email, so it never logs in and is never
  mailed; a pool per level, numbered, so several bots of one level can sit at one table).
  Its moves go through ``games.table.services.action_submit`` as that user. The host
  removes it before the start with ``bot_seat_remove``.
- **A practice game** (``services.practice_start``): a private table of the user and N bots,
  started at once (Regicide with no bot: practising alone). Recorded as a ``PracticeGame``;
  an account may have ``PRACTICE_MAX_RUNNING`` in progress and start
  ``PRACTICE_MAX_PER_HOUR`` an hour (``PracticeLimitReached``, under the user's row lock);
  a tutorial starts its game with ``limited=False`` and is not counted.
- **A dropped seat taken over**: the host's timeout policy (``games.clock``) may say "a bot
  plays for them" at a level; the clock drops the seat to autopilot with
  ``SeatClock.bot_level`` set (a badge on the seat says so) and keeps a player's deadlines
  for it; its moves are ``system`` events with reason "bot" (the event log says so) through
  ``system_action_submit``. The player takes the seat back with "Take my seat back".

Scheduling (``moves``): after every change of a running game (the table's
``game_changed`` signal, then the commit) and after a takeover (the clock's
``seat_dropped``), each bot seat the engine waits for gets a task ``bots.bot_move(game,
player, seq)`` with a short human-like delay (``BOT_MOVE_DELAY_MIN``/``MAX`` seconds, drawn
from the game's seed). The task does nothing if the game moved past ``seq``; the service's
``expected_seq`` check under the game's row lock makes a second run for the same decision
a ``StaleAction``: a bot never acts twice for one decision. A bot that would rather let
the others act first (``patient``: the Intrigue host) asks again once, later. The beat
sweeper (the clock's ``swept`` signal) re-enqueues the move of any bot seat waited for
longer than ``BOT_STALL_SECONDS``, and the clock's deadline plays the default move if
everything else fails: a bot never blocks a game. With eager Celery (tests), the moves run
one after the other in the committing thread, never nested.

Searching bots (a bot with ``searches``: the ``strong`` levels): ``bots.bot_move`` hands
their move to ``bots.bot_search`` on the queue ``BOT_SEARCH_QUEUE`` (its own workers, see
the README), which reads the game (no lock: a plain read), gives its database connection
back, thinks with ``BOT_SEARCH_PLAYOUTS`` playouts, and plays through the same services
(the row lock only for the move itself). The sweeper, the mail and the other bots stay on
the default queue: a long search delays none of them.

``selfplay.bot_games_play`` plays N seeded games of bots through the services (load tests
of the live table).

Layers: above the clock (reads its policy, listens to its signals), below the mail; the
table and the clock know nothing of it.
"""
