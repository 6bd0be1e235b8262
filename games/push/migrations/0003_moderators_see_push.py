"""The Moderators group sees the push devices and records in the admin (read-only);
`manage.py setup_moderators` does the same at any time. Frozen here on purpose."""

from django.db import migrations

PERMISSIONS = [
    ("pushsubscription", "view_pushsubscription", "Can view push device"),
    ("pushrecord", "view_pushrecord", "Can view push record"),
]


def forwards(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    group = Group.objects.filter(name="Moderators").first()
    if group is None:
        return
    for model, codename, name in PERMISSIONS:
        content_type, _ = ContentType.objects.get_or_create(app_label="push", model=model)
        permission, _ = Permission.objects.get_or_create(
            content_type=content_type, codename=codename, defaults={"name": name}
        )
        group.permissions.add(permission)


class Migration(migrations.Migration):
    dependencies = [
        ("push", "0002_settings_for_devices"),
        ("moderation", "0002_moderators_group"),
    ]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
