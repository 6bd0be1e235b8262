"""Create or repair the "Moderators" group with exactly the moderators' permissions."""

from django.core.management.base import BaseCommand

from games.moderation.services import MODERATOR_PERMISSIONS, moderators_group_sync


class Command(BaseCommand):
    help = (
        'Create the "Moderators" group, or set its permissions back to exactly the '
        "moderators' room's list. Safe to run again."
    )

    def handle(self, *args, **options):
        group, added, removed = moderators_group_sync()
        self.stdout.write(
            f"{group.name}: {len(MODERATOR_PERMISSIONS)} permissions"
            f" (added: {', '.join(added) or 'none'}; removed: {', '.join(removed) or 'none'})"
        )
