import pytest

from games.engines import registry

from .counting_engine import ENGINE
from .factories import NAMES, UserFactory


@pytest.fixture(autouse=True)
def counting_engine(monkeypatch):
    """The test-only `counting` engine, registered next to the real ones for one test."""
    monkeypatch.setitem(registry._INSTANCES, "counting", ENGINE)
    return ENGINE


@pytest.fixture(autouse=True)
def local_cache(settings):
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "t"}
    }
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def no_redis(settings):
    """Live notices off unless a test turns them on."""
    settings.REDIS_URL = ""


def _user_fixture(name):
    @pytest.fixture
    def _fixture(db):
        return UserFactory(username=name)

    return _fixture


alice = _user_fixture("alice")
bob = _user_fixture("bob")
carol = _user_fixture("carol")
dave = _user_fixture("dave")
erin = _user_fixture("erin")


@pytest.fixture
def players(db):
    """A function: players(n) -> the first n named users."""
    return lambda n: [UserFactory(username=name) for name in NAMES[:n]]
