"""The names the table shows: display names, read with as few queries as possible."""

from __future__ import annotations

from django.core.exceptions import ObjectDoesNotExist


def display_name(user) -> str:
    """The name shown at the table: the profile's display name, else the username.

    Uses the profile already loaded on `user` when there is one (see `load_profiles`)."""
    cached = getattr(user, "_table_name", None)
    if cached is not None:
        return cached
    name = ""
    try:
        name = (user.profile.display_name or "").strip()
    except ObjectDoesNotExist:
        pass
    user._table_name = name or user.get_username()
    return user._table_name


def load_profiles(users) -> None:
    """Fetch the display names of `users` in one query (instead of one per user); none
    when their profiles came with them (`select_related("user__profile")`)."""
    users = list(users)
    from accounts.models import Profile

    pending = [u for u in users if getattr(u, "_table_name", None) is None]
    descriptor = getattr(type(users[0]), "profile", None) if users else None
    if descriptor is not None and hasattr(descriptor, "is_cached"):
        # profiles already loaded with the users (select_related): no query
        loaded = [u for u in pending if descriptor.is_cached(u)]
        for user in loaded:
            display_name(user)
        pending = [u for u in pending if not descriptor.is_cached(u)]
    if not pending:
        return
    names = dict(Profile.objects.filter(user__in=pending).values_list("user_id", "display_name"))
    for user in pending:
        user._table_name = (names.get(user.pk) or "").strip() or user.get_username()


def seat_names(seats) -> dict[str, str]:
    load_profiles([seat.user for seat in seats])
    return {seat.player_id: display_name(seat.user) for seat in seats}
