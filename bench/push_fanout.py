"""Push fan-out: 500 subscribed players, the pushes of their moves, and what the moves pay.

    DATABASE_URL=postgres://... python bench/push_fanout.py [players] [threads]

The players (500) sit at tables of 8 (the most a game seats), every one subscribed to the
local push service of the tests (VAPID checked, payloads decrypted). Prints a move's latency
with its pushes claimed (rows inserted in the move's transaction, one `push.dispatch` handed
to Celery on commit) and without subscriptions, then the sending rate (pushes/s) of
`threads` workers delivering all the moves' pushes, as Celery workers would.
"""

import os
import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.test_settings")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.db import connection, transaction  # noqa: E402

from games.push import keys, sending  # noqa: E402
from games.push.models import PushRecord, PushSubscription  # noqa: E402
from games.table.models import Game  # noqa: E402
from games.table.services import (  # noqa: E402
    action_submit,  # noqa: E402
    game_create,
    game_start,
    seat_join,
)
from tests.clock.ticktock import register  # noqa: E402

register()
from tests.push.pushservice import PushService  # noqa: E402

BATCHES = []


def table(users):
    """A running ticktock game of these (up to 8) users."""
    game = game_create(
        host=users[0],
        kind="ticktock",
        options={"goal": 10**9},
        time_control="corr-1d",
        min_seats=1,
        max_seats=len(users),
    )
    for user in users[1:]:
        seat_join(game_id=game.pk, user=user)
    game_start(game_id=game.pk, user=users[0])
    return Game.objects.get(pk=game.pk)


def moves(tables):
    """In each game, one claim that awaits the 7 others: the milliseconds of each move,
    commit included."""
    times = []
    for users in tables:
        game = table(users)
        began = time.perf_counter()
        with transaction.atomic():
            action_submit(
                game_id=game.pk,
                user=users[0],
                action={"type": "claim"},
                expected_seq=game.state_seq,
            )
        times.append((time.perf_counter() - began) * 1000)
    return times


def deliver(ids, threads):
    def one(record_id):
        try:
            return sending.push_deliver(record_id)
        finally:
            connection.close()

    began = time.perf_counter()
    with ThreadPoolExecutor(threads) as pool:
        results = list(pool.map(one, ids))
    return time.perf_counter() - began, results


def main():
    players = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    threads = int(sys.argv[2]) if len(sys.argv) > 2 else 8
    private, public = keys.generate_pair()
    settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY = private, public
    service = PushService(public)
    # Celery's side is not measured here: the move hands one task to the broker on commit.
    sending.push_enqueue_batch = lambda kind, key: BATCHES.append((kind, key)) or True
    from games.mail import sending as mail_sending

    mail_sending.mail_enqueue = lambda record_id, countdown=None: True
    User = get_user_model()
    tag = str(time.time_ns())[-8:]
    users = [
        User.objects.create_user(f"push{tag}{i}", f"p{tag}{i}@example.com") for i in range(players)
    ]
    # A table seats 8 at most: the players sit at tables of 8, and one move per table
    # awaits its 7 others.
    tables = [users[i : i + 8] for i in range(0, len(users) - 7, 8)]
    without = moves(tables)
    for user in users:
        info = service.device(f"d{user.pk}").info()
        PushSubscription.objects.create(
            user=user,
            endpoint=info["endpoint"],
            p256dh=info["keys"]["p256dh"],
            auth=info["keys"]["auth"],
            name="bench",
        )
    with_pushes = moves(tables)
    ids = list(
        PushRecord.objects.filter(status="pending", subscription__name="bench")
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    seconds, results = deliver(ids, threads)
    sent = results.count("sent")
    received = len(service.all_messages())
    service.stop()
    w, wo = statistics.median(with_pushes), statistics.median(without)
    print(
        f"{players} players at {len(tables)} tables: a move takes {w:.1f} ms (median) with its 7 "
        f"pushes claimed and handed to Celery, {wo:.1f} ms without subscriptions (x{w / wo:.2f})"
    )
    print(
        f"sending: {sent} pushes in {seconds:.2f} s with {threads} threads = "
        f"{sent / seconds:.0f} pushes/s ({received} decrypted by the push service, "
        f"{len(service.errors)} refused)"
    )


if __name__ == "__main__":
    main()
