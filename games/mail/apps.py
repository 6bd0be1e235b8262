from django.apps import AppConfig


class MailConfig(AppConfig):
    """The mail: what is sent and when, digests, one-click unsubscribe."""

    name = "games.mail"
    label = "mail"
    verbose_name = "Mail"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games.clock import signals

        from . import receivers, tasks  # noqa: F401  (tasks: registers them)

        # The clock says "a decision opened", "the game is over", "a reminder is due", "the
        # sweeper ran"; the mail writes and sends.
        signals.decision_opened.connect(receivers.on_decision_opened, dispatch_uid="mail_turn")
        signals.game_over.connect(receivers.on_game_over, dispatch_uid="mail_game_over")
        signals.reminder_due.connect(receivers.on_reminder_due, dispatch_uid="mail_reminder")
        signals.swept.connect(receivers.on_swept, dispatch_uid="mail_sweep")
