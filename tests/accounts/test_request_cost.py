"""The fixed cost of a logged-in request: the session (read through the cache), the user
and the profile (one query), the language and time zone from the profile, and nothing
else; a page adds only its own queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.accounts.minimal_urls")]


@pytest.fixture(autouse=True)
def _locmem_cache(settings):
    settings.CACHES = {
        **settings.CACHES,
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "rc"}
    }


def queries(client, path):
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    assert response.status_code == 200
    return [q["sql"] for q in ctx.captured_queries]


def test_a_logged_in_request_costs_one_query(client, make_user):
    user = make_user("fixed", display_name="Fixed Cost", language="fr")
    client.force_login(user)
    client.get("/minimal/")  # the session is now in the cache
    sql = queries(client, "/minimal/")
    assert len(sql) == 1, sql
    assert "accounts_profile" in sql[0] and "auth_user" in sql[0]
    response = client.get("/minimal/")
    assert response.content.decode() == "Fixed Cost"
    assert response.headers["Content-Language"] == "fr"


def test_the_session_falls_back_to_the_database(client, make_user):
    from django.core.cache import cache

    client.force_login(make_user("fallback"))
    cache.clear()
    sql = queries(client, "/minimal/")
    assert len(sql) == 2 and "django_session" in sql[0], sql
    assert len(queries(client, "/minimal/")) == 1


def test_a_game_page_adds_only_its_own_queries(client, make_user):
    from games.table import services

    alice, bob = make_user("ann", display_name="Ann"), make_user("ben")
    game = services.game_create(host=alice, kind="complots", max_seats=2)
    services.seat_join(game_id=game.pk, user=bob)
    services.game_start(game_id=game.pk, user=alice)
    client.force_login(alice)
    client.get(f"/games/{game.pk}/")
    base = queries(client, "/minimal/")
    page = queries(client, f"/games/{game.pk}/")
    assert page[: len(base)] == base
    own = [
        q
        for q in page[len(base) :]
        if f'"auth_user"."id" = {alice.pk}' in q
        or f'"accounts_profile"."user_id" = {alice.pk}' in q
    ]
    assert not own, own  # the viewer's user and profile are not read again
    assert not any("django_session" in q for q in page)


class BrokenCache:
    """A cache server that is down: every call raises."""

    def __init__(self, *args, **kwargs):
        pass

    def __getattr__(self, name):
        def fail(*args, **kwargs):
            raise ConnectionError("cache down")

        return fail

    def __contains__(self, key):
        raise ConnectionError("cache down")


def test_sessions_survive_a_cache_outage(client, make_user, monkeypatch):
    from django.contrib.sessions.backends import cached_db
    from django.contrib.sessions.models import Session

    user = make_user("outage", display_name="Still Here")
    monkeypatch.setattr(cached_db, "caches", {"default": BrokenCache()})
    client.force_login(user)
    assert Session.objects.count() == 1
    response = client.get("/minimal/")
    assert response.status_code == 200 and response.content.decode() == "Still Here"
    client.logout()
    assert Session.objects.count() == 0
    assert client.get("/minimal/").status_code == 302  # logged out for good
