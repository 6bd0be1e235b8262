from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The deadline/mail models. The deadlines bookkeeping is called explicitly by the
        # writers (games.deadlines.game_changed), not from a signal.
        from . import models_deadlines  # noqa: F401
