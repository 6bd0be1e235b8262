"""Selectors: lobby, a player's games, one game's view for a user, versions, the log."""

import pytest
from django.contrib.auth.models import AnonymousUser

from games.table import selectors, services
from games.table.models import Game
from games.table.services import AccessDenied, GameNotFound, ReplayUnavailable

from .factories import make_game
from .test_services_play import ADD1, PASS, play_to_the_end

pytestmark = pytest.mark.django_db


def test_lobby_lists_public_open_games_only(alice, bob, carol):
    open_public = services.game_create(host=alice, kind="counting")
    services.seat_join(game_id=open_public.pk, user=bob)
    services.game_create(host=alice, kind="counting", visibility="private")
    make_game([carol, bob])  # running
    cancelled = services.game_create(host=bob, kind="counting")
    services.game_cancel(game_id=cancelled.pk, user=bob)
    newer = services.game_create(host=carol, kind="counting")
    lobby = list(selectors.lobby_games())
    assert [g.pk for g in lobby] == [newer.pk, open_public.pk]
    assert [g.seat_count for g in lobby] == [1, 2]
    assert list(selectors.lobby_games(kind="complots")) == []


def test_user_games_your_turn_first(alice, bob, carol):
    waiting_for_bob = make_game([alice, bob])  # alice to play
    bob_to_play = make_game([bob, carol])  # bob to play
    open_game = make_game([alice, bob], start=False)
    finished = make_game([carol, bob], options={"target": 2})
    play_to_the_end(finished, [carol, bob])
    other = make_game([alice, carol])  # bob not seated
    games = list(selectors.user_games(user=bob))
    assert [g.pk for g in games] == [bob_to_play.pk, waiting_for_bob.pk, open_game.pk, finished.pk]
    assert [g.my_turn for g in games] == [True, False, False, False]
    assert games[0].my_player_id == "p1" and games[1].my_position == 2
    assert other.pk not in [g.pk for g in selectors.user_games(user=bob)]
    active = [g.pk for g in selectors.user_games(user=bob, include_over=False)]
    assert finished.pk not in active and len(active) == 3
    assert selectors.user_turn_count(user=bob) == 1
    assert selectors.user_turn_count(user=alice) == 2
    assert list(selectors.user_games(user=AnonymousUser())) == []


def test_game_view_for_a_player_hides_others_secrets(alice, bob, carol):
    game = make_game([alice, bob])
    gv = selectors.game_view(game_id=game.pk, user=alice)
    assert gv.seat.user == alice and gv.player_id == "p1" and not gv.is_spectator
    secrets = {p["id"]: p["secret"] for p in gv.view["players"]}
    assert secrets["p1"] is not None and secrets["p2"] is None
    assert gv.legal_actions == [ADD1, {"type": "add", "n": 2}] and gv.to_act
    assert gv.seq == 1 and gv.is_host and gv.revealed_seed is None

    gv_bob = selectors.game_view(game_id=game.pk, user=bob)
    assert gv_bob.legal_actions == [] and not gv_bob.to_act
    assert {p["id"]: p["secret"] for p in gv_bob.view["players"]}["p1"] is None


@pytest.mark.parametrize("who", ["carol", "anonymous"])
def test_spectator_of_public_game(alice, bob, carol, who):
    game = make_game([alice, bob])
    user = carol if who == "carol" else AnonymousUser()
    gv = selectors.game_view(game_id=game.pk, user=user)
    assert gv.is_spectator and gv.seat is None and gv.legal_actions == []
    assert all(p["secret"] is None for p in gv.view["players"])
    assert not gv.can_join  # running


def test_private_game_needs_seat_or_invitation(alice, bob, carol):
    game = make_game([alice, bob], visibility="private")
    assert selectors.game_view(game_id=game.pk, user=bob).seat.user == bob
    for user in (carol, AnonymousUser()):
        with pytest.raises(AccessDenied):
            selectors.game_view(game_id=game.pk, user=user)
        with pytest.raises(AccessDenied):
            selectors.game_view(game_id=game.pk, user=user, invitation_token="guess")
    gv = selectors.game_view(game_id=game.pk, user=carol, invitation_token=game.invitation_token)
    assert gv.is_spectator and all(p["secret"] is None for p in gv.view["players"])


def test_open_game_view_and_can_join(alice, bob, carol):
    game = services.game_create(host=alice, kind="counting", max_seats=2)
    gv = selectors.game_view(game_id=game.pk, user=bob)
    assert gv.view is None and gv.can_join and [s.user for s in gv.seats] == [alice]
    services.seat_join(game_id=game.pk, user=bob)
    assert not selectors.game_view(game_id=game.pk, user=carol).can_join  # full
    assert not selectors.game_view(game_id=game.pk, user=AnonymousUser()).can_join


def test_game_view_unknown(alice):
    with pytest.raises(GameNotFound):
        selectors.game_view(game_id=12345, user=alice)
    with pytest.raises(GameNotFound):
        selectors.game_view(game_id="../etc", user=alice)


def test_game_view_chat_hides_hidden_messages(alice, bob):
    game = make_game([alice, bob])
    services.chat_post(game_id=game.pk, user=alice, text="first")
    hidden = services.chat_post(game_id=game.pk, user=bob, text="rude")
    services.chat_post(game_id=game.pk, user=bob, text="third")
    type(hidden).objects.filter(pk=hidden.pk).update(hidden=True)
    gv = selectors.game_view(game_id=game.pk, user=alice)
    assert [m.text for m in gv.chat] == ["first", "third"]


def test_version_and_changed_since(alice, bob):
    game = make_game([alice, bob])
    version = selectors.game_version(game_id=game.pk)
    assert version == (1, game.revision) and version.seq == 1
    assert not selectors.game_changed_since(game_id=game.pk, seq=1, rev=version.rev)
    services.chat_post(game_id=game.pk, user=bob, text="hi")
    assert not selectors.game_changed_since(game_id=game.pk, seq=1)
    assert selectors.game_changed_since(game_id=game.pk, seq=1, rev=version.rev)
    services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    assert selectors.game_changed_since(game_id=game.pk, seq=1)
    with pytest.raises(GameNotFound):
        selectors.game_version(game_id=game.pk + 7)


def test_events_revealed_only_when_over(alice, bob, carol):
    game = make_game([alice, bob], options={"target": 3}, visibility="private")
    with pytest.raises(ReplayUnavailable):
        selectors.game_events(game_id=game.pk, user=alice)
    services.action_submit(game_id=game.pk, user=alice, action=ADD1, expected_seq=1)
    services.action_submit(game_id=game.pk, user=bob, action=PASS, expected_seq=2)
    game = play_to_the_end(game, [alice, bob])
    assert game.status == Game.Status.FINISHED
    events = list(selectors.game_events(game_id=game.pk, user=bob))
    assert [e.seq for e in events] == list(range(1, game.state_seq + 1))
    assert events[1].action == ADD1
    with pytest.raises(AccessDenied):
        selectors.game_events(game_id=game.pk, user=carol)
    assert selectors.game_events(
        game_id=game.pk, user=carol, invitation_token=game.invitation_token
    ).count() == len(events)


def test_game_view_carries_a_public_projection_of_the_row(alice, bob, carol):
    game = make_game([alice, bob], visibility="private")
    row = Game.objects.get(pk=game.pk)
    assert row.seed and row.state and row.invitation_token
    host = selectors.game_view(game_id=game.pk, user=alice).game
    player = selectors.game_view(game_id=game.pk, user=bob).game
    spectator = selectors.game_view(
        game_id=game.pk, user=carol, invitation_token=row.invitation_token
    ).game
    for public in (host, player, spectator):
        assert isinstance(public, Game) and public.pk == row.pk
        assert public.seed == "" and public.state is None and public.revealed_seed is None
        assert (public.commitment, public.state_seq) == (row.commitment, row.state_seq)
        with pytest.raises(TypeError):
            public.save()
        with pytest.raises(TypeError):
            public.refresh_from_db()
    assert host.invitation_token == row.invitation_token
    assert player.invitation_token == "" and spectator.invitation_token == ""
    # Over: the seed and the state are public (the replay shows every card then).
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    over = selectors.game_view(game_id=game.pk, user=bob).game
    assert over.revealed_seed == row.seed and over.state == row.state
    assert Game.objects.get(pk=game.pk).seed == row.seed  # the row itself is untouched
