"""Rebuild a game from its seed, options, players and event log; check the cache against it;
verify a finished game's seed commitment.

The event log is the truth and `Game.state` a cache: `game_replay(game)` must give exactly the
cached dump, which `check_replays` (management command) checks for every game.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from games.table.models import Event, Game
from games.table.services import common
from games.table.services.errors import ReplayUnavailable


class ReplayError(Exception):
    """The log cannot be replayed (gap in seqs, missing start event, engine refusal)."""


def _normalize(data) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def replay_state(game: Game, *, seed: bytes | None = None, events: Iterable[Event] | None = None):
    """The engine state rebuilt from the log (`engine.new_game` with the start event's
    players, then `engine.apply` for every action and system event; other kinds are notes
    that leave the state unchanged), plus the last seq.
    Raises ReplayError when the log is inconsistent. Returns (engine, state, last_seq);
    state is None for a game that never started."""
    engine = common.engine_for(game.kind)
    if events is None:
        events = Event.objects.filter(game=game).select_related("seat").order_by("seq")
    seed = bytes.fromhex(game.seed) if seed is None else seed
    state = None
    last_seq = 0
    for event in events:
        if event.seq != last_seq + 1:
            raise ReplayError(f"seq {event.seq} follows {last_seq}")
        last_seq = event.seq
        if event.kind == Event.Kind.START:
            if state is not None:
                raise ReplayError(f"second start event at seq {event.seq}")
            players = event.action.get("players")
            try:
                state = engine.new_game(players, options=game.options, seed=seed)
            except Exception as exc:
                raise ReplayError(f"start event refused by the engine: {exc}") from exc
            continue
        if state is None:
            raise ReplayError(f"event {event.seq} before the start event")
        if event.kind not in Event.STATE_KINDS:
            continue  # a note (e.g. "moderation"): takes a seq, leaves the state unchanged
        if event.seat is None:
            raise ReplayError(f"event {event.seq} has no seat")
        try:
            state = engine.apply(state, event.seat.player_id, event.action)
        except Exception as exc:
            raise ReplayError(f"event {event.seq} refused by the engine: {exc}") from exc
    return engine, state, last_seq


def game_replay(game: Game) -> dict | None:
    """The engine dump rebuilt from the log (None if the game never started)."""
    engine, state, _ = replay_state(game)
    return None if state is None else json.loads(json.dumps(engine.dump(state)))


def replay_mismatch(game: Game) -> str | None:
    """Why the game's cache disagrees with its replay, or None when they agree."""
    try:
        engine, state, last_seq = replay_state(game)
    except ReplayError as exc:
        return str(exc)
    if last_seq != game.state_seq:
        return f"cache at seq {game.state_seq}, log ends at seq {last_seq}"
    if state is None:
        return None if game.state is None else "cached state without a start event"
    if _normalize(engine.dump(state)) != _normalize(game.state):
        return f"cached state differs from the replay at seq {last_seq}"
    outcome = engine.outcome(state)
    if outcome is not None and game.status != Game.Status.FINISHED:
        return "replay is over but the game is not finished"
    if outcome is None and game.status == Game.Status.FINISHED:
        return "game finished but the replay is not over"
    return None


def replay_mismatches(games: Iterable[Game] | None = None) -> Iterator[tuple[int, str]]:
    """(game id, reason) for every running or finished game whose cache disagrees with its
    replay."""
    if games is None:
        games = (
            Game.objects.filter(status__in=[Game.Status.RUNNING, Game.Status.FINISHED])
            .order_by("id")
            .iterator(chunk_size=200)
        )
    for game in games:
        reason = replay_mismatch(game)
        if reason is not None:
            yield game.pk, reason


@dataclass(frozen=True)
class Verification:
    commitment_ok: bool  # sha256(seed) == commitment
    replay_ok: bool  # replaying the log from the revealed seed gives the final state

    @property
    def ok(self) -> bool:
        return self.commitment_ok and self.replay_ok


def game_verify(game: Game, *, seed_hex: str | None = None) -> Verification:
    """Verify a finished game: the revealed seed (or `seed_hex`, as a player would paste it)
    matches the commitment published at creation, and replaying the log from it reproduces
    the final cached state. Raises ReplayUnavailable before the end."""
    if game.status != Game.Status.FINISHED:
        raise ReplayUnavailable()
    seed_hex = game.seed if seed_hex is None else seed_hex
    try:
        seed = bytes.fromhex(seed_hex)
    except (ValueError, TypeError):
        return Verification(commitment_ok=False, replay_ok=False)
    commitment_ok = hmac.compare_digest(hashlib.sha256(seed).hexdigest(), game.commitment)
    try:
        engine, state, last_seq = replay_state(game, seed=seed)
    except ReplayError:
        return Verification(commitment_ok=commitment_ok, replay_ok=False)
    replay_ok = (
        state is not None
        and last_seq == game.state_seq
        and _normalize(engine.dump(state)) == _normalize(game.state)
    )
    return Verification(commitment_ok=commitment_ok, replay_ok=replay_ok)
