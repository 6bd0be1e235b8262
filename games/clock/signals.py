"""What the clock tells the layers above it (the mail), without importing them.

All are sent inside the clock's transaction, with the game row locked; a receiver that
raises rolls the bookkeeping back (the sweeper retries it).

- `decision_opened(game, clock, seats, view, actor, deadline, decision_seq)`: `seats` started
  to be awaited for a decision long enough to be told about by mail (MAIL_MIN_DECISION); they
  are playing seats, the mover's own excepted. `view` is the public view, `actor` the seat
  whose move opened it (None for a system event or the start). `decision_seq` is the seq
  that opened a new decision of an engine that tells its decisions apart
  (`decision_continues`, Intrigue's stages), else None.
- `seats_awaited(game, clock, seats, view, actor, deadline, decision_seq, long_enough)`: the
  same facts as `decision_opened`, sent for every decision with a deadline, short ones
  (live games) included: `long_enough` tells whether `decision_opened` went too. The push
  notifications listen to it.
- `game_over(game, actor_user_id, seats)`: the game just ended; `actor_user_id` made the
  last move (or None).
- `reminder_due(game, clock, seats)`: the 80 % point of the current decision passed;
  `seats` still owe it. Receivers return how many reminders they sent.
- `seat_dropped(game, seat, mode)`: a seat was just dropped (`mode`: a
  `TimeoutPolicy.DropMode`; "bot": handed to a bot of `SeatClock.bot_level`, whose layer
  starts playing it).
- `swept(now)`: one pass of the beat sweeper ran; receivers do their own catch-up and
  return a dict of counts, added to the sweeper's statistics.
"""

from django.dispatch import Signal

decision_opened = Signal()
seats_awaited = Signal()
game_over = Signal()
reminder_due = Signal()
seat_dropped = Signal()
swept = Signal()


def total(responses) -> int:
    """The sum of the int answers of a signal's receivers."""
    return sum(r for _receiver, r in responses if isinstance(r, int))
