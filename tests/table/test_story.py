"""The platform's notes in the log are placed by a replay of the game from its real seed:
the viewer's game row is a public projection whose seed is blanked until the end, so the
replay must not read it from there (it would deal other cards and misplace the notes, or
find the log no longer replays)."""

import logging

import pytest
from django.core.cache import cache

from games.engines import get_engine
from games.table import selectors, services, story
from games.table.models import Game

from .test_table_ui import complots_game, play

pytestmark = pytest.mark.django_db


def test_notes_are_placed_by_a_replay_from_the_games_own_seed(
    alice, bob, carol, monkeypatch, caplog
):
    game = complots_game([alice, bob, carol])
    play(game, alice, {"type": "power", "character": "capitaine", "target": "p2"})
    play(game, bob, {"type": "pass"})
    game.refresh_from_db()
    services.system_action_submit(
        game_id=game.pk, player_id="p3", expected_seq=game.state_seq, reason="timeout"
    )
    game.refresh_from_db()
    seeds = []
    engine = get_engine("complots")
    real_new_game = engine.new_game

    def spy(players, options=None, seed=None):
        seeds.append(seed)
        return real_new_game(players, options=options, seed=seed)

    monkeypatch.setattr(engine, "new_game", spy)
    view = selectors.game_view(game_id=game.pk, user=bob)
    assert view.game.seed == ""  # what the page holds: the public projection
    notes = story.note_events(view.game)
    cache.delete(f"story:{game.pk}:{notes[-1].seq}")  # a rendering computes, not the cache
    with caplog.at_level(logging.WARNING, logger="games.table.story"):
        positions = story.note_positions(view.game, notes)
    assert seeds == [bytes.fromhex(Game.objects.get(pk=game.pk).seed)]
    assert set(positions) == {n.seq for n in notes}
    assert "does not replay" not in caplog.text


def test_a_long_run_of_notes_words_only_the_lines_shown(alice, bob, carol, dave, monkeypatch):
    from games.table.models import Event
    from games.table.views.table import table_context

    game = complots_game([alice, bob, carol])
    play(game, alice, {"type": "power", "character": "capitaine", "target": "p2"})
    game.refresh_from_db()
    first = game.state_seq + 1
    Event.objects.bulk_create(
        Event(
            game=game,
            seq=first + i,
            kind="moderation",
            reason="extend_deadline",
            action={
                "type": "extend_deadline",
                "moderator": dave.username,
                "reason": f"note {i}",
                "hours": 1,
            },
        )
        for i in range(60)
    )
    Game.objects.filter(pk=game.pk).update(state_seq=first + 59, revision=game.revision + 60)
    worded = []
    real = story.note_text
    monkeypatch.setattr(story, "note_text", lambda e, n: worded.append(e.seq) or real(e, n))
    view = selectors.game_view(game_id=game.pk, user=bob)
    panel = table_context(view)
    whole = table_context(view, log_lines=None)
    assert len(panel["log"]) == 30 and panel["log_more"]
    assert panel["log_total"] == whole["log_total"] == len(whole["log"])
    texts = [line["text"] for line in whole["log"] if isinstance(line, dict) and "text" in line]
    assert "A moderator extended the deadline: note 0" in " ".join(map(str, whole["log"]))
    assert all(texts), "every line of the whole log is worded"
    shown = " ".join(map(str, panel["log"]))
    assert "note 59" in shown and "note 0" not in shown
    assert len(worded) == 30 + 60  # the panel's 30 newest lines, then the whole log's 60


def test_the_notes_of_one_version_of_the_game_are_read_once(alice, bob, carol):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = complots_game([alice, bob, carol])
    play(game, alice, {"type": "power", "character": "capitaine", "target": "p2"})
    game.refresh_from_db()
    assert story.note_events(game) == []
    with CaptureQueriesContext(connection) as queries:
        assert story.note_events(game) == []
    assert len(queries) == 0
    services.system_action_submit(
        game_id=game.pk, player_id="p2", expected_seq=game.state_seq, reason="timeout"
    )
    game.refresh_from_db()  # a new version: its own notes
    (note,) = story.note_events(game)
    assert (note.kind, note.reason, note.player_id) == ("system", "timeout", "p2")


def _random_log(rng):
    """A view's log (public lines, private "only" lines, engine resignations) and notes
    placed in it (timeouts, autopilot moves, moderators' notes, platform resignations)."""
    from games.table.models import Event

    players = ["p1", "p2", "p3"]
    entries = []
    for _ in range(rng.randrange(0, 40)):
        roll = rng.random()
        if roll < 0.2:
            entries.append({"event": "draw", "only": rng.choice(players)})
        elif roll < 0.3:
            entries.append({"event": "resign", "player": rng.choice(players)})
        else:
            entries.append({"event": "income", "player": rng.choice(players)})
    public = sum(1 for e in entries if "only" not in e)
    notes, positions = [], {}
    seq = 1
    position = 0
    for _ in range(rng.randrange(0, 90)):
        seq += rng.randrange(1, 3)
        position = min(public + 2, position + rng.choice((0, 0, 0, 1, 2)))
        player = rng.choice(players)
        kind, reason, action = rng.choice(
            [
                (Event.Kind.SYSTEM, "timeout", {"type": "pass"}),
                (Event.Kind.SYSTEM, "timeout", {"type": "resign"}),
                (Event.Kind.SYSTEM, "moderation", {"type": "resign"}),
                (Event.Kind.SYSTEM, "autopilot", {"type": "income"}),
                ("moderation", "kick_out", {"type": "kick_out", "player": player, "reason": "r"}),
                ("moderation", "extend", {"type": "extend_deadline", "reason": f"n{seq}"}),
            ]
        )
        seat = None if kind == "moderation" else 7
        notes.append(story.Note(seq, kind, reason, action, seat, None if seat is None else player))
        if rng.random() < 0.95:  # a note the replay did not place is left out
            positions[seq] = position
    return entries, notes, positions


def test_the_newest_lines_from_the_digest_are_those_of_the_whole_log():
    import random

    names = {"p1": "Alice", "p2": "Bob", "p3": "Carol"}
    rng = random.Random(11)
    for _ in range(400):
        entries, notes, positions = _random_log(rng)
        whole = story.merge_notes([dict(e) for e in entries], notes, positions, names)
        digest = story.digest_of(notes, positions)
        for newest in (1, 3, 30, story.TAIL_NOTES):
            lines, total = story.merge_tail(entries, digest, names, newest)
            assert total == len(whole)
            assert lines == whole[-newest:], (entries, notes, positions, newest)


def test_the_newest_lines_from_a_log_cut_to_its_tail_are_those_of_the_whole_log():
    """A page of a long game reads its view with the log cut to its newest entries
    (`story.log_tail`, kept per version of the game): the lines it shows and the length it
    gives are those of the whole story."""
    import random

    names = {"p1": "Alice", "p2": "Bob", "p3": "Carol"}
    rng = random.Random(12)
    for _ in range(300):
        entries, notes, positions = _random_log(rng)
        whole = story.merge_notes([dict(e) for e in entries], notes, positions, names)
        digest = story.digest_of(notes, positions)
        resigns = sum(1 for e in entries if e["event"] == "resign")
        for keep in range(1, len(entries) + 1):
            view = story.log_tail({"log": entries}, keep)
            assert len(view["log"]) == keep
            cut = view.get(story.LOG_CUT, (0, 0, ()))
            for newest in (1, 3, 30):
                lines, total = story.merge_tail(view["log"], digest, names, newest, cut)
                assert total == len(whole)  # whatever was cut
                if keep >= newest + resigns:  # room for the lines shown
                    assert lines == whole[-newest:], (entries, notes, positions, keep, newest)
