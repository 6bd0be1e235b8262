from django.apps import AppConfig


class TutorialsConfig(AppConfig):
    """Learn by playing: a rigged game per lesson, paused at each step."""

    name = "games.tutorials"
    label = "tutorials"
    verbose_name = "Tutorials"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from allauth.account.signals import user_signed_up

        from games.table import page as table_page

        from . import page, services

        table_page.register(page.game_context)
        table_page.register_move_check(services.move_check)
        table_page.register_after_move(services.after_move)
        table_page.register_profile(page.profile_context)
        table_page.read_with(game=["tutorial_run"])
        user_signed_up.connect(page.on_signed_up, dispatch_uid="tutorials_signed_up")
