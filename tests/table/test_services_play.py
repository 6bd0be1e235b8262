"""action_submit and system_action_submit on the counting test engine."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import timezone

from games.table import live, services
from games.table.models import Event, Game, Seat
from games.table.services import (
    GameNotFound,
    GameNotRunning,
    IllegalMove,
    MalformedAction,
    NotYourSeat,
    StaleAction,
)

from .factories import make_game

pytestmark = pytest.mark.django_db

ADD1 = {"type": "add", "n": 1}
ADD2 = {"type": "add", "n": 2}
PASS = {"type": "pass"}
CHALLENGE = {"type": "challenge"}


def snapshot(game):
    game.refresh_from_db()
    return (
        game.state,
        game.state_seq,
        game.revision,
        game.status,
        game.deadline_at,
        list(Event.objects.filter(game=game).values_list("seq", flat=True)),
        list(Seat.objects.filter(game=game).values_list("to_act", "status")),
    )


@pytest.fixture
def game(alice, bob, carol):
    return make_game([alice, bob, carol], options={"target": 5})


def test_submit_appends_event_and_refreshes_cache(game, alice, bob, carol):
    before = timezone.now()
    event = services.action_submit(game_id=game.pk, user=alice, action=ADD2, expected_seq=1)
    assert (event.seq, event.kind, event.action) == (2, "action", ADD2)
    assert event.seat.user == alice
    game.refresh_from_db()
    assert event.game.state_seq == game.state_seq == 2
    assert game.state["window"]["by"] == "p1"
    # a response window now: bob and carol wait, with the 20 s window deadline
    assert dict(game.seats.values_list("user__username", "to_act")) == {
        "alice": False,
        "bob": True,
        "carol": True,
    }
    assert (
        before + timedelta(seconds=19) <= game.deadline_at <= timezone.now() + timedelta(seconds=21)
    )
    services.action_submit(game_id=game.pk, user=bob, action=PASS, expected_seq=2)
    services.action_submit(game_id=game.pk, user=carol, action=PASS, expected_seq=3)
    game.refresh_from_db()
    assert game.state["total"] == 2 and game.state_seq == 4
    # back to a turn (bob's): the 2 min turn deadline
    assert dict(game.seats.values_list("user__username", "to_act"))["bob"] is True
    assert game.deadline_at >= timezone.now() + timedelta(seconds=110)


def test_stale_seq_changes_nothing(game, alice):
    before = snapshot(game)
    with pytest.raises(StaleAction) as info:
        services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=0)
    assert "moved on" in str(info.value)
    assert snapshot(game) == before


def test_double_submit_second_is_refused(game, alice):
    services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    before = snapshot(game)
    with pytest.raises(StaleAction):
        services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    assert snapshot(game) == before
    assert Event.objects.filter(game=game).count() == 2


def test_two_challenges_for_one_window_only_first_counts(game, alice, bob, carol):
    services.action_submit(game_id=game.pk, user=alice, action=ADD2, expected_seq=1)
    services.action_submit(game_id=game.pk, user=bob, action=CHALLENGE, expected_seq=2)
    with pytest.raises(StaleAction):
        services.action_submit(game_id=game.pk, user=carol, action=CHALLENGE, expected_seq=2)
    # even with the fresh seq, the window is closed: the engine refuses it
    with pytest.raises(IllegalMove):
        services.action_submit(game_id=game.pk, user=carol, action=CHALLENGE, expected_seq=3)
    game.refresh_from_db()
    assert game.state["total"] == 0 and game.state_seq == 3


def test_illegal_move_changes_nothing(game, alice, bob):
    before = snapshot(game)
    with pytest.raises(IllegalMove) as info:
        services.action_submit(game_id=game.pk, user=bob, action=ADD1, expected_seq=1)
    assert "not allowed" in str(info.value) and "p2" in str(info.value)
    with pytest.raises(IllegalMove):
        services.action_submit(
            game_id=game.pk, user=alice, action={"type": "add", "n": 3}, expected_seq=1
        )
    assert snapshot(game) == before


@pytest.mark.parametrize(
    "action",
    [
        None,
        "income",
        ["add", 1],
        42,
        {"type": "add", "n": float("inf")},
        {"type": "add\x00"},
        {"type": "add", "junk": "x" * 5000},
        {"type": "add", "n": object()},
    ],
)
def test_malformed_action(game, alice, action):
    before = snapshot(game)
    with pytest.raises(MalformedAction):
        services.action_submit(game_id=game.pk, user=alice, action=action, expected_seq=1)
    assert snapshot(game) == before


@pytest.mark.parametrize("seq", [None, "one", -1, 1.5, True, "", [1]])
def test_malformed_expected_seq(game, alice, seq):
    before = snapshot(game)
    with pytest.raises(MalformedAction):
        services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=seq)
    assert snapshot(game) == before


def test_expected_seq_as_form_string_is_accepted(game, alice):
    event = services.action_submit(game_id=str(game.pk), user=alice, action=ADD1, expected_seq="1")
    assert event.seq == 2


def test_unknown_game_and_strangers(game, dave):
    with pytest.raises(GameNotFound):
        services.action_submit(game_id=game.pk + 99, user=dave, action=ADD1, expected_seq=1)
    with pytest.raises(GameNotFound):
        services.action_submit(game_id="x", user=dave, action=ADD1, expected_seq=1)
    before = snapshot(game)
    with pytest.raises(NotYourSeat):
        services.action_submit(game_id=game.pk, user=dave, action=ADD1, expected_seq=1)
    with pytest.raises(NotYourSeat):
        services.action_submit(game_id=game.pk, user=AnonymousUser(), action=ADD1, expected_seq=1)
    with pytest.raises(NotYourSeat):
        services.action_submit(game_id=game.pk, user=None, action=ADD1, expected_seq=1)
    assert snapshot(game) == before


def test_not_running(alice, bob):
    game = make_game([alice, bob], start=False)
    with pytest.raises(GameNotRunning):
        services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=0)


def play_to_the_end(game, users):
    """Everyone adds 2 in turn and passes in windows, until the game ends."""
    by_player = {s.player_id: s.user for s in game.seats.all()}
    engine = services.common.engine_for(game.kind)
    while True:
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            return game
        state = engine.load(game.state)
        player = engine.waiting_for(state)[0]
        action = PASS if state["window"] else ADD2
        services.action_submit(
            game_id=game.pk, user=by_player[player], action=action, expected_seq=game.state_seq
        )


def test_game_finishes_with_result(game, alice, bob, carol):
    game = play_to_the_end(game, [alice, bob, carol])
    assert game.status == Game.Status.FINISHED
    assert game.result == {"winners": ["p3"]}  # 2 + 2 + 2 >= 5: carol's addition
    assert game.finished_at is not None and game.deadline_at is None
    assert game.revealed_seed == game.seed
    assert not game.seats.filter(to_act=True).exists()
    with pytest.raises(GameNotRunning):
        services.action_submit(
            game_id=game.pk, user=alice, action=ADD1, expected_seq=game.state_seq
        )


def test_system_action_plays_default_for_the_seat(game, alice, bob):
    event = services.system_action_submit(game_id=game.pk, player_id="p1", expected_seq=1)
    assert (event.kind, event.reason, event.action, event.seat.user) == (
        "system",
        "timeout",
        ADD1,
        alice,
    )
    event = services.system_action_submit(
        game_id=game.pk, player_id="p2", expected_seq=2, action=CHALLENGE, reason="autopilot"
    )
    assert event.seq == 3 and event.action == CHALLENGE
    game.refresh_from_db()
    assert game.state_seq == 3 and game.state["turn"] == 1


def test_system_action_refusals(game):
    before = snapshot(game)
    with pytest.raises(StaleAction):  # a late timer does nothing
        services.system_action_submit(game_id=game.pk, player_id="p1", expected_seq=0)
    with pytest.raises(NotYourSeat):
        services.system_action_submit(game_id=game.pk, player_id="p9", expected_seq=1)
    with pytest.raises(NotYourSeat):
        services.system_action_submit(game_id=game.pk, player_id=None, expected_seq=1)
    with pytest.raises(IllegalMove):  # p2 has nothing to decide
        services.system_action_submit(game_id=game.pk, player_id="p2", expected_seq=1)
    with pytest.raises(MalformedAction):
        services.system_action_submit(
            game_id=game.pk, player_id="p1", expected_seq=1, reason="because"
        )
    with pytest.raises(MalformedAction):
        services.system_action_submit(game_id=game.pk, player_id="p1", expected_seq=1, action=[1])
    assert snapshot(game) == before


def test_notice_published_after_commit_only(
    game, alice, monkeypatch, django_capture_on_commit_callbacks
):
    sent = []
    monkeypatch.setattr(live, "publish_change", lambda *args: sent.append(args))
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    game.refresh_from_db()
    assert callbacks  # deferred to the commit
    assert sent == [(game.pk, 2, game.revision)]
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(StaleAction):
            services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    assert callbacks == [] and len(sent) == 1


def test_redis_down_never_fails_a_move(game, alice, settings, django_capture_on_commit_callbacks):
    settings.REDIS_URL = "redis://127.0.0.1:1/0"  # nothing listens there
    with django_capture_on_commit_callbacks(execute=True):
        event = services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    assert Event.objects.filter(game=game, seq=event.seq).exists()


def test_engine_bug_is_refused_cleanly(game, alice, monkeypatch, counting_engine):
    def broken(state, player, action):
        raise KeyError("bug")

    monkeypatch.setattr(counting_engine, "apply", broken)
    before = snapshot(game)
    with pytest.raises(IllegalMove):
        services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    assert snapshot(game) == before
