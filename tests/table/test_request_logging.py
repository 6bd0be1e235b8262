"""A refused request (403 on a private game) logs one line, without a traceback; a server
error keeps its traceback."""

import logging

import pytest

from complots_site.logfilters import ClientErrorsOneLine

from .factories import make_game
from .web_helpers import url


@pytest.mark.django_db
def test_a_403_on_a_private_game_logs_one_line(client, alice, bob, carol, caplog):
    game = make_game([alice, bob], visibility="private")
    client.force_login(carol)
    with caplog.at_level(logging.INFO):
        response = client.get(url("detail", game))
    assert response.status_code == 403
    records = [r for r in caplog.records if r.name == "django.request"]
    assert len(records) == 1
    record = records[0]
    assert record.levelno == logging.WARNING
    assert record.exc_info is None and record.exc_text is None and record.stack_info is None
    assert "Forbidden" in record.getMessage() and f"/games/{game.pk}/" in record.getMessage()
    assert "Traceback" not in caplog.text


def test_a_server_error_keeps_its_traceback():
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        import sys

        exc_info = sys.exc_info()
    record = logging.LogRecord(
        "django.request", logging.ERROR, __file__, 1, "Internal Server Error: /x", (), exc_info
    )
    record.status_code = 500
    assert ClientErrorsOneLine().filter(record) is True
    assert record.exc_info is exc_info
