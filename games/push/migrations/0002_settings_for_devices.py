"""Every account with a push device gets its push settings (a device's creation makes them
from now on): the game page shows its mute form to those accounts."""

from django.db import migrations


def forwards(apps, schema_editor):
    PushSettings = apps.get_model("push", "PushSettings")
    PushSubscription = apps.get_model("push", "PushSubscription")
    have = set(PushSettings.objects.values_list("user_id", flat=True))
    users = set(PushSubscription.objects.values_list("user_id", flat=True)) - have
    PushSettings.objects.bulk_create([PushSettings(user_id=pk) for pk in sorted(users)])


class Migration(migrations.Migration):
    dependencies = [("push", "0001_initial")]

    operations = [migrations.RunPython(forwards, migrations.RunPython.noop)]
