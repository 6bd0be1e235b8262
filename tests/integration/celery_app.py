"""The site's Celery app, for worker/beat subprocesses started by the integration tests.

`celery -A tests.integration.celery_app worker|beat` is `celery -A complots_site ...` with the
tests' small rules engine ("ticktock") registered, so the worker can play its games.
"""

from complots_site.celery import app
from tests.clock.ticktock import register

register()

__all__ = ["app"]
