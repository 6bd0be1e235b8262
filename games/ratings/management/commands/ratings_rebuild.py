"""Recompute every rating from the rated games, in the order of the site-wide sequence."""

from django.core.management.base import BaseCommand

from games.ratings.services import ratings_rebuild


class Command(BaseCommand):
    help = (
        "Rebuild the ratings from the rated games in sequence order (voided games left out) "
        "and say what differed from the stored values. --check: compare only."
    )

    def add_arguments(self, parser):
        parser.add_argument("--check", action="store_true", help="compare, write nothing")
        parser.add_argument("--pool", action="append", help="only this pool (repeatable)")

    def handle(self, *args, check=False, pool=None, **options):
        report = ratings_rebuild(pools=pool, write=not check)
        for line in report.differences[:50]:
            self.stdout.write(line)
        self.stdout.write(
            f"{report.games} rated games replayed, {report.voided} voided, "
            f"{report.ratings} ratings, {len(report.differences)} differences"
            + (" (checked only)" if check else "")
        )
        if check and report.differences:
            raise SystemExit(1)
