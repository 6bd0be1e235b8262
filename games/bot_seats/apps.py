from django.apps import AppConfig


class BotSeatsConfig(AppConfig):
    """Bots at the table: bot seats, practice games, takeovers, the tasks of their moves."""

    name = "games.bot_seats"
    label = "bot_seats"
    verbose_name = "Bots"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games.clock import signals as clock_signals
        from games.table import page as table_page
        from games.table.services import paced
        from games.table.signals import game_changed

        from . import moves, page, tasks  # noqa: F401  (tasks: registers them)

        game_changed.connect(moves.on_game_changed, dispatch_uid="bots_game_changed")
        clock_signals.seat_dropped.connect(moves.on_seat_dropped, dispatch_uid="bots_dropped")
        clock_signals.swept.connect(moves.on_swept, dispatch_uid="bots_swept")
        # the table's standing answers played at a person's pace: the same catch-up
        clock_signals.swept.connect(paced.on_swept, dispatch_uid="standing_swept")
        table_page.register(page.seat_context)
        table_page.read_with(seat=["user__bot_account"])
        table_page.register_lobby(page.lobby_context)
