"""Votes to skip or drop a player are open only against an absent player.

Every vote kind x live / 1-day / 7-day games x the harshest timeout policy ("out" after one
missed deadline), through the service and through the view: against a present, punctual
player the vote is refused and nothing is written; each kind of absence (away, past the
deadline, a missed deadline) opens the vote, and a majority carries it.
"""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone, translation

from games.clock import seats, votes
from games.clock.models import DeadlineVote
from games.table import services
from games.table.models import Event, Game, Seat
from games.table.records import player_record
from tests.table.factories import make_game
from tests.table.web_helpers import engine_state, url

pytestmark = pytest.mark.django_db

HANDS = {
    "p1": ["duchesse", "capitaine"],
    "p2": ["comtesse", "assassin"],
    "p3": ["ambassadeur", "duchesse"],
}
MODES = ["live", "corr-1d", "corr-7d"]
KINDS = ["skip", "drop"]
THROUGH = ["service", "view"]


@pytest.fixture(autouse=True)
def english():
    """The refusals are matched in English, whatever an earlier test left active."""
    with translation.override("en"):
        yield


def harsh_game(users, time_control, *, max_missed=1):
    """A running 3-player Complots game whose policy drops a player out of the game after
    `max_missed` missed deadlines; p1 (users[0]) owes the first decision."""
    host = users[0]
    game = make_game(
        users,
        kind="complots",
        options={"setup": {"hands": HANDS}},
        start=False,
        time_control=time_control,
        min_seats=3,
        max_seats=3,
    )
    seats.timeout_policy_set(
        game_id=game.pk, user=host, max_missed_deadlines=max_missed, drop_mode="out"
    )
    services.game_start(game_id=game.pk, user=host)
    game.refresh_from_db()
    assert waiting(game) == ["p1"]
    return game


def waiting(game):
    engine, state = engine_state(game)
    return list(engine.waiting_for(state))


def snapshot(game, user):
    game = Game.objects.get(pk=game.pk)
    return {
        "seq": game.state_seq,
        "state": game.state,
        "events": Event.objects.filter(game=game).count(),
        "votes": DeadlineVote.objects.filter(game=game).count(),
        "seats": sorted(Seat.objects.filter(game=game).values_list("player_id", "status")),
        "record": player_record(user),
    }


def cast(client, voter, game, kind, through):
    """One vote against p1; returns the service's result, or raises VoteRefused (service)
    / returns the JSON answer (view)."""
    game.refresh_from_db()
    if through == "service":
        return votes.vote_cast(
            game_id=game.pk,
            user=voter,
            target_player_id="p1",
            kind=kind,
            expected_seq=game.state_seq,
        )
    client.force_login(voter)
    response = client.post(
        url("clock:vote", game),
        {"target": "p1", "kind": kind, "seq": game.state_seq},
        HTTP_ACCEPT="application/json",
    )
    if response.status_code == 400:
        raise votes.VoteRefused(response.json()["error"])
    assert response.status_code == 200, response.content
    return response.json()


@pytest.mark.parametrize("through", THROUGH)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", KINDS)
def test_no_vote_against_a_present_punctual_player(client, alice, bob, carol, kind, mode, through):
    game = harsh_game([alice, bob, carol], mode)
    before = snapshot(game, alice)
    for voter in (bob, carol):
        with pytest.raises(votes.VoteRefused, match="only vote against a player who is away"):
            cast(client, voter, game, kind, through)
    assert snapshot(game, alice) == before
    assert not votes.vote_open(game, Seat.objects.get(game=game, player_id="p1"))


@pytest.mark.parametrize("mode", MODES)
def test_the_page_offers_no_vote_against_a_present_player(client, alice, bob, carol, mode):
    game = harsh_game([alice, bob, carol], mode)
    client.force_login(bob)
    html = client.get(url("detail", game)).content.decode()
    assert 'name="kind" value="skip"' not in html
    assert 'name="kind" value="drop"' not in html
    # a plain form post is refused with a message, and writes nothing
    before = snapshot(game, alice)
    response = client.post(
        url("clock:vote", game), {"target": "p1", "kind": "drop", "seq": game.state_seq}
    )
    assert response.status_code == 302
    assert snapshot(game, alice) == before
    page = client.get(response["Location"]).content.decode()
    assert "only vote against a player who is away" in page


def make_away(game, user):
    user.profile.away_until = timezone.now() + timedelta(days=3)
    user.profile.save(update_fields=["away_until"])
    return None


def make_overdue(game, user):
    return Game.objects.get(pk=game.pk).deadline_at + timedelta(seconds=1)


ABSENCES = {"away": make_away, "overdue": make_overdue}


def assert_carried(game, kind, before):
    game.refresh_from_db()
    seat = Seat.objects.get(game=game, player_id="p1")
    assert game.state_seq > before["seq"]
    if kind == "drop":
        assert seat.status == Seat.Status.LEFT  # the policy says "out"
        assert Event.objects.filter(game=game, seat=seat, kind=Event.Kind.SYSTEM).exists()
    else:
        last = Event.objects.filter(game=game, seat=seat).order_by("-seq").first()
        assert last.kind == Event.Kind.SYSTEM and last.reason == "timeout"
        assert seat.status == Seat.Status.PLAYING


@pytest.mark.parametrize("through", THROUGH)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("absence", sorted(ABSENCES))
def test_an_absence_opens_the_vote_and_it_carries(
    client, alice, bob, carol, kind, mode, through, absence
):
    game = harsh_game([alice, bob, carol], mode)
    moment = ABSENCES[absence](game, alice)
    with time_machine.travel(moment or timezone.now(), tick=False):
        assert votes.vote_open(game, Seat.objects.get(game=game, player_id="p1"))
        before = snapshot(game, alice)
        first = cast(client, bob, game, kind, through)
        assert first == {"votes": 1, "needed": 2, "carried": False}
        assert DeadlineVote.objects.filter(game=game).count() == 1
        second = cast(client, carol, game, kind, through)
        assert second["carried"] is True
    assert_carried(game, kind, before)


@pytest.mark.parametrize("through", THROUGH)
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", KINDS)
def test_a_missed_deadline_opens_the_vote_and_it_carries(
    client, alice, bob, carol, kind, mode, through
):
    # "out" after two misses: after one, p1 still plays, with one missed deadline
    game = harsh_game([alice, bob, carol], mode, max_missed=2)
    services.system_action_submit(
        game_id=game.pk, player_id="p1", expected_seq=game.state_seq, reason="timeout"
    )
    for user in (bob, carol):
        game.refresh_from_db()
        services.action_submit(
            game_id=game.pk, user=user, action={"type": "income"}, expected_seq=game.state_seq
        )
    assert waiting(game) == ["p1"]
    assert Game.objects.get(pk=game.pk).deadline_at > timezone.now()
    assert votes.vote_open(game, Seat.objects.get(game=game, player_id="p1"))
    before = snapshot(game, alice)
    assert cast(client, bob, game, kind, through)["carried"] is False
    assert cast(client, carol, game, kind, through)["carried"] is True
    assert_carried(game, kind, before)


def test_the_page_offers_the_vote_against_an_away_player(client, alice, bob, carol):
    game = harsh_game([alice, bob, carol], "corr-7d")
    make_away(game, alice)
    client.force_login(bob)
    html = client.get(url("detail", game)).content.decode()
    assert 'name="kind" value="skip"' in html and 'name="kind" value="drop"' in html
