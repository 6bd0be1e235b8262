from urllib.parse import urlsplit

from django.conf import settings
from django.db import migrations


def name_the_site(apps, schema_editor):
    """Mails and pages name the site "Complots" at SITE_URL's host, not example.com."""
    Site = apps.get_model("sites", "Site")
    domain = urlsplit(settings.SITE_URL).netloc or "localhost"
    Site.objects.update_or_create(
        pk=settings.SITE_ID, defaults={"domain": domain, "name": settings.SITE_NAME}
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("sites", "0002_alter_domain_unique"),
    ]

    operations = [migrations.RunPython(name_the_site, migrations.RunPython.noop)]
