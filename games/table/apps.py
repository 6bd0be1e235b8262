from django.apps import AppConfig


class TableConfig(AppConfig):
    """The table: games, seats, the event log, chat, the lobby, the game page, live updates.

    Its label stays ``games``: the tables are ``games_game``, ``games_seat`` ..., the
    permissions ``games.view_game`` ..., the admin pages ``/admin/games/game/``.
    """

    name = "games.table"
    label = "games"
    verbose_name = "Games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import tasks  # noqa: F401  (registers the paced standing answers' task)
