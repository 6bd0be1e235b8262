"""Helpers of the web-layer tests: play games through the services, read pages."""

from __future__ import annotations

import json
import re

from django.urls import reverse

from games.engines import get_engine
from games.table import services
from games.table.models import Game


def users_by_player(game):
    return {seat.player_id: seat.user for seat in game.seats.select_related("user")}


def engine_state(game):
    game.refresh_from_db()
    engine = get_engine(game.kind)
    return engine, engine.load(game.state)


def play_step(game, choose=None):
    """Play one move through the services: the first waiting player's `choose(legal)` (the
    first legal action by default). Returns (user, action) or None once the game is over."""
    engine, state = engine_state(game)
    if game.status != Game.Status.RUNNING:
        return None
    waiting = engine.waiting_for(state)
    if not waiting:
        return None
    player = waiting[0]
    legal = engine.legal_actions(state, player)
    action = choose(legal) if choose else legal[0]
    user = users_by_player(game)[player]
    services.action_submit(game_id=game.pk, user=user, action=action, expected_seq=game.state_seq)
    return user, action


def play_to_end(game, choose=None, limit=2000):
    for _ in range(limit):
        if play_step(game, choose) is None:
            break
    game.refresh_from_db()
    return game


def url(name, game, *args):
    """A game URL by name: the table's (`games:`) unless the name has its namespace."""
    name = name if ":" in name else f"games:{name}"
    return reverse(name, args=[game.pk if hasattr(game, "pk") else game, *args])


def action_buttons(html):
    """The action dicts of the move buttons of a page or fragment."""
    values = re.findall(r'<button type="submit" name="action" value="([^"]*)"', html)
    return [json.loads(v.replace("&quot;", '"').replace("&amp;", "&")) for v in values]


def expected_seq_in(html):
    match = re.search(r'name="expected_seq" value="(\d+)"', html)
    return int(match.group(1)) if match else None


def without_relative_times(html):
    """The panel with its `<time>` elements' relative words left out ("in 18 s"): they are
    written when the panel is rendered, and two renderings a second apart differ there only.
    The elements' absolute `datetime` stays compared."""
    return re.sub(r"(<time\b[^>]*>)[^<]*(</time>)", r"\1\2", html)
