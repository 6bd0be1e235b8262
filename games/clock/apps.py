from django.apps import AppConfig


class ClockConfig(AppConfig):
    """The clock: deadlines, timers, the sweeper, away mode, votes, timeout policies."""

    name = "games.clock"
    label = "clock"
    verbose_name = "Deadlines"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games.table import page as table_page
        from games.table.signals import game_changed

        from . import bookkeeping, page, tasks  # noqa: F401  (tasks: registers them)

        # The table says "game changed"; the clock keeps its books.
        game_changed.connect(bookkeeping.on_game_changed, dispatch_uid="clock_game_changed")
        # The seats' deadline badges, the votes and the host's timeout policy on the page.
        table_page.register(page.seat_context)
        table_page.read_with(game=["clock"], seat=["clock"])
