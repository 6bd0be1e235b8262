"""Report the timeouts the old deadline rule caused (`games.clock.unfair`)."""

from collections import Counter

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from games.clock.unfair import unfair_timeouts
from games.table.models import Game


class Command(BaseCommand):
    help = (
        "Replay each game's log with the old deadline rule and today's, and list the timeouts "
        "the old rule caused (a decision that inherited a previous decision's deadline), per "
        "game and player. Nothing is changed."
    )

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, help="only these games")

    def handle(self, *args, game_ids=(), **options):
        games = Game.objects.filter(status__in=[Game.Status.RUNNING, Game.Status.FINISHED])
        if game_ids:
            games = games.filter(pk__in=game_ids)
        found = unfair_timeouts(games.order_by("id"))
        names = dict(
            get_user_model()
            .objects.filter(pk__in={t.user_id for t in found})
            .values_list("pk", "username")
        )
        for t in found:
            left = (t.whole_deadline - t.at).total_seconds()
            self.stdout.write(
                f"game {t.game_id} seq {t.seq}: {t.player_id} ({names.get(t.user_id, '?')}) "
                f"timed out at {t.at.isoformat()}, {left:.0f} s before its whole time ran out"
            )
        per_player = Counter(names.get(t.user_id, "?") for t in found)
        for name, count in sorted(per_player.items()):
            self.stdout.write(f"{name}: {count} unfair timeout(s)")
        games_hit = len({t.game_id for t in found})
        self.stdout.write(f"{len(found)} unfair timeout(s) in {games_hit} game(s).")
