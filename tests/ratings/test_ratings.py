"""Ratings: the descriptors' ranks, rated or not, leavers last, the projection (rebuild),
the moderators' void, reliability and the table's condition, the pages and their queries."""

from __future__ import annotations

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.moderation.models import ModerationAction
from games.moderation.services import game_rating_void
from games.ratings.models import (
    PlayerReliability,
    RatedGame,
    Rating,
    RatingChange,
    SeatResult,
    TableCondition,
)
from games.ratings.services import ReliabilityRefused, ratings_rebuild, table_condition_set
from games.table import services
from games.table.descriptors import descriptor_for
from games.table.models import Event, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def people(make_user):
    return [make_user(f"p{i}", display_name=f"P{i}") for i in range(10)]


def table(players, *, kind="complots", rated=True, **kwargs) -> Game:
    host, *others = players
    game = services.game_create(
        host=host,
        kind=kind,
        min_seats=len(players),
        max_seats=len(players),
        rated=rated,
        **kwargs,
    )
    for user in others:
        services.seat_join(game_id=game.pk, user=user, invitation_token=game.invitation_token)
    services.game_start(game_id=game.pk, user=host)
    return game


def play_out(game, rng, *, resign_first=None, limit=3000) -> Game:
    from games.engines import get_engine

    engine = get_engine(game.kind)
    resigned = False
    for _ in range(limit):
        game.refresh_from_db()
        if game.status != Game.Status.RUNNING:
            break
        state = engine.load(game.state)
        player = list(engine.waiting_for(state))[0]
        legal = engine.legal_actions(state, player)
        seat = game.seats.select_related("user").get(player_id=player)
        if resign_first and not resigned and seat.user == resign_first:
            action = next(a for a in legal if a.get("type") == "resign")
            resigned = True
        else:
            action = rng.choice([a for a in legal if a.get("type") != "resign"])
        services.action_submit(
            game_id=game.pk, user=seat.user, action=action, expected_seq=game.state_seq
        )
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def stored() -> dict:
    return {
        (r.pool, r.user_id): (r.mu, r.sigma, r.games, r.ordinal, r.last_game_at)
        for r in Rating.objects.all()
    }


# --- the descriptors ------------------------------------------------------------------------


def test_complots_ranks_by_elimination_with_the_winner_first():
    view = {
        "players": [{"id": p} for p in ("p1", "p2", "p3", "p4")],
        "log": [
            {"event": "eliminated", "player": "p3"},
            {"event": "eliminated", "player": "p1"},
            {"event": "eliminated", "player": "p4"},
        ],
    }
    ranks = descriptor_for("complots").ranks({"winners": ["p2"]}, view)
    assert ranks == {"p2": 1, "p4": 2, "p1": 3, "p3": 4}


def test_intrigue_ranks_by_money_ties_sharing():
    outcome = {"winners": ["p2"], "money": {"p1": 10, "p2": 30, "p3": 10, "p4": 5}}
    assert descriptor_for("intrigue").ranks(outcome, {}) == {"p2": 1, "p1": 2, "p3": 2, "p4": 4}


def test_pools_duels_tables_intrigue_and_no_regicide():
    complots = descriptor_for("complots")
    assert complots.rating_pool(2, {}) == "complots-duel"
    assert complots.rating_pool(5, {"characters": "random"}) == "complots-table"
    assert descriptor_for("intrigue").rating_pool(4, {}) == "intrigue"
    assert descriptor_for("regicide").rating_pool(2, {}) is None
    assert descriptor_for("regicide").rating_pools() == {}


# --- rated or not ---------------------------------------------------------------------------


def test_a_rated_duel_numbers_its_end_and_moves_both_ratings(people):
    rng = random.Random(1)
    first = play_out(table(people[:2]), rng)
    second = play_out(table(people[:2]), rng)
    seqs = list(RatedGame.objects.order_by("seq").values_list("game_id", "seq"))
    assert seqs == [(first.pk, 1), (second.pk, 2)]
    ratings = Rating.objects.filter(pool="complots-duel")
    assert sorted(r.games for r in ratings) == [2, 2]
    winner = first.seats.get(player_id=first.result["winners"][0]).user
    change = RatingChange.objects.get(rated_game__game=first, user=winner)
    assert change.delta > 0 and change.rank == 1


def test_private_unrated_and_cooperative_games_are_not_rated(people):
    rng = random.Random(2)
    play_out(table(people[:2], rated=False), rng)
    play_out(table(people[:2], visibility=Game.Visibility.PRIVATE), rng)
    play_out(table(people[:2], kind="regicide"), rng)
    assert not RatedGame.objects.exists() and not Rating.objects.exists()
    assert SeatResult.objects.count() == 6  # reliability and records count them all


def test_a_game_with_a_bot_is_not_rated(people):
    from games.bot_seats.selfplay import bot_games_play

    bot_games_play(count=1, kind="complots", players=2, seed="r", rated=True)
    assert Game.objects.filter(status=Game.Status.FINISHED).count() == 1
    assert not RatedGame.objects.exists()


def test_who_leaves_ranks_below_everyone_still_in(people):
    game = play_out(table(people[:4]), random.Random(3), resign_first=people[2])
    rated = RatedGame.objects.get(game=game)
    leaver = game.seats.get(user=people[2]).player_id
    assert rated.ranks[leaver] == max(rated.ranks.values())
    assert sorted(rated.ranks.values()) == [1, 2, 3, 4]
    assert SeatResult.objects.get(game=game, user=people[2]).abandoned


# --- the projection -------------------------------------------------------------------------


def test_rebuild_gives_exactly_the_stored_values(people, settings):
    settings.RATINGS_RATE_BOTS = True
    from games.bot_seats.selfplay import bot_games_play

    bot_games_play(count=3, kind="complots", players=2, seed="a", rated=True)
    bot_games_play(count=3, kind="complots", players=3, seed="b", rated=True)
    bot_games_play(count=2, kind="intrigue", players=3, seed="c", rated=True)
    rng = random.Random(5)
    for _ in range(3):
        play_out(table(rng.sample(people, rng.choice([2, 3]))), rng)
    assert RatedGame.objects.count() == 11
    before = stored()
    changes = sorted(RatingChange.objects.values_list("rated_game_id", "user_id", "mu", "sigma"))
    check = ratings_rebuild(write=False)
    assert check.differences == [] and check.games == 11
    report = ratings_rebuild()
    assert report.differences == []
    assert stored() == before
    after = sorted(RatingChange.objects.values_list("rated_game_id", "user_id", "mu", "sigma"))
    assert after == changes


def test_a_moderators_void_leaves_the_game_out(people, make_user):
    rng = random.Random(6)
    games = [play_out(table(people[:2]), rng) for _ in range(3)]
    moderator = make_user("mod")
    type(moderator).objects.filter(pk=moderator.pk).update(is_staff=True, is_superuser=True)
    moderator.refresh_from_db()
    game_rating_void(moderator=moderator, game=games[1], reason="collusion")
    assert RatedGame.objects.get(game=games[1]).voided
    assert Event.objects.filter(game=games[1], action__type="rating_void").exists()
    assert ModerationAction.objects.filter(action="rating_void", game=games[1]).exists()
    assert sorted(r.games for r in Rating.objects.all()) == [2, 2]
    assert ratings_rebuild(write=False).differences == []
    with pytest.raises(Exception, match="already"):
        game_rating_void(moderator=moderator, game=games[1], reason="again")


# --- reliability and the table's condition --------------------------------------------------


def test_a_table_refuses_a_player_over_its_share_of_timeouts(people):
    game = services.game_create(host=people[0], kind="complots", max_seats=4, rated=True)
    table_condition_set(game_id=game.pk, user=people[0], max_timeouts=10, newcomer_games=0)
    PlayerReliability.objects.create(user=people[1], games=8, decisions=100, timeouts=20)
    PlayerReliability.objects.create(user=people[2], games=8, decisions=100, timeouts=9)
    with pytest.raises(ReliabilityRefused, match="fewer than 10 %"):
        services.seat_join(game_id=game.pk, user=people[1])
    assert game.seats.count() == 1
    services.seat_join(game_id=game.pk, user=people[2])
    services.seat_join(game_id=game.pk, user=people[3])  # no game yet: no timeout
    table_condition_set(game_id=game.pk, user=people[0], max_timeouts=10, newcomer_games=10)
    services.seat_join(game_id=game.pk, user=people[1])  # fewer than 10 games: welcome
    with pytest.raises(services.NotHost):
        table_condition_set(game_id=game.pk, user=people[1], max_timeouts=5)
    with pytest.raises(services.GameError):
        table_condition_set(game_id=game.pk, user=people[0], max_timeouts=7)
    assert TableCondition.objects.get(game=game).max_timeouts == 10


def test_reliability_counts_the_last_games(people):
    rng = random.Random(7)
    play_out(table(people[:2]), rng)
    row = PlayerReliability.objects.get(user=people[0])
    assert row.games == 1 and row.decisions > 0 and row.timeouts == 0


# --- the pages ------------------------------------------------------------------------------


def test_the_finished_page_shows_the_change_and_the_profile_the_history(client, people):
    rng = random.Random(8)
    games = [play_out(table(people[:2]), rng) for _ in range(3)]
    page = client.get(reverse("games:detail", args=[games[-1].pk])).content.decode()
    assert 'data-testid="rating-change"' in page and 'data-testid="seat-reliability"' in page
    profile = client.get(reverse("games:player", args=[people[0].username])).content.decode()
    assert 'data-testid="profile-ratings"' in profile
    assert 'data-testid="rating-history"' in profile and "<svg" in profile
    assert "3?" in profile or "?" in profile  # provisional below 5 games


def test_the_lobby_rows_say_rated_the_hosts_reliability_and_the_condition(client, people):
    PlayerReliability.objects.create(
        user=people[1], games=8, decisions=200, timeouts=30, abandoned=2
    )
    game = services.game_create(host=people[1], kind="complots", max_seats=4, rated=True)
    table_condition_set(game_id=game.pk, user=people[1], max_timeouts=10, newcomer_games=0)
    services.game_create(host=people[2], kind="complots", max_seats=4, rated=False)
    client.force_login(people[3])
    page = client.get(reverse("games:lobby")).content.decode()
    standings = re.findall(r'data-testid="open-game-standing">([^<]*)<', page)
    assert standings == [
        "host: no finished game yet",  # the newest table first
        "rated · host: 15 % timeouts, 25 % abandoned · players with fewer than 10 % timeouts",
    ]
    page = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    standings = re.findall(r'data-testid="open-game-standing">([^<]*)<', page)
    assert re.sub("[\xa0\u202f]", " ", standings[1]) == (  # (French typography's spaces)
        "classée · hôte : 15 % de délais dépassés, 25 % d’abandons"
        " · joueurs ayant moins de 10 % de délais dépassés"
    )


def count(client, path) -> int:
    client.get(path)
    with CaptureQueriesContext(connection) as ctx:
        response = client.get(path)
    assert response.status_code == 200
    return len(ctx)


def test_leaderboard_queries_do_not_grow_with_players_and_own_row_is_marked(
    client, people, settings
):
    settings.RATINGS_PROVISIONAL_GAMES = 1
    rng = random.Random(9)
    client.force_login(people[0])
    url = reverse("ratings:board", args=["complots-duel"])
    play_out(table(people[:2]), rng)
    few = count(client, url)
    for i in range(2, 10, 2):
        play_out(table(people[i : i + 2]), rng)
    many = count(client, url)
    assert few == many <= 6
    page = client.get(url).content.decode()
    assert page.count('data-testid="my-row"') == 1 and 'data-testid="my-place"' in page
    assert client.get(reverse("ratings:board", args=["nope"])).status_code == 404
    assert client.get(url + "?page=x").status_code == 200
