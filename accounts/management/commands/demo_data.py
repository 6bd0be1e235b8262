"""Demo players alice, bob and carol with verified emails. Safe to run again."""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.models import profile_for

DEMO_PASSWORD = "complots-demo"
DEMO_USERS = [
    # username, display name, language, staff (alice can open the admin)
    ("alice", "Alice", "en", True),
    ("bob", "Bob", "fr", False),
    ("carol", "Carol", "", False),
]


class Command(BaseCommand):
    help = "Create the demo players alice, bob and carol (password: complots-demo)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--password", default=DEMO_PASSWORD, help="Password for the demo players."
        )

    @transaction.atomic
    def handle(self, *args, password, **options):
        User = get_user_model()
        for username, name, language, staff in DEMO_USERS:
            email = f"{username}@example.com"
            user, created = User.objects.get_or_create(username=username, defaults={"email": email})
            user.email = email
            user.is_staff = user.is_superuser = staff
            user.set_password(password)
            user.save()
            EmailAddress.objects.update_or_create(
                user=user, email=email, defaults={"verified": True, "primary": True}
            )
            profile = profile_for(user)
            profile.display_name = name
            profile.language = language
            profile.save()
            verb = "created" if created else "updated"
            self.stdout.write(f"{username}: {verb} ({email})")
        self.stdout.write(self.style.SUCCESS(f"Demo players ready; password: {password}"))
