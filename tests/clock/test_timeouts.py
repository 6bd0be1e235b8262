"""Deadlines and timeouts, in-process (the sweeper and the timeout service called directly)."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from games.clock import seats, sweeper, timeouts, votes
from games.clock.models import GameClock, SeatClock, TimeoutPolicy
from games.table.models import Event, Game, Seat
from games.table.services import StaleAction

from .helpers import after, fresh, play, start_game, system_events

pytestmark = pytest.mark.django_db


def test_a_turn_times_out_with_the_default_action(alice, bob):
    game = start_game([alice, bob])
    start = Event.objects.get(game=game, seq=1).created_at
    assert fresh(game).deadline_at == start + timedelta(days=1)
    stats = sweeper.deadlines_sweep(now=after(game))
    assert stats["timeouts"] == 1
    assert system_events(game) == [("p1", "income", "timeout")]
    game = fresh(game)
    assert game.state_seq == 2 and game.state["current"] == 1


def test_nothing_happens_before_the_deadline(alice, bob):
    game = start_game([alice, bob])
    stats = sweeper.deadlines_sweep(now=fresh(game).deadline_at - timedelta(seconds=1))
    assert stats["timeouts"] == 0
    assert system_events(game) == []


def test_a_window_closes_at_its_deadline_for_those_who_did_not_answer(alice, bob, carol):
    game = start_game([alice, bob, carol])
    play(game, alice, {"type": "claim"})
    game = fresh(game)
    assert game.deadline_at == Event.objects.get(game=game, seq=2).created_at + timedelta(hours=12)
    play(game, bob, {"type": "pass"})
    # the window goes on with carol: its deadline does not restart
    assert fresh(game).deadline_at == game.deadline_at
    sweeper.deadlines_sweep(now=after(game))
    assert system_events(game) == [("p3", "pass", "timeout")]
    game = fresh(game)
    assert game.state["coins"]["p1"] == 2
    assert game.state["current"] == 1  # bob's turn now: his own new decision, untouched
    assert game.deadline_at > timezone.now() + timedelta(hours=23)


def test_a_window_where_nobody_answered_then_stops_at_the_next_decision(alice, bob, carol):
    game = start_game([alice, bob, carol])
    play(game, alice, {"type": "claim"})
    sweeper.deadlines_sweep(now=after(game))
    assert system_events(game) == [("p2", "pass", "timeout"), ("p3", "pass", "timeout")]
    assert fresh(game).state["current"] == 1


def test_no_timeout_when_the_player_acted_just_before(alice, bob):
    game = start_game([alice, bob])
    scheduled_seq = fresh(game).state_seq
    late = after(game)
    play(game, alice, {"type": "income"})
    assert timeouts.game_timeout_apply(game.pk, scheduled_seq, now=late) == 0
    assert system_events(game) == []


def test_a_duplicated_timeout_task_does_nothing(alice, bob):
    game = start_game([alice, bob])
    seq = fresh(game).state_seq
    with time_machine.travel(after(game), tick=False):
        assert timeouts.game_timeout_apply(game.pk, seq) == 1
        assert timeouts.game_timeout_apply(game.pk, seq) == 0
        assert sweeper.deadlines_sweep()["timeouts"] == 0
    assert len(system_events(game)) == 1


def test_an_early_task_does_nothing(alice, bob):
    game = start_game([alice, bob])
    early = fresh(game).deadline_at - timedelta(minutes=1)
    assert timeouts.game_timeout_apply(game.pk, fresh(game).state_seq, now=early) == 0


def _miss(game):
    sweeper.deadlines_sweep(now=after(game))


def test_three_misses_in_a_row_put_a_player_on_autopilot(alice, bob):
    game = start_game([alice, bob], goal=50)
    for _ in range(2):
        play(game, alice, {"type": "income"})
        _miss(game)  # bob misses
    bob_seat = Seat.objects.get(game=game, user=bob)
    assert bob_seat.status == Seat.Status.PLAYING
    assert timeouts.missed_in_row(bob_seat) == 2
    play(game, alice, {"type": "income"})
    _miss(game)
    bob_seat.refresh_from_db()
    assert bob_seat.status == Seat.Status.AUTOPILOT
    assert SeatClock.objects.get(seat=bob_seat).drop_reason == "missed"
    assert seats.seat_flags(fresh(game))["p2"]["autopilot"] is True
    # from now on bob's decisions are played at once, marked autopilot
    play(game, alice, {"type": "claim"})
    game = fresh(game)
    assert game.deadline_at <= timezone.now()
    timeouts.game_timeout_apply(game.pk, game.state_seq)
    events = system_events(game)
    assert events[-2:] == [("p2", "pass", "autopilot"), ("p2", "income", "autopilot")]
    assert fresh(game).state["current"] == 0


def test_acting_resets_the_count(alice, bob):
    game = start_game([alice, bob], goal=50)
    for _ in range(2):
        play(game, alice, {"type": "income"})
        _miss(game)
    play(game, alice, {"type": "income"})
    play(game, bob, {"type": "income"})  # bob is back
    for _ in range(2):
        play(game, alice, {"type": "income"})
        _miss(game)
    bob_seat = Seat.objects.get(game=game, user=bob)
    assert timeouts.missed_in_row(bob_seat) == 2
    assert bob_seat.status == Seat.Status.PLAYING


def test_drop_mode_out_falls_back_to_autopilot_without_an_engine_resign(alice, bob):
    game = start_game([alice, bob], goal=50)
    TimeoutPolicy.objects.create(game=game, max_missed_deadlines=1, drop_mode="out")
    play(game, alice, {"type": "income"})
    _miss(game)
    assert Seat.objects.get(game=game, user=bob).status == Seat.Status.AUTOPILOT


def test_away_mode_extends_a_correspondence_deadline_up_to_the_limit(alice, bob):
    game = start_game([alice, bob], goal=50)
    bob.profile.away_until = timezone.now() + timedelta(days=3)
    bob.profile.save()
    play(game, alice, {"type": "income"})
    game = fresh(game)
    assert abs(game.deadline_at - bob.profile.away_until) < timedelta(seconds=1)
    assert seats.seat_flags(game)["p2"]["away"] is True
    # 30 days away: at most 7 days in all for this game; 2 already granted above.
    bob.profile.away_until = timezone.now() + timedelta(days=30)
    bob.profile.save()
    play(game, bob, {"type": "income"})
    play(game, alice, {"type": "income"})
    game = fresh(game)
    started = Event.objects.get(game=game, seq=game.state_seq).created_at
    extension = game.deadline_at - (started + timedelta(days=1))
    assert timedelta(days=4, hours=23) < extension <= timedelta(days=5, seconds=2)


def test_away_mode_changes_nothing_in_a_live_game(alice, bob):
    game = start_game([alice, bob], time_control="live")
    bob.profile.away_until = timezone.now() + timedelta(days=3)
    bob.profile.save()
    play(game, alice, {"type": "income"})
    game = fresh(game)
    started = Event.objects.get(game=game, seq=game.state_seq).created_at
    assert game.deadline_at == started + timedelta(seconds=120)


def test_the_sweeper_catches_up_bookkeeping_it_missed(alice, bob):
    game = start_game([alice, bob])
    GameClock.objects.filter(game=game).delete()
    stats = sweeper.deadlines_sweep()
    assert stats["synced"] == 1
    assert GameClock.objects.get(game=game).seq == fresh(game).state_seq


def away(user):
    user.profile.away_until = timezone.now() + timedelta(days=2)
    user.profile.save(update_fields=["away_until"])


def test_vote_to_skip_needs_a_majority_and_one_vote_each(alice, bob, carol, make_user):
    dave = make_user("dave")
    game = start_game([alice, bob, carol, dave])
    away(alice)  # votes are open only against an absent player
    seq = fresh(game).state_seq
    result = votes.vote_cast(
        game_id=game.pk, user=bob, target_player_id="p1", kind="skip", expected_seq=seq
    )
    assert result == {"votes": 1, "needed": 2, "carried": False}
    with pytest.raises(Exception, match="already voted"):
        votes.vote_cast(
            game_id=game.pk, user=bob, target_player_id="p1", kind="skip", expected_seq=seq
        )
    with pytest.raises(Exception, match="no decision"):
        votes.vote_cast(
            game_id=game.pk, user=dave, target_player_id="p3", kind="skip", expected_seq=seq
        )
    result = votes.vote_cast(
        game_id=game.pk, user=carol, target_player_id="p1", kind="skip", expected_seq=seq
    )
    assert result["carried"] is True
    assert system_events(game) == [("p1", "income", "timeout")]
    with pytest.raises(StaleAction):
        votes.vote_cast(
            game_id=game.pk, user=dave, target_player_id="p1", kind="skip", expected_seq=seq
        )


def test_vote_to_drop_puts_the_player_on_autopilot_and_plays_for_them(alice, bob, carol):
    game = start_game([alice, bob, carol])
    away(alice)  # votes are open only against an absent player
    seq = fresh(game).state_seq
    for voter in (bob, carol):
        result = votes.vote_cast(
            game_id=game.pk, user=voter, target_player_id="p1", kind="drop", expected_seq=seq
        )
    assert result["carried"] is True
    assert Seat.objects.get(game=game, user=alice).status == Seat.Status.AUTOPILOT
    assert system_events(game) == [("p1", "income", "autopilot")]


def test_vote_view_refuses_bad_input_without_a_500(client, alice, bob):
    game = start_game([alice, bob])
    away(alice)  # votes are open only against an absent player
    client.force_login(bob)
    url = f"/games/{game.pk}/vote/"
    response = client.post(
        url, {"target": "p9", "kind": "skip", "seq": "x"}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 400
    response = client.post(
        url,
        {"target": "p1", "kind": "skip", "seq": fresh(game).state_seq},
        HTTP_ACCEPT="application/json",
    )
    assert response.status_code == 200 and response.json()["carried"] is True


def test_a_correspondence_game_played_to_the_end_with_a_dropped_player(alice, bob, carol):
    """1-day turns, the clock moved forward: carol never plays, misses three deadlines,
    goes on autopilot, and the game still ends."""
    with time_machine.travel(timezone.now(), tick=False) as traveller:
        game = start_game([alice, bob, carol], goal=6)
        for _round in range(40):
            game = fresh(game)
            if game.status != Game.Status.RUNNING:
                break
            waiting = game.state["players"][game.state["current"]]
            if game.state["window"] is None and waiting in ("p1", "p2"):
                play(game, alice if waiting == "p1" else bob, {"type": "income"})
                continue
            traveller.shift(timedelta(days=1, seconds=5))
            sweeper.deadlines_sweep()
        game = fresh(game)
    assert game.status == Game.Status.FINISHED
    assert game.result == {"winners": ["p1"]}
    carol_seat = Seat.objects.get(game=game, user=carol)
    assert carol_seat.status == Seat.Status.AUTOPILOT
    reasons = [r for p, _t, r in system_events(game) if p == "p3"]
    assert reasons[:3] == ["timeout"] * 3 and set(reasons[3:]) == {"autopilot"}
    assert game.deadline_at is None


def test_the_host_sets_the_policy_before_the_start(alice, bob):
    from games.table.services import InvalidGameSettings, NotHost, game_create, seat_join

    game = game_create(host=alice, kind="ticktock", time_control="corr-1d")
    seat_join(game_id=game.pk, user=bob)
    with pytest.raises(NotHost):
        seats.timeout_policy_set(game_id=game.pk, user=bob, max_missed_deadlines=2)
    with pytest.raises(InvalidGameSettings):
        seats.timeout_policy_set(game_id=game.pk, user=alice, max_missed_deadlines="0")
    with pytest.raises(InvalidGameSettings):
        seats.timeout_policy_set(game_id=game.pk, user=alice, drop_mode="exile")
    seats.timeout_policy_set(game_id=game.pk, user=alice, max_missed_deadlines=1)
    from games.table.services import game_start

    game_start(game_id=game.pk, user=alice)
    play(game, alice, {"type": "income"})
    _miss(game)  # one miss is enough now
    assert Seat.objects.get(game=game, user=bob).status == Seat.Status.AUTOPILOT


def test_a_player_on_autopilot_takes_the_seat_back(client, alice, bob):
    game = start_game([alice, bob], goal=50)
    TimeoutPolicy.objects.create(game=game, max_missed_deadlines=1)
    play(game, alice, {"type": "income"})
    _miss(game)
    assert Seat.objects.get(game=game, user=bob).status == Seat.Status.AUTOPILOT
    client.force_login(bob)
    response = client.post(f"/games/{game.pk}/resume/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200 and response.json() == {"resumed": True}
    assert Seat.objects.get(game=game, user=bob).status == Seat.Status.PLAYING
    assert seats.seat_flags(fresh(game))["p2"]["dropped"] is False
    response = client.post(f"/games/{game.pk}/resume/", HTTP_ACCEPT="application/json")
    assert response.status_code == 400
    play(game, alice, {"type": "income"})  # bob's decision waits for him again
    assert fresh(game).deadline_at > timezone.now() + timedelta(hours=23)
