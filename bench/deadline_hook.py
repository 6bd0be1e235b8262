"""Cost of the deadline bookkeeping per move: action_submit with and without the hook.

    DATABASE_URL=postgres://... python bench/deadline_hook.py [moves]

Prints the mean milliseconds per move both ways (a ticktock game, 4 players, correspondence;
mails are claimed but not enqueued: sending is a worker's job).
"""

import os
import sys
import time

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.test_settings")
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402

from games.clock import bookkeeping  # noqa: E402
from games.table.models import Game  # noqa: E402
from games.table.signals import game_changed  # noqa: E402
from tests.clock.helpers import start_game  # noqa: E402


def run(moves, users):
    game = start_game(users, goal=10**9)
    began = time.perf_counter()
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        player = game.state["players"][game.state["current"]]
        user = users[int(player[1:]) - 1]
        from games.table.services import action_submit

        action_submit(
            game_id=game.pk, user=user, action={"type": "income"}, expected_seq=game.state_seq
        )
    return (time.perf_counter() - began) / moves * 1000


def main():
    # Sending is a worker's job: measure the move, with the mail row claimed but not sent.
    from games.mail import sending

    sending.mail_enqueue = lambda record_id, countdown=None: True
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    User = get_user_model()
    tag = str(time.time_ns())[-8:]
    users = [User.objects.create_user(f"bench{tag}{i}", f"b{tag}{i}@example.com") for i in range(4)]
    with_hook = run(moves, users)
    game_changed.disconnect(dispatch_uid="clock_game_changed")
    without = run(moves, users)
    game_changed.connect(bookkeeping.on_game_changed, dispatch_uid="clock_game_changed")
    print(
        f"{moves} moves: {with_hook:.2f} ms/move with deadline bookkeeping, "
        f"{without:.2f} ms/move without ({with_hook - without:+.2f} ms)"
    )


if __name__ == "__main__":
    main()
