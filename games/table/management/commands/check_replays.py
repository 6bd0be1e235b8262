"""Check every running and finished game's cached state against its replay from the log."""

from django.core.management.base import BaseCommand, CommandError

from games.table.models import Game
from games.table.replay import replay_mismatches


class Command(BaseCommand):
    help = (
        "Replay every running and finished game from its seed and event log and compare with "
        "the cached state. Exits non-zero listing the games that disagree."
    )

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, help="only these games")

    def handle(self, *args, game_ids=(), **options):
        games = Game.objects.filter(status__in=[Game.Status.RUNNING, Game.Status.FINISHED])
        if game_ids:
            games = games.filter(pk__in=game_ids)
        total = games.count()
        bad = list(replay_mismatches(games.order_by("id").iterator(chunk_size=200)))
        for game_id, reason in bad:
            self.stderr.write(f"game {game_id}: {reason}")
        if bad:
            raise CommandError(f"{len(bad)} of {total} games disagree with their replay.")
        self.stdout.write(self.style.SUCCESS(f"{total} games checked: all agree with replay."))
