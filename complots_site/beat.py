"""Exactly one Celery beat in the whole site, however many machines run one.

With Redis (``REDIS_URL``) beat's scheduler is RedBeat's (celery-redbeat), configured here
from the site's settings. The periodic schedule stays defined in the settings and in
``complots_site.celery``: every beat writes it to Redis (keys under
``<CACHE_KEY_PREFIX>:beat:``) when it starts, and only the beat holding the lock there sends
the periodic tasks. The others wait, trying the lock every ``max_interval`` seconds, and
take it once it is released (the holder stopped cleanly: at once) or has expired, which it
does ``CELERY_BEAT_LOCK_SECONDS`` after the holder last renewed it (a crash, a machine
lost). The holder renews it at every tick, at most ``max_interval`` apart.

Added to RedBeat here:
- the beat that takes the lock writes its schedule again, so the one sending the tasks
  sends its own (Redis may have restarted empty meanwhile, or a beat of another release may
  have written its schedule while it waited);
- the holder rides out a short Redis outage (it renews the lock when Redis answers again)
  instead of dying on the first failed renewal, and stops when it finds its lock lost
  (taken by another beat, or gone with a Redis restarted empty): the supervisor starts it
  again, as a waiting beat;
- a beat that could not try the lock (Redis unreachable when it started) stops rather than
  run without it.

Without Redis the default scheduler (a schedule file) runs: the embedded broker serves the
processes of one machine only, and ``deploy/bin/beat`` keeps a second beat from starting there.
"""

import logging

from celery.signals import beat_init
from redbeat import schedulers as redbeat
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import LockNotOwnedError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger("celery.beat")


class RedBeatScheduler(redbeat.RedBeatScheduler):
    #: Seconds between two ticks at most: how often the holder renews its lock and a waiting
    #: beat tries to take it (``celery beat --max-interval`` overrides it).
    max_interval = 5.0

    def __init__(self, app, *args, **kwargs):
        from django.conf import settings

        app.conf.update(
            redbeat_redis_url=settings.REDIS_URL,
            redbeat_redis_options={"socket_connect_timeout": 1, "socket_timeout": 5},
            redbeat_key_prefix=f"{settings.CACHE_KEY_PREFIX}:beat:",
            redbeat_lock_timeout=int(settings.CELERY_BEAT_LOCK_SECONDS),
        )
        self.redis_down = False
        super().__init__(app, *args, **kwargs)
        # the lock must outlive the sleep between two renewals, with room to spare
        self.max_interval = min(self.max_interval, self.lock_timeout / 3)

    def tick(self, *args, **kwargs):
        try:
            interval = super().tick(*args, **kwargs)
        except (RedisConnectionError, RedisTimeoutError) as error:
            if not self.redis_down:
                self.redis_down = True
                log.warning("beat: Redis unreachable (%s); trying again", error)
            return min(1.0, self.max_interval)
        except LockNotOwnedError:
            log.warning(
                "beat: the lock `%s` is no longer this beat's (Redis lost it, or another beat "
                "took it after it expired); stopping, to start again as a waiting beat",
                self.lock_key,
            )
            self.lock = None  # not ours to release
            raise SystemExit(1) from None
        if self.redis_down:
            self.redis_down = False
            log.warning("beat: Redis answers again")
        return interval


@beat_init.connect
def install_schedule_with_the_lock(sender=None, **kwargs):
    """After RedBeat's own ``beat_init`` receiver (connected when ``redbeat`` was imported,
    above), which waited for the lock."""
    scheduler = sender.scheduler
    if not isinstance(scheduler, RedBeatScheduler) or not scheduler.lock_key:
        return
    if scheduler.lock is None:  # RedBeat's receiver failed; celery logged why
        log.error("beat: could not take the lock `%s`; stopping", scheduler.lock_key)
        raise SystemExit(1)
    scheduler.setup_schedule()
    log.warning(
        "beat: this beat holds the lock `%s` and sends the periodic tasks", scheduler.lock_key
    )
