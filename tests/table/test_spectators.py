"""The spectators' shared panel: everyone without a seat at a public game gets one panel
rendered per (game, revision, language, time zone, variant). Signed-in spectators get their
own variant (the report links); it is exactly what their own rendering would be, holds no
form, and a player never gets it."""

import re

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.cache import cache
from django.test import AsyncClient, Client, RequestFactory

from games.table import live, services
from games.table.models import Game
from games.table.views import spectators

from .factories import make_game
from .test_leaks import allowed_cards, served_cards
from .test_live_streams import close_stream, next_event, open_stream
from .test_views_live import REDIS, redis_or_skip
from .web_helpers import engine_state, url, without_relative_times

pytestmark = pytest.mark.django_db


def complots(users):
    game = make_game(users, kind="complots", min_seats=len(users), max_seats=len(users))
    engine, state = engine_state(game)
    player = engine.waiting_for(state)[0]
    by_player = {s.player_id: s.user for s in game.seats.all()}
    action = next(a for a in engine.legal_actions(state, player) if a.get("type") != "resign")
    services.action_submit(
        game_id=game.pk, user=by_player[player], action=action, expected_seq=game.state_seq
    )
    game.refresh_from_db()
    return game


def panel_of(user, game):
    client = Client()
    if user is not None:
        client.force_login(user)
    # a signed-in spectator's page asks for the shared panel (players' pages do not)
    query = "?spectator=1" if user is not None else ""
    html = client.get(url("panel", game) + query).content.decode()
    return re.sub(r'(name="csrfmiddlewaretoken" value=")[^"]*', r"\1", html)  # per request


def own_panel(user, game, monkeypatch):
    """The viewer's own rendering, as if panels were never shared."""
    with monkeypatch.context() as patch:
        patch.setattr(spectators, "shares_panel", lambda request, game_id, **kw: False)
        return panel_of(user, game)


def test_a_signed_in_spectator_gets_the_shared_panel_that_is_their_own(
    alice, bob, carol, dave, erin, monkeypatch
):
    game = complots([alice, bob, carol])
    cache.clear()
    shared = panel_of(dave, game)
    assert shared == own_panel(dave, game, monkeypatch)
    assert 'data-testid="report-player"' in shared  # the signed-in variant
    assert "csrfmiddlewaretoken" not in shared
    # Another signed-in spectator gets the same rendering, from the cache.
    assert panel_of(erin, game) == shared == own_panel(erin, game, monkeypatch)
    assert dave.username not in shared and erin.username not in shared
    engine, state = engine_state(game)
    assert served_cards(shared) == allowed_cards(engine.view(state, None))
    # Anonymous visitors keep theirs: no report links.
    anonymous = panel_of(None, game)
    assert 'data-testid="report-player"' not in anonymous
    assert anonymous == own_panel(None, game, monkeypatch)


def test_only_a_spectators_page_asks_for_the_shared_panel(alice, bob, carol, dave):
    game = complots([alice, bob, carol])
    panel = url("panel", game)
    pages = {}
    for user in (alice, dave):
        client = Client()
        client.force_login(user)
        pages[user.username] = client.get(url("detail", game)).content.decode()
    assert f'hx-get="{panel}?spectator=1"' in pages["dave"]
    assert f'hx-get="{panel}"' in pages["alice"]
    assert f'hx-get="{panel}"' in Client().get(url("detail", game)).content.decode()


def test_a_second_spectator_costs_no_rendering(
    alice, bob, carol, dave, erin, django_assert_max_num_queries
):
    game = complots([alice, bob, carol])
    cache.clear()
    panel_of(dave, game)
    client = Client()
    client.force_login(erin)
    client.get("/")  # the session and its user are warm
    with django_assert_max_num_queries(4):  # session, user, "no seat", the game's version
        response = client.get(url("panel", game) + "?spectator=1")
    assert response.status_code == 200


def test_players_never_get_a_shared_panel(alice, bob, carol, dave, monkeypatch):
    """Not even when they ask for it (`panel_of` asks, as a spectator's page does)."""
    game = complots([alice, bob, carol])
    cache.clear()
    panel_of(dave, game)  # the shared panel is in the cache
    for player in (alice, bob, carol):
        mine = panel_of(player, game)
        assert without_relative_times(mine) == without_relative_times(
            own_panel(player, game, monkeypatch)
        )
        assert mine != panel_of(dave, game)


def test_a_panel_with_a_form_is_never_shared(alice, bob, dave, erin, monkeypatch):
    """A signed-in viewer's waiting room holds their "join" form, with their CSRF token: it
    is their own rendering, never kept. Anonymous visitors' (no form) is shared."""
    game = make_game([alice, bob], kind="complots", start=False, max_seats=4)
    cache.clear()
    html = panel_of(dave, game)
    assert without_relative_times(html) == without_relative_times(
        own_panel(dave, game, monkeypatch)
    )
    assert "/join/" in html and "csrfmiddlewaretoken" in html
    assert cache.get(spectators.cache_key(game.pk, game.revision, "en", "UTC", "member")) is None
    # The stream never takes it (its renderings go to every member's stream).
    request = RequestFactory().get("/")
    request.user = erin
    assert spectators.shared_panel(request, game.pk, game.revision) is None
    assert spectators.shared_panel(request, game.pk, game.revision, own=True)[1].count(
        "csrfmiddlewaretoken"
    )
    anonymous = panel_of(None, game)
    assert "csrfmiddlewaretoken" not in anonymous
    assert cache.get(spectators.cache_key(game.pk, game.revision, "en", "UTC", "public"))


@pytest.mark.django_db(transaction=True)
def test_signed_in_spectators_streams_carry_their_panel(settings, alice, bob, dave):
    redis_or_skip()
    settings.REDIS_URL = REDIS
    game = complots([alice, bob])
    by_player = {s.player_id: s.user for s in game.seats.all()}

    async def scenario():
        member = AsyncClient()
        await member.aforce_login(dave)
        _, stream, _ = await open_stream(member, game)
        player = AsyncClient()
        await player.aforce_login(alice)
        _, player_stream, _ = await open_stream(player, game)
        engine, state = await sync_to_async(engine_state)(game)
        mover = engine.waiting_for(state)[0]
        await sync_to_async(services.action_submit)(
            game_id=game.pk,
            user=by_player[mover],
            action=engine.legal_actions(state, mover)[0],
            expected_seq=game.state_seq,
        )
        await sync_to_async(game.refresh_from_db)()
        notice = await next_event(stream, "changed")
        assert notice.get("push") is True
        pushed = await next_event(stream, "panel")
        while pushed["rev"] < game.revision:
            pushed = await next_event(stream, "panel")
        served = (await member.get(url("panel", game) + "?spectator=1")).content.decode()
        assert without_relative_times(pushed["html"]) == without_relative_times(served)
        assert 'data-testid="report-player"' in served
        notice = await next_event(player_stream, "changed")
        assert "push" not in notice
        await close_stream(stream)
        await close_stream(player_stream)
        await live.fanout_of_loop().aclose()

    async_to_sync(scenario)()
    assert Game.objects.get(pk=game.pk).revision == game.revision

