from django.apps import AppConfig


class ModerationConfig(AppConfig):
    """Moderation: reports, sanctions, the admin (the moderators' room), the timeline."""

    name = "games.moderation"
    label = "moderation"
    verbose_name = "Moderation"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import pre_save

        from games.table import page as table_page
        from games.table.models import ChatMessage, Event

        from . import page, receivers

        # Refuse a muted or banned user's chat, and a banned user's move, whatever writes it.
        pre_save.connect(
            receivers.refuse_muted_or_banned_chat, sender=ChatMessage, dispatch_uid="mod_chat"
        )
        pre_save.connect(receivers.refuse_banned_player_move, sender=Event, dispatch_uid="mod_move")
        # The report links, the report form and the chat mute on the game page.
        table_page.register(page.page_context)
        table_page.read_with(seat=["user__sanction"])
