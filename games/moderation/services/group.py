"""The "Moderators" group and its exact permissions."""

from django.db import transaction

MODERATORS_GROUP = "Moderators"
# Exactly what the moderators' room needs ("app_label.codename"). Not included on purpose:
# moderation.view_hidden_information (given person by person), any add/delete permission,
# games.change_game / change_seat / change_event (games are changed by services only), and
# auth.change_user (a ban goes through moderation.ban_user, which records it).
MODERATOR_PERMISSIONS = (
    "games.view_game",
    "moderation.moderate_game",
    "games.view_seat",
    "games.view_event",
    "games.view_chatmessage",
    "games.change_chatmessage",
    "moderation.view_report",
    "moderation.change_report",
    "moderation.view_moderationaction",
    "moderation.view_usersanction",
    "moderation.ban_user",
    "moderation.mute_user",
    "auth.view_user",
    "push.view_pushsubscription",
    "push.view_pushrecord",
)


def moderators_group_sync():
    """Create or fix the Moderators group so that it has exactly MODERATOR_PERMISSIONS.
    Idempotent. Returns (group, added codenames, removed codenames)."""
    from django.apps import apps
    from django.contrib.auth.management import create_permissions
    from django.contrib.auth.models import Group, Permission

    for app_config in apps.get_app_configs():
        create_permissions(app_config, verbosity=0)
    wanted = []
    for dotted in MODERATOR_PERMISSIONS:
        app_label, codename = dotted.split(".", 1)
        wanted.append(Permission.objects.get(content_type__app_label=app_label, codename=codename))
    with transaction.atomic():
        group, _created = Group.objects.get_or_create(name=MODERATORS_GROUP)
        current = set(group.permissions.all())
        added = sorted(p.codename for p in set(wanted) - current)
        removed = sorted(p.codename for p in current - set(wanted))
        group.permissions.set(wanted)
    return group, added, removed
