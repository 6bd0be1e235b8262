"""The database out of reach: a 503 page instead of a 500, logged once per outage.

PostgreSQL refusing connections (its `max_connections` or a role's limit reached, starting
up or shutting down, the network down) shows up as the pool's `PoolTimeout` (no connection
within `DATABASE_POOL_TIMEOUT`), or as psycopg's `OperationalError` on connecting or on a
connection cut by the server. Those are the site being unavailable, not a bug: the site's
500 handler (`complots_site.views.server_error`) answers them with templates/503.html and
`Retry-After`, and `log_outage` writes one warning per outage instead of a traceback per
request (the `django.request` records of these errors are dropped by
`complots_site.logfilters.DatabaseUnavailableOnce`).
"""

from __future__ import annotations

import logging
import threading
import time

log = logging.getLogger("complots_site.database")

# SQLSTATE classes and codes that mean "no database to talk to" rather than a bad query:
# 08 connection exceptions, 53300 too many connections, 57P01-57P03 server shut down or
# starting (operator intervention).
_UNAVAILABLE_PREFIXES = ("08", "53300", "57P01", "57P02", "57P03")
# No such error for this long: the next one starts a new outage (and is logged again).
OUTAGE_GAP_SECONDS = 60.0
RETRY_AFTER_SECONDS = 5

_lock = threading.Lock()
_last_seen = 0.0


def database_unavailable(error: BaseException | None) -> bool:
    """True when `error` (or what it wraps) says the database cannot be reached."""
    try:
        import psycopg
        from psycopg_pool import PoolTimeout
    except ImportError:  # SQLite only
        return False
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, PoolTimeout):
            return True
        if isinstance(error, psycopg.OperationalError):
            sqlstate = getattr(error, "sqlstate", None)
            if sqlstate is None or sqlstate.startswith(_UNAVAILABLE_PREFIXES):
                return True  # no SQLSTATE: the connection itself failed
            return False
        error = error.__cause__ or error.__context__
    return False


def log_outage(error: BaseException) -> bool:
    """Log the start of an outage once (True when this call logged it)."""
    global _last_seen
    now = time.monotonic()
    with _lock:
        new = now - _last_seen > OUTAGE_GAP_SECONDS
        _last_seen = now
    if new:
        cause = error
        while cause.__cause__ is not None:
            cause = cause.__cause__
        log.warning(
            "database unavailable (%s: %s): pages answer 503 until it is back",
            type(cause).__name__,
            str(cause).strip().splitlines()[0] if str(cause).strip() else "",
        )
    return new
