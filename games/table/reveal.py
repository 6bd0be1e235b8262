"""The end-of-game reveal: the whole story with its hidden parts shown, once the game is over.

Built from the event log only (the log is the truth, `Game.state` a cache): the log is
replayed from the start event, and after every event the engine gives the spectator's view
and every player's own view. The game's descriptor turns those steps into its reveal
(`GameDescriptor.reveal`: Complots' claims true or bluffed, Intrigue's money through the
rounds, Regicide's enemies' health...); the platform shows it on the finished page and in
the replay, and never before the end: `game_reveal` refuses a game that is not finished,
whoever asks.

A finished game never changes, so its reveal is rendered once per language and kept in
the cache: the finished page costs one query for the events the first time, none after.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from games.table.descriptors import descriptor_for
from games.table.models import Event, Game
from games.table.services import common

log = logging.getLogger(__name__)

# A day: the reveal is read when the game ends and in the days after; a new version of the
# site's templates (REVEAL_VERSION) is seen at once.
CACHE_SECONDS = 24 * 3600
REVEAL_VERSION = 1


@dataclass
class RevealStep:
    """One event of the log replayed: what every seat could see before and after it.

    `views` and `before` map each player id to that player's own view, and None to the
    spectator's view (each computed when first read); `entries` are the public log lines the
    event added (the spectator's log); `number` counts the public log lines before them (the
    log's own numbering)."""

    seq: int
    kind: str
    player: str | None
    action: dict
    before: Mapping
    views: Mapping
    entries: list = field(default_factory=list)
    number: int = 0


class _Views(Mapping):
    """Every seat's view of one moment of the game (None: the spectator's), each computed
    the first time it is read. A reveal reads the spectator's view at every step and a
    player's at a few (a claim, a round's end): each view holds the whole log so far, and
    computing them all at every event made a long game's reveal grow with the square of its
    length times the seats. `state` is kept for that: `apply` never changes a state."""

    __slots__ = ("_engine", "_state", "_seats", "_found")

    def __init__(self, engine, state, players):
        self._engine, self._state = engine, state
        self._seats = (None, *players)
        self._found = {None: engine.view(state, None)}

    def __getitem__(self, player):
        view = self._found.get(player)
        if view is None:
            if player not in self._seats:
                raise KeyError(player)
            view = self._found[player] = self._engine.view(self._state, player)
        return view

    def __iter__(self):
        return iter(self._seats)

    def __len__(self):
        return len(self._seats)


def replay_steps(game: Game, events) -> list[RevealStep]:
    """Every event of `events` (the whole log, in order) replayed, as `RevealStep`s.
    Raises ValueError when the log cannot be replayed."""
    engine = common.engine_for(game.kind)
    seed = bytes.fromhex(game.seed)
    state = None
    players: list[str] = []
    before: dict = {}
    steps: list[RevealStep] = []
    logged = 0
    for event in events:
        if event.kind == Event.Kind.START:
            players = list(event.action.get("players") or [])
            state = engine.new_game(players, options=game.options, seed=seed)
            player = None
        elif state is None or event.kind not in Event.STATE_KINDS or event.seat is None:
            continue
        else:
            player = event.seat.player_id
            state = engine.apply(state, player, event.action)
        views = _Views(engine, state, players)
        public = views[None].get("log") or []
        entries = [e for e in public[logged:] if isinstance(e, dict)]
        steps.append(
            RevealStep(
                seq=event.seq,
                kind=event.kind,
                player=player,
                action=event.action if isinstance(event.action, dict) else {},
                before=before,
                views=views,
                entries=entries,
                number=logged,
            )
        )
        logged = len(public)
        before = views
    return steps


def _cache_key(game, lang) -> str:
    # the commitment names this very game (a database rebuilt from scratch reuses ids)
    return f"reveal:{REVEAL_VERSION}:{game.pk}:{game.commitment[:16]}:{game.state_seq}:{lang}"


def game_reveal(game: Game, *, names: dict, lang: str, events=None) -> str:
    """The reveal of a finished game as HTML ("" when the game's descriptor has none, or
    when the game is not finished: nothing hidden is ever shown before the end)."""
    if game.status != Game.Status.FINISHED:
        return ""
    key = _cache_key(game, lang)
    try:
        found = cache.get(key)
    except Exception:
        found = None
    if found is not None:
        return mark_safe(found)
    if events is None:
        events = Event.objects.filter(game=game).select_related("seat").order_by("seq")
    try:
        steps = replay_steps(game, events)
        context = descriptor_for(game.kind).reveal(steps=steps, names=names)
    except Exception:
        log.exception("reveal of game %s failed", game.pk)
        return ""
    html = ""
    if context:
        html = render_to_string(
            "games/_reveal.html", {"reveal": context, "game": game, "names": names}
        )
    try:
        cache.set(key, html, CACHE_SECONDS)
    except Exception:
        pass
    return mark_safe(html)
