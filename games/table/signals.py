"""What the table tells the layers above it, without importing them.

- `game_changed(sender=Game, game, saving)`: sent by every writer of a game's state or
  status (the play services after each event, the start included, and the moderation
  events) inside its transaction, with the row locked, after setting the new `state_seq`
  or status and before saving the row. With `saving`, the writer's UPDATE stores the
  `deadline_at` a receiver sets on the instance; otherwise a receiver writes it itself.
  The clock listens: deadlines, timers, who waits since when.

Page contributions (seat badges, votes, report links) go through `games.table.page`.
"""

from django.dispatch import Signal

game_changed = Signal()


def game_changed_send(game, *, saving: bool) -> None:
    """Tell the listeners that `game` changed (see the module's docstring)."""
    if game._state.adding or game.pk is None:
        return
    game_changed.send(sender=type(game), game=game, saving=saving)
