"""What the table tells the layers above it, without importing them.

- `game_changed(sender=Game, game, saving)`: sent by every writer of a game's state or
  status (the play services after each event, the start included, and the moderation
  events) inside its transaction, with the row locked, after setting the new `state_seq`
  or status and before saving the row. With `saving`, the writer's UPDATE stores the
  `deadline_at` a receiver sets on the instance; otherwise a receiver writes it itself.
  The clock listens: deadlines, timers, who waits since when.
- `game_over(sender=Game, game)`: a game just ended with a result (status finished), sent
  once, inside the transaction that finished it, after the players' records were counted.
  The ratings listen.

Hooks (functions the layers above register in their app's `ready`):

- `register_seat_check(check)`: `check(game=, user=)` runs when a user takes a seat of an
  open table (the row locked) and raises a `GameError` with a clear message to refuse them
  (the ratings' reliability condition of a table).

Page contributions (seat badges, votes, report links) go through `games.table.page`.
"""

from django.dispatch import Signal

game_changed = Signal()
game_over = Signal()
SEAT_CHECKS: list = []


def register_seat_check(check) -> None:
    """Add a check run when a user takes a seat (once; see the module's docstring)."""
    if check not in SEAT_CHECKS:
        SEAT_CHECKS.append(check)


def seat_checks_run(*, game, user) -> None:
    """Run every seat check (each may raise a GameError)."""
    for check in SEAT_CHECKS:
        check(game=game, user=user)


def game_changed_send(game, *, saving: bool) -> None:
    """Tell the listeners that `game` changed (see the module's docstring)."""
    if game._state.adding or game.pk is None:
        return
    game_changed.send(sender=type(game), game=game, saving=saving)
