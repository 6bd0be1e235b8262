"""The log is the truth: replay equals the cache; check_replays; seed verification."""

import random

import pytest
from django.core.management import CommandError, call_command

from games.table import replay
from games.table.models import Event, Game
from games.table.services import ReplayUnavailable

from .factories import make_game
from .helpers import play_randomly

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(players):
    return players(4)


def test_replay_equals_cache_after_random_play(four):
    rng = random.Random(1234)
    games = []
    for target in (5, 20, 40):
        game = make_game(four, options={"target": target})
        games.append(play_randomly(game, rng=rng, max_moves=150))
    assert sum(g.state_seq for g in games) > 150
    assert any(g.status == Game.Status.FINISHED for g in games)
    for game in games:
        assert replay.game_replay(game) == game.state
        assert replay.replay_mismatch(game) is None
    # system events (timeouts) were part of it
    assert Event.objects.filter(kind=Event.Kind.SYSTEM).exists()


def test_replay_of_open_game_is_none(four):
    game = make_game(four, start=False)
    assert replay.game_replay(game) is None


def test_check_replays_ok(four, capsys):
    game = make_game(four, options={"target": 6})
    play_randomly(game, rng=random.Random(5), max_moves=20)
    call_command("check_replays")
    assert "all agree" in capsys.readouterr().out


def test_check_replays_detects_a_tampered_cache(four, capsys):
    good = make_game(four, options={"target": 6})
    play_randomly(good, rng=random.Random(6), max_moves=10)
    bad = make_game(four, options={"target": 30})
    play_randomly(bad, rng=random.Random(7), max_moves=10)
    state = dict(bad.state, total=bad.state["total"] + 1)
    Game.objects.filter(pk=bad.pk).update(state=state)
    with pytest.raises(CommandError, match="1 of 2 games"):
        call_command("check_replays")
    err = capsys.readouterr().err
    assert f"game {bad.pk}:" in err and f"game {good.pk}:" not in err
    call_command("check_replays", str(good.pk))  # only the good one: passes


def test_check_replays_detects_a_cache_ahead_of_the_log(four):
    game = make_game(four, options={"target": 30})
    Game.objects.filter(pk=game.pk).update(state_seq=5)
    game.refresh_from_db()
    assert "log ends at seq 1" in replay.replay_mismatch(game)


def test_verify_finished_game(four):
    game = play_randomly(make_game(four, options={"target": 4}), rng=random.Random(8))
    assert game.status == Game.Status.FINISHED
    result = replay.game_verify(game)
    assert result.ok and result.commitment_ok and result.replay_ok
    # a player pasting the revealed seed gets the same answer
    assert replay.game_verify(game, seed_hex=game.revealed_seed).ok
    # another seed: neither the commitment nor the deal match
    wrong = replay.game_verify(game, seed_hex="11" * 32)
    assert not wrong.commitment_ok and not wrong.replay_ok
    assert not replay.game_verify(game, seed_hex="not hex").ok


def test_verify_detects_a_swapped_seed(four):
    game = play_randomly(make_game(four, options={"target": 4}), rng=random.Random(9))
    Game.objects.filter(pk=game.pk).update(seed="22" * 32)
    game.refresh_from_db()
    result = replay.game_verify(game)
    assert not result.commitment_ok and not result.ok


def test_verify_only_when_finished(four):
    game = make_game(four)
    with pytest.raises(ReplayUnavailable):
        replay.game_verify(game)


def test_notes_take_a_seq_and_are_skipped_by_replay(four):
    """Other kinds (moderation notes) move state_seq on without changing the state."""
    game = play_randomly(make_game(four, options={"target": 30}), rng=random.Random(3), max_moves=8)
    seq = game.state_seq
    Event.objects.create(
        game=game, seq=seq + 1, kind="moderation", action={"type": "extend_deadline"}
    )
    Game.objects.filter(pk=game.pk).update(state_seq=seq + 1)
    game.refresh_from_db()
    assert replay.replay_mismatch(game) is None
    assert replay.game_replay(game) == game.state
    # the next move follows the note
    game = play_randomly(game, rng=random.Random(4), max_moves=3)
    assert game.state_seq == seq + 4
    assert replay.replay_mismatch(game) is None
