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
- a beat waiting for the lock waits on through a Redis outage (RedBeat's own wait ends at
  the first error, and the beat then fails at its first tick).

Without Redis the default scheduler (a schedule file) runs: the embedded broker serves the
processes of one machine only, and ``deploy/bin/beat`` keeps a second beat from starting there.
"""

import logging
import time

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


# RedBeat's receiver waits for the lock, but a Redis outage meanwhile ends that wait (the
# error logged, the beat left without the lock); this one waits on through it.
beat_init.disconnect(redbeat.acquire_distributed_beat_lock)


@beat_init.connect
def take_the_lock(sender=None, **kwargs):
    scheduler = sender.scheduler
    if not isinstance(scheduler, redbeat.RedBeatScheduler) or not scheduler.lock_key:
        return
    if not isinstance(scheduler, RedBeatScheduler):
        redbeat.acquire_distributed_beat_lock(sender)  # RedBeat's own scheduler: its way
        return
    redis_down = False
    while scheduler.lock is None:
        try:
            redbeat.acquire_distributed_beat_lock(sender)
        except (RedisConnectionError, RedisTimeoutError) as error:
            if not redis_down:
                redis_down = True
                log.warning("beat: Redis unreachable (%s); waiting for the lock still", error)
            time.sleep(scheduler.max_interval)
    scheduler.setup_schedule()
    log.warning(
        "beat: this beat holds the lock `%s` and sends the periodic tasks", scheduler.lock_key
    )
