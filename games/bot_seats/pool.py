"""The bot accounts of each level: found free for a table, created when none is."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from games.bot_seats.models import BotAccount

NAMES = {
    "novice": "Novice",
    "honest": "Honest",
    "bluffer": "Bluffer",
    "standard": "Standard",
    "strong": "Strong",
}


def display_name(level: str, number: int) -> str:
    return f"{NAMES.get(level, level.capitalize())} bot {number}"


def _create(level: str, number: int) -> BotAccount:
    User = get_user_model()
    username = f"bot-{level}-{number}"
    if User.objects.filter(username=username).exists():  # a player took the name first
        username = f"{username}-{User.objects.count()}"
    user = User(username=username, email="", is_active=True)
    user.set_unusable_password()  # no login: no password, no email to reset one
    user.save()
    profile = getattr(user, "profile", None)
    if profile is not None:
        profile.display_name = display_name(level, number)
        profile.email_on_turn = profile.email_reminder = profile.email_digest = False
        profile.save()
    return BotAccount.objects.create(user=user, level=level, number=number)


def free_account(level: str, *, taken_user_ids) -> BotAccount:
    """A bot account of ``level`` whose user is not in ``taken_user_ids`` (a table's
    seats), created when every existing one is taken."""
    taken = set(taken_user_ids)
    accounts = list(BotAccount.objects.filter(level=level).select_related("user"))
    for account in accounts:
        if account.user_id not in taken:
            return account
    number = max((a.number for a in accounts), default=0) + 1
    for attempt in range(5):
        try:
            with transaction.atomic():
                return _create(level, number + attempt)
        except IntegrityError:  # another table created that number at the same moment
            continue
    raise RuntimeError(f"could not create a bot account of level {level}")
