"""Decisions open at deploy time keep their deadlines: the clock of each running game in step
with its state learns the id of the decision its deadline was set for (the engine's
`decision_id` of the cached state), so the first change after the deploy does not read the
pending decision as a new one."""

from django.db import migrations


def fill(apps, schema_editor):
    from games.engines import get_engine

    GameClock = apps.get_model("clock", "GameClock")
    clocks = GameClock.objects.filter(
        game__status="running", deadline_at__isnull=False, decision_id=""
    ).select_related("game")
    for clock in clocks.iterator(chunk_size=200):
        game = clock.game
        if clock.seq != game.state_seq or not game.state:
            continue  # the bookkeeping is behind: it catches up as for any change
        try:
            engine = get_engine(game.kind)
            decision = engine.decision_id(engine.load(game.state))
        except Exception:  # an engine gone or a state it cannot read: the old rule stays
            continue
        if decision is not None:
            clock.decision_id = str(decision)
            clock.save(update_fields=["decision_id"])


class Migration(migrations.Migration):
    dependencies = [("clock", "0004_decision_id")]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop, elidable=True)]
