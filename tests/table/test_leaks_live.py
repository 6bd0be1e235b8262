"""LEAK TEST of the live streams: seeded Complots games played through the services while an
anonymous spectator's stream is open. Every notice carries numbers only; every panel pushed
down the stream is exactly the spectators' panel (`/panel/`, and a fresh rendering of the
spectator view) and shows no face-down card; a player's stream never carries a panel."""

import asyncio
import random

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.core.cache import cache
from django.test import AsyncClient, Client

from games.table import live, services
from games.table.models import Game

from .factories import NAMES, UserFactory, make_game
from .test_leaks import allowed_cards, served_cards
from .test_live_streams import close_stream, next_event, open_stream, parse
from .test_views_live import REDIS, redis_or_skip
from .web_helpers import engine_state, url, without_relative_times

STEPS = 12


def spectator_panel_fresh(game):
    """The spectators' panel rendered now, bypassing the shared cache."""
    from django.utils import timezone

    from games.table.views.spectators import cache_key

    cache.delete(cache_key(game.pk, game.revision, "en", timezone.get_current_timezone_name()))
    return Client().get(url("panel", game)).content.decode()


@pytest.mark.parametrize("seed", [0, 1, 2])
@pytest.mark.django_db(transaction=True)
def test_pushed_panels_are_the_spectators_and_hide_every_card(settings, seed):
    redis_or_skip()
    settings.REDIS_URL = REDIS
    rng = random.Random(seed)
    count = rng.choice([2, 3, 4])
    users = [UserFactory(username=name) for name in NAMES[:count]]
    game = make_game(users, kind="complots", min_seats=count, max_seats=count)
    by_player = {s.player_id: s.user for s in game.seats.all()}
    a_player = users[0]

    async def scenario():
        _, spectator, _ = await open_stream(AsyncClient(), game)
        player_client = AsyncClient()
        await player_client.aforce_login(a_player)
        _, player_stream, _ = await open_stream(player_client, game)
        for _ in range(STEPS):
            engine, state = await sync_to_async(engine_state)(game)
            if game.status != Game.Status.RUNNING:
                break
            player = rng.choice(engine.waiting_for(state))
            action = rng.choice(engine.legal_actions(state, player))
            await sync_to_async(services.action_submit)(
                game_id=game.pk,
                user=by_player[player],
                action=action,
                expected_seq=game.state_seq,
            )
            await sync_to_async(game.refresh_from_db)()
            notice = await next_event(spectator, "changed")
            assert set(notice) <= {"seq", "rev", "chat", "push"}
            assert all(isinstance(notice[k], (int, str, bool)) for k in notice)
            pushed = await next_event(spectator, "panel")
            while pushed["rev"] < game.revision:  # several notices for one move
                pushed = await next_event(spectator, "panel")
            assert set(pushed) == {"rev", "html"}
            html = pushed["html"]
            # What the stream carries is what a spectator's own request gets...
            served = (await AsyncClient().get(url("panel", game))).content.decode()
            assert without_relative_times(html) == without_relative_times(served)
            fresh = await sync_to_async(spectator_panel_fresh)(game)
            assert without_relative_times(html) == without_relative_times(fresh)
            # ...and shows only the spectator's view of the cards.
            engine, state = await sync_to_async(engine_state)(game)
            if game.status == Game.Status.RUNNING:
                assert served_cards(html) == allowed_cards(engine.view(state, None))
            assert "csrfmiddlewaretoken" not in html
        # The player's stream had notices, never a panel.
        while True:
            waiter = asyncio.ensure_future(anext(player_stream))
            done, _ = await asyncio.wait({waiter}, timeout=0.3)
            if not done:
                waiter.cancel()
                await asyncio.gather(waiter, return_exceptions=True)
                break
            name, data = parse(waiter.result())
            assert name != "panel"
            if name == "changed":
                assert "push" not in data
        await close_stream(spectator)
        await live.fanout_of_loop().aclose()

    async_to_sync(scenario)()
