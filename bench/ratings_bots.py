"""A few hundred rated games of bots on a scratch SQLite database, then one leaderboard and
one profile as text (bots are rated here only: RATINGS_RATE_BOTS).

    python bench/ratings_bots.py [games]
"""

import os
import random
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
scratch = tempfile.mkdtemp(prefix="ratings-bench-")
os.environ["DATABASE_URL"] = f"sqlite:///{scratch}/bench.sqlite3"
os.environ["RATINGS_RATE_BOTS"] = "1"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "complots_site.settings")
os.environ.setdefault("SECRET_KEY", "bench")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()
from django.core.management import call_command  # noqa: E402

call_command("migrate", verbosity=0)

from games.bot_seats import moves  # noqa: E402
from games.bot_seats.pool import _create  # noqa: E402
from games.bot_seats.selfplay import _play_inline  # noqa: E402
from games.engines.base import SeededRandom, seed_to_key  # noqa: E402
from games.ratings.selectors import leaderboard, player_standing  # noqa: E402
from games.ratings.services import ratings_rebuild  # noqa: E402
from games.table.services import game_create, game_start, seat_join  # noqa: E402

count = int(sys.argv[1]) if len(sys.argv) > 1 else 300
rng = random.Random(26)
bots = [_create(level, n).user for level in ("novice", "honest") for n in range(1, 9)]
started = time.perf_counter()
with moves.scheduling_paused():
    for number in range(count):
        players = rng.sample(bots, 2)
        game = game_create(host=players[0], kind="complots", min_seats=2, max_seats=2, rated=True)
        for user in players[1:]:
            seat_join(game_id=game.pk, user=user)
        game_start(game_id=game.pk, user=players[0])
        _play_inline(game, SeededRandom(seed_to_key(f"bench {number}")), 5000)
seconds = time.perf_counter() - started
print(f"{count} rated Complots duels of 16 bots in {seconds:.1f} s")
report = ratings_rebuild(write=False)
print(f"rebuild check: {report.games} games, {len(report.differences)} differences")
board = leaderboard("complots-duel", page_number=1)
print("\nLeaderboard: Complots, duels")
for index, rating in enumerate(board.page.object_list, start=board.first_place):
    print(f"{index:3d}. {rating.user.username:<18} {rating.ordinal:5d}  ({rating.games} games)")
top = board.page.object_list[0].user
standing = player_standing(top)
print(f"\nProfile of {top.username}")
for item in standing["ratings"]:
    history = [v for _g, v in item["history"]]
    print(f"  {item['label']}: {item['shown']} after {item['games']} rated games")
    print(f"  history (every 10th): {history[::10]}")
rel = standing["reliability"]
print(
    f"  reliability over {rel.games} games: {rel.timeout_share} % timeouts, "
    f"{rel.abandon_share} % abandoned"
)
