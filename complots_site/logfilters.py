"""Logging filters of the site (wired in settings.LOGGING)."""

from __future__ import annotations

import logging


class ClientErrorsOneLine(logging.Filter):
    """Django's `django.request` logger reports a 403 (a private game seen without an
    invitation, a moderator page...) at WARNING with the exception's full traceback: an
    expected refusal, not a bug. Keep its one line ("Forbidden (Permission denied): /path")
    and drop the traceback. Server errors (5xx) keep theirs."""

    def filter(self, record: logging.LogRecord) -> bool:
        status = getattr(record, "status_code", None)
        if isinstance(status, int) and 400 <= status < 500:
            record.exc_info = None
            record.exc_text = None
            record.stack_info = None
        return True


class DatabaseUnavailableOnce(logging.Filter):
    """A request answered 503 because the database is out of reach: Django's
    `django.request` logs each one with its traceback. Drop them: `complots_site.dbfaults`
    logs one warning per outage instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        from .dbfaults import database_unavailable

        if getattr(record, "status_code", None) != 503:
            return True
        exc_info = record.exc_info
        return not (exc_info and database_unavailable(exc_info[1]))
