"""The push notifications' Celery tasks.

- `push.dispatch(kind, key)`: one per move, after commit: a `push.send` per pending row.
- `push.send(record_id)`: sends one claimed push; errors retry with exponential back-off;
  a row not pending any more is left alone (duplicate deliveries send nothing).
"""

from __future__ import annotations

from celery import shared_task

from games.push import sending


@shared_task(name=sending.DISPATCH_TASK, ignore_result=True)
def push_dispatch(kind, key):
    return sending.push_dispatch(str(kind), str(key))


@shared_task(
    bind=True,
    name=sending.SEND_TASK,
    ignore_result=True,
    max_retries=sending.PUSH_MAX_ATTEMPTS,
)
def push_send(self, record_id):
    try:
        return sending.push_deliver(int(record_id))
    except sending.PushTemporaryError as exc:
        raise self.retry(exc=exc, countdown=exc.countdown) from exc
