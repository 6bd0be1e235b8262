from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import pre_save

        from . import deadlines, models_deadlines  # noqa: F401  (deadline/mail models)

        pre_save.connect(
            deadlines.on_game_saving, sender="games.Game", dispatch_uid="games.deadlines"
        )
