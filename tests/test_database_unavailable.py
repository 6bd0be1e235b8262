"""The 500 handler answers "database out of reach" with a translated 503 page and
Retry-After, logged once per outage; any other error stays a 500
(the real thing, on PostgreSQL: tests/integration/test_database_limit.py)."""

import logging

import psycopg
import pytest
from django.db import OperationalError
from django.test import Client
from psycopg_pool import PoolTimeout

from complots_site import dbfaults

pytestmark = pytest.mark.django_db


def pool_timeout():
    try:
        raise PoolTimeout("couldn't get a connection after 5.00 sec")
    except PoolTimeout as error:
        raise OperationalError(str(error)) from error


def test_a_pool_timeout_is_a_503_page_logged_once(monkeypatch, caplog, settings):
    from complots_site import views

    monkeypatch.setattr(dbfaults, "_last_seen", 0.0)
    client = Client(raise_request_exception=False)
    monkeypatch.setattr(views, "home", lambda request: pool_timeout())
    settings.ROOT_URLCONF = "tests.test_database_unavailable"
    with caplog.at_level(logging.WARNING):
        responses = [client.get("/") for _ in range(3)]
        french = client.get("/", HTTP_ACCEPT_LANGUAGE="fr")
    for response in responses:
        assert response.status_code == 503 and response["Retry-After"] == "5"
        assert "The site cannot reach its database" in response.content.decode()
        assert "Traceback" not in response.content.decode()
    assert "base de données" in french.content.decode()
    outage = [r for r in caplog.records if "database unavailable" in r.getMessage()]
    assert len(outage) == 1
    assert not [r for r in caplog.records if r.name == "django.request" and r.exc_info]


def test_other_errors_stay_500(monkeypatch, settings):
    from complots_site import views

    def broken(request):
        raise psycopg.errors.UniqueViolation("duplicate")  # a bug, not an outage

    monkeypatch.setattr(views, "home", broken)
    settings.ROOT_URLCONF = "tests.test_database_unavailable"
    assert Client(raise_request_exception=False).get("/").status_code == 500


def test_what_counts_as_unavailable():
    assert dbfaults.database_unavailable(PoolTimeout())
    assert dbfaults.database_unavailable(psycopg.OperationalError("connection refused"))
    assert not dbfaults.database_unavailable(ValueError())
    assert not dbfaults.database_unavailable(psycopg.errors.UniqueViolation("x"))


def _home(request):
    from complots_site import views

    return views.home(request)


from django.urls import path  # noqa: E402

urlpatterns = [path("", _home)]
handler500 = "complots_site.views.server_error"
