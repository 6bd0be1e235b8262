"""Fixtures of the moderation tests: a hidden-cards test engine, a running game of alice and
bob, a moderator in the "Moderators" group (staff, not superuser), a moderator who may see
hidden information, and a superuser."""

import pytest
from django.contrib.auth.models import Group, Permission

from games.table import services
from games.table.services import common

from .secret_engine import ENGINE


@pytest.fixture(autouse=True)
def secret_engine(monkeypatch):
    from games.engines import registry

    monkeypatch.setitem(registry._INSTANCES, "secretcards", ENGINE)  # for the web pages
    real = common.engine_for
    monkeypatch.setattr(
        common, "engine_for", lambda kind: ENGINE if kind == "secretcards" else real(kind)
    )
    return ENGINE


@pytest.fixture(autouse=True)
def _locmem_cache(settings):
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "m"}
    }
    from django.core.cache import cache

    cache.clear()  # rate-limit counters must not leak from one test to another
    yield
    cache.clear()


@pytest.fixture
def moderator(make_user):
    user = make_user("mod")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name="Moderators"))
    return user


@pytest.fixture
def seer(make_user):
    """A moderator who also has moderation.view_hidden_information."""
    user = make_user("seer")
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name="Moderators"))
    user.user_permissions.add(
        Permission.objects.get(
            content_type__app_label="moderation", codename="view_hidden_information"
        )
    )
    return user


@pytest.fixture
def superuser(make_user):
    user = make_user("root")
    user.is_staff = user.is_superuser = True
    user.save(update_fields=["is_staff", "is_superuser"])
    return user


def start_game(host, *others, options=None, time_control="corr-1d"):
    game = services.game_create(
        host=host,
        kind="secretcards",
        options=options or {},
        min_seats=1 + len(others),
        max_seats=1 + len(others),
        time_control=time_control,
    )
    for user in others:
        services.seat_join(game_id=game.pk, user=user)
    return services.game_start(game_id=game.pk, user=host)


@pytest.fixture
def game(alice, bob):
    return start_game(alice, bob)


@pytest.fixture
def mod_client(client, moderator):
    client.force_login(moderator)
    return client
