"""Sessions read through the cache, kept in the database (Django's `cached_db`), that
survive a cache outage: every cache call that fails is logged and the database answers
(Django's own engine already does so when saving, not when loading or deleting)."""

from __future__ import annotations

import logging

from django.contrib.sessions.backends import cached_db

log = logging.getLogger("django.contrib.sessions")


class SessionStore(cached_db.SessionStore):
    def load(self):
        try:
            data = self._cache.get(self.cache_key)
        except Exception:
            log.warning("session cache unavailable: read from the database", exc_info=True)
            data = None
        if data is not None:
            return data
        session = self._get_session_from_db()
        if not session:
            return {}
        data = self.decode(session.session_data)
        try:
            self._cache.set(self.cache_key, data, self.get_expiry_age(expiry=session.expire_date))
        except Exception:
            log.warning("session cache unavailable: not cached", exc_info=True)
        return data

    def exists(self, session_key):
        try:
            if session_key and (self.cache_key_prefix + session_key) in self._cache:
                return True
        except Exception:
            log.warning("session cache unavailable: asked the database", exc_info=True)
        return super(cached_db.SessionStore, self).exists(session_key)

    def delete(self, session_key=None):
        try:
            super().delete(session_key)
        except Exception:
            # the row is gone (the database comes first); the cached copy expires
            log.warning("session cache unavailable: cached copy not deleted", exc_info=True)
