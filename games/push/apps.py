from django.apps import AppConfig


class PushConfig(AppConfig):
    """Web Push notifications, the installable site, the one-tap answers."""

    name = "games.push"
    label = "push"
    verbose_name = "Push"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from allauth.account import signals as account_signals
        from django.contrib.auth import signals as auth_signals
        from django.db.models.signals import post_save

        from games.clock import signals
        from games.table import page as table_page

        from . import page, receivers, tasks  # noqa: F401  (tasks: registers them)
        from .models import PushSubscription

        # The same moments as the mail, short (live) decisions included.
        signals.seats_awaited.connect(receivers.on_seats_awaited, dispatch_uid="push_turn")
        signals.game_over.connect(receivers.on_game_over, dispatch_uid="push_game_over")
        signals.reminder_due.connect(receivers.on_reminder_due, dispatch_uid="push_reminder")
        signals.swept.connect(receivers.on_swept, dispatch_uid="push_sweep")
        # A device stops receiving when its session logs out, and every device of the account
        # when its password changes (account deletion: the rows cascade).
        auth_signals.user_logged_out.connect(receivers.on_logged_out, dispatch_uid="push_logout")
        account_signals.password_changed.connect(
            receivers.on_password_changed, dispatch_uid="push_password_changed"
        )
        account_signals.password_set.connect(
            receivers.on_password_changed, dispatch_uid="push_password_set"
        )
        account_signals.password_reset.connect(
            receivers.on_password_changed, dispatch_uid="push_password_reset"
        )
        # The seated player's "mute this game" form on the game page.
        table_page.register(page.page_context)
        table_page.read_with(seat=["user__push_settings"])
        post_save.connect(
            receivers.on_subscription_saved, sender=PushSubscription, dispatch_uid="push_settings"
        )
