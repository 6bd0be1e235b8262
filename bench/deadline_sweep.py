"""Cost of one pass of the deadline sweeper.

    DATABASE_URL=postgres://... python bench/deadline_sweep.py [games]

Starts `games` ticktock games (3 players, correspondence), then times a sweep pass with
nothing due, and a pass an hour after every deadline (one timeout per game, in its own
transaction). Prints milliseconds per pass and per timeout. Mails are claimed, not sent.
"""

import os
import sys
import time
from datetime import timedelta

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.test_settings")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import django  # noqa: E402

django.setup()

import time_machine  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402

from games.clock import sweeper  # noqa: E402
from games.mail import sending  # noqa: E402
from tests.clock.helpers import start_game  # noqa: E402


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sending.mail_enqueue = lambda record_id, countdown=None: True
    User = get_user_model()
    tag = str(time.time_ns())[-8:]
    users = [User.objects.create_user(f"sweep{tag}{i}", f"s{tag}{i}@example.com") for i in range(3)]
    games = [start_game(users, goal=10**9) for _ in range(count)]
    sweeper.deadlines_sweep()  # warm up
    began = time.perf_counter()
    idle = sweeper.deadlines_sweep(limit=count)
    idle_ms = (time.perf_counter() - began) * 1000
    later = max(g.deadline_at for g in games) + timedelta(hours=1)
    with time_machine.travel(later, tick=False):
        began = time.perf_counter()
        busy = sweeper.deadlines_sweep(limit=count)
        busy_ms = (time.perf_counter() - began) * 1000
    print(
        f"{count} running games: idle pass {idle_ms:.1f} ms ({idle['timeouts']} timeouts); "
        f"due pass {busy_ms:.0f} ms for {busy['timeouts']} timeouts "
        f"({busy_ms / max(busy['timeouts'], 1):.1f} ms per timeout)"
    )


if __name__ == "__main__":
    main()
