"""The "Moderators" group with exactly the permissions of the moderators' room.

Permissions are created here if the post_migrate signal has not made them yet (it runs after
all migrations); `manage.py setup_moderators` does the same at any time, idempotently.
The list is frozen here on purpose (a migration must not import the current code).
"""

from django.db import migrations

GROUP = "Moderators"
# (app_label, model, codename, name)
PERMISSIONS = [
    ("games", "game", "view_game", "Can view game"),
    ("moderation", "moderationaction", "moderate_game", "Can abort games, kick players and extend deadlines"),
    ("games", "seat", "view_seat", "Can view seat"),
    ("games", "event", "view_event", "Can view event"),
    ("games", "chatmessage", "view_chatmessage", "Can view chat message"),
    ("games", "chatmessage", "change_chatmessage", "Can change chat message"),
    ("moderation", "report", "view_report", "Can view report"),
    ("moderation", "report", "change_report", "Can change report"),
    ("moderation", "moderationaction", "view_moderationaction", "Can view moderation action"),
    ("moderation", "usersanction", "view_usersanction", "Can view user sanction"),
    ("moderation", "moderationaction", "ban_user", "Can ban users"),
    ("moderation", "moderationaction", "mute_user", "Can mute users' chat"),
    ("auth", "user", "view_user", "Can view user"),
]


def forwards(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    group, _ = Group.objects.get_or_create(name=GROUP)
    wanted = []
    for app_label, model, codename, name in PERMISSIONS:
        content_type, _ = ContentType.objects.get_or_create(app_label=app_label, model=model)
        permission, _ = Permission.objects.get_or_create(
            content_type=content_type, codename=codename, defaults={"name": name}
        )
        wanted.append(permission)
    group.permissions.set(wanted)


def backwards(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name=GROUP).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("moderation", "0001_initial"),
        ("games", "0001_initial"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
