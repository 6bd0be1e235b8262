"""Small reads of the clock for the pages."""

from __future__ import annotations

from games.clock.models import DeadlineVote


def deadline_votes(*, game, seq) -> tuple[dict, set]:
    """The votes of the current decision: {(target player id, kind): count}, and the
    (voter player id, target player id, kind) triples, to know who already voted."""
    counts: dict = {}
    cast: set = set()
    rows = DeadlineVote.objects.filter(game=game, seq=seq).values_list(
        "voter__player_id", "target__player_id", "kind"
    )
    for voter, target, kind in rows:
        counts[(target, kind)] = counts.get((target, kind), 0) + 1
        cast.add((voter, target, kind))
    return counts, cast
