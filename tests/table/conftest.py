import pytest

from games.engines import registry

from .counting_engine import ENGINE
from .factories import NAMES


@pytest.fixture(autouse=True)
def counting_engine(monkeypatch):
    """The test-only `counting` engine, registered next to the real ones for one test."""
    monkeypatch.setitem(registry._INSTANCES, "counting", ENGINE)
    return ENGINE


@pytest.fixture(autouse=True)
def english():
    """Messages are asserted in English, whatever language an earlier test left active."""
    from django.utils import translation

    with translation.override("en"):
        yield


@pytest.fixture(autouse=True)
def local_cache(settings):
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "t"},
    }
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def no_redis(settings):
    """Live notices off unless a test turns them on."""
    settings.REDIS_URL = ""


# alice, bob and carol come from tests/conftest.py (verified users with a profile).
@pytest.fixture
def dave(make_user):
    return make_user("dave", display_name="Dave")


@pytest.fixture
def erin(make_user):
    return make_user("erin", display_name="Erin")


@pytest.fixture
def players(make_user):
    """A function: players(n) -> the first n named users (alice, bob, carol, dave...)."""
    return lambda n: [make_user(name, display_name=name.title()) for name in NAMES[:n]]
