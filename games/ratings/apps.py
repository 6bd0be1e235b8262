from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """Standing: ratings per game pool, leaderboards, reliability beside every name."""

    name = "games.ratings"
    label = "ratings"
    verbose_name = "Ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games.table import page as table_page
        from games.table.signals import game_over, register_seat_check

        from . import page, services

        # The table says "game over": the game's seats are scored and, if rated, rated.
        game_over.connect(services.on_game_over, dispatch_uid="ratings_game_over")
        # A table's reliability condition refuses the players who do not meet it.
        register_seat_check(services.seat_check)
        # Ratings and reliability on the seats, the lobby's open tables and the profile.
        table_page.register(page.seat_context)
        table_page.read_with(game=["rating_condition"])
        table_page.register_lobby(page.lobby_context)
        table_page.register_profile(page.profile_context)
