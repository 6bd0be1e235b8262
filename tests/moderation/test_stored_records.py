"""The records kept in `PlayerRecord` agree with the records counted from the log
(`games.table.recount`, the computation pages used to run) over many games played to their
end: wins, medals, resignations, timeouts (one per decision), drops to autopilot and back,
moderators' kicks (no abandon); and the migration's backfill rebuilds them."""

import random

import pytest
from django.apps import apps

from games.clock.seats import seat_resume
from games.clock.timeouts import seat_drop
from games.engines import get_engine
from games.moderation import services as moderation
from games.table import recount, services
from games.table.models import Event, Game, PlayerRecord, PlayerTotal, Seat
from games.table.records import player_records, player_stats
from tests.table.factories import make_game

pytestmark = pytest.mark.django_db

KINDS = (("complots", 2, 4), ("regicide", 1, 3), ("intrigue", 3, 4))


def kept() -> dict:
    return {
        (r.user_id, r.kind): {
            "finished": r.finished,
            "won": r.won,
            "abandoned": r.abandoned,
            "timeouts": r.timeouts,
            "medals": r.medals,
        }
        for r in PlayerRecord.objects.all()
    }


def totals_agree() -> bool:
    """Each player's kept totals are the sums of their kept per-kind rows."""
    sums: dict = {}
    for row in PlayerRecord.objects.all():
        mine = sums.setdefault(row.user_id, [0, 0, 0, 0])
        for i, field in enumerate(("finished", "won", "abandoned", "timeouts")):
            mine[i] += getattr(row, field)
    stored = {
        t.user_id: [t.finished, t.won, t.abandoned, t.timeouts] for t in PlayerTotal.objects.all()
    }
    return stored == sums


def counted() -> dict:
    return recount.recount(Seat, Event)


def same(stored: dict, reference: dict) -> bool:
    """Equal, a kept row with nothing in it standing for no row."""
    blank = {"finished": 0, "won": 0, "abandoned": 0, "timeouts": 0, "medals": {}}
    keys = set(stored) | set(reference)
    return all(stored.get(k, blank) == reference.get(k, blank) for k in keys)


def play(game, rng, moderator, limit=400):
    engine = get_engine(game.kind)
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return
        state = engine.load(game.state)
        waiting = list(engine.waiting_for(state))
        if not waiting:
            return
        player = rng.choice(waiting)
        seat = game.seats.select_related("user").get(player_id=player)
        roll = rng.random()
        if roll < 0.08:
            services.system_action_submit(
                game_id=game.pk, player_id=player, expected_seq=game.state_seq
            )
            continue
        if roll < 0.10 and seat.status == Seat.Status.PLAYING:
            seat_drop(game, seat, reason="test", now=game.deadline_at)
            continue
        if roll < 0.12 and seat.status == Seat.Status.AUTOPILOT:
            seat_resume(game_id=game.pk, user=seat.user)
            continue
        if roll < 0.13 and seat.status in (Seat.Status.PLAYING, Seat.Status.AUTOPILOT):
            mode = rng.choice(["autopilot", "out"])
            try:
                moderation.seat_kick(moderator=moderator, seat=seat, mode=mode, reason="test")
            except moderation.ModerationError:
                pass
            continue
        legal = engine.legal_actions(state, player)
        resigns = [a for a in legal if a.get("type") == "resign"]
        others = [a for a in legal if a.get("type") != "resign"] or legal
        action = resigns[0] if resigns and rng.random() < 0.02 else rng.choice(others)
        services.action_submit(
            game_id=game.pk, user=seat.user, action=action, expected_seq=game.state_seq
        )


@pytest.fixture
def table(make_user):
    return [make_user(name) for name in ("ann", "ben", "cat", "dan", "eve")]


def test_kept_records_match_the_log_over_many_games(table, moderator):
    rng = random.Random(20261124)
    finished = 0
    for round_ in range(9):
        kind, low, high = KINDS[round_ % len(KINDS)]
        players = rng.sample(table, rng.randint(low, high))
        game = make_game(players, kind=kind, min_seats=low)
        play(game, rng, moderator)
        game.refresh_from_db()
        finished += game.status == Game.Status.FINISHED
        assert same(kept(), counted()), f"after game {round_} ({kind})"
        assert totals_agree(), f"after game {round_} ({kind})"
    reference = counted()
    assert finished >= 5
    assert sum(r["timeouts"] for r in reference.values()) > 0
    assert sum(r["abandoned"] for r in reference.values()) > 0
    assert sum(r["won"] for r in reference.values()) > 0
    # What pages read: totals over the kinds, and the profile's per-kind stats.
    totals = player_records(table)
    for user in table:
        mine = [v for (pk, _k), v in reference.items() if pk == user.pk]
        assert totals[user.pk].finished == sum(v["finished"] for v in mine)
        assert totals[user.pk].abandoned == sum(v["abandoned"] for v in mine)
        assert totals[user.pk].timeouts == sum(v["timeouts"] for v in mine)
        stats = {s.kind: s for s in player_stats(user)}
        for (pk, kind), v in reference.items():
            if pk == user.pk and v["finished"]:
                assert (stats[kind].finished, stats[kind].won) == (v["finished"], v["won"])
                assert dict(stats[kind].medals) == v["medals"]


def test_the_migration_backfills_the_records(table, moderator):
    rng = random.Random(7)
    for kind, low, high in KINDS:
        game = make_game(rng.sample(table, high), kind=kind, min_seats=low)
        play(game, rng, moderator)
    expected = kept()
    assert any(v["finished"] for v in expected.values())
    PlayerRecord.objects.all().delete()
    migration = __import__("games.table.migrations.0007_player_record", fromlist=["backfill"])
    migration.backfill(apps, None)
    assert same(kept(), expected)
    totals = {t.user_id: t.finished for t in PlayerTotal.objects.all()}
    PlayerTotal.objects.all().delete()
    totals_migration = __import__("games.table.migrations.0008_player_total", fromlist=["x"])
    totals_migration.backfill(apps, None)
    assert totals_agree()
    assert {t.user_id: t.finished for t in PlayerTotal.objects.all()} == totals
    assert any(totals.values())


def test_a_finished_game_counts_once_and_an_aborted_one_not_at_all(alice, bob, moderator):
    game = make_game([alice, bob], kind="complots")
    moderation.game_abort(moderator=moderator, game=game, reason="test")
    assert player_records([alice])[alice.pk].finished == 0
    assert same(kept(), counted())
