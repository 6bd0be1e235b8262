"""What the moderators' room shows of a game: the table and the readable timeline.

Everything here comes from the engine's views: ``engine.view(state, None)`` (spectator) for
everyone, and each player's own view only for staff with ``moderation.view_hidden_information``.
The timeline replays the log from the seed (like ``games.table.replay``) and gives, for each event,
the public log entries it produced, in readable sentences (the engine's ``describe``).
"""

from __future__ import annotations

import json
import logging

from django.utils.translation import get_language

from games.table.models import Event, Game
from games.table.sentences import localize

log = logging.getLogger(__name__)

HIDDEN_PERMISSION = "moderation.view_hidden_information"
ENGINE_EVENT_KINDS = ("action", "system")
# Keys of an engine action that never name a hidden card; "character" only for the
# announcements (a power or a block is said out loud).
PUBLIC_ACTION_KEYS = {"type", "target", "mode", "player"}
ANNOUNCEMENT_TYPES = {"power", "block", "challenge", "pass", "income", "foreign_aid", "coup"}


def event_public_action(event: Event) -> dict:
    """The part of an event's action that anybody watching the game knows."""
    action = event.action if isinstance(event.action, dict) else {}
    if event.kind not in ENGINE_EVENT_KINDS:
        return action  # start (players), moderation (type, moderator, reason): public
    public = {k: v for k, v in action.items() if k in PUBLIC_ACTION_KEYS}
    if action.get("type") in ANNOUNCEMENT_TYPES and "character" in action:
        public["character"] = action["character"]
    return public


def _engine(kind):
    from games.table.services.common import engine_for

    return engine_for(kind)


def _describer(kind, names=None):
    """The engine's `describe(entry, lang, names)`, else a plain rendering."""
    try:
        describe = _engine(kind).describe
    except Exception:  # a game whose engine is gone still shows its timeline
        describe = None

    def plain(entry, lang):
        if isinstance(entry, str):
            return entry
        if isinstance(entry, dict) and isinstance(entry.get("text"), str):
            return entry["text"]
        return json.dumps(entry, ensure_ascii=False, sort_keys=True)

    if describe is None:
        return plain

    def safe(entry, lang):
        try:
            text = describe(entry, lang, names=names)
            return plain(entry, lang) if text is None else localize(text, lang)
        except Exception:  # a describe bug must not hide the log from moderators
            log.exception("describe failed for %r", entry)
            return plain(entry, lang)

    return safe


def _seed_bytes(game: Game):
    try:
        return bytes.fromhex(game.seed)
    except (TypeError, ValueError):
        return game.seed


def _seats(game: Game) -> dict:
    return {s.player_id: s for s in game.seats.select_related("user")}


#: What a player's row never shows as a column of its own (its cards are drawn apart).
_NOT_COLUMNS = frozenset({"id", "cards", "hand", "alive"})


def _columns(public) -> list[str]:
    """The game's own columns: every plain value its public view gives each player ("coins",
    "lives" in one game, "money", "income" in another), in the view's order."""
    keys: dict[str, None] = {}
    for player in public.get("players", []):
        for key, value in player.items():
            if key not in _NOT_COLUMNS and (value is None or isinstance(value, (int, str))):
                keys[key] = None
    return list(keys)


def _card(value) -> dict:
    if isinstance(value, dict):
        return {
            "character": value.get("character") or value.get("advisor"),
            "revealed": bool(value.get("revealed")),
        }
    return {"character": value, "revealed": False}


def _player_rows(engine, state, seats: dict, columns, *, hidden: bool) -> list[dict]:
    public = engine.view(state, None)
    rows = []
    for player in public.get("players", []):
        pid = player.get("id")
        values = dict(player)
        if hidden:  # the player's own view: their hidden cards and figures
            own = engine.view(state, pid)
            mine = next((p for p in own.get("players", []) if p.get("id") == pid), None) or {}
            values.update({k: v for k, v in mine.items() if v is not None})
        cards = values.get("cards")
        if cards is None and isinstance(values.get("hand"), list):
            cards = values["hand"]
        if cards is None:
            size = values.get("hand_size") or 0
            cards = [{"character": None, "revealed": False}] * size
        seat = seats.get(pid)
        rows.append(
            {
                "id": pid,
                "username": seat.user.get_username() if seat else pid,
                "seat_status": seat.get_status_display() if seat else "",
                "alive": values.get("alive"),
                "values": [values.get(key) for key in columns],
                "cards": [_card(c) for c in cards if isinstance(c, (dict, str))],
            }
        )
    return rows


def _boards(public, seats: dict) -> list[dict]:
    """Places on the table that belong to a player (a view's "castles": {owner: {place:
    {"owner", "advisor"} | None}}), public as the table shows them."""
    boards = public.get("castles")
    if not isinstance(boards, dict):
        return []

    def name(pid):
        seat = seats.get(pid)
        return f"{seat.user.get_username()} ({pid})" if seat else str(pid)

    out = []
    for owner, places in boards.items():
        if not isinstance(places, dict):
            continue
        out.append(
            {
                "owner": name(owner),
                "places": [
                    {
                        "place": place,
                        "holder": (
                            f"{name(held.get('owner'))}: {held.get('advisor')}"
                            if isinstance(held, dict)
                            else ""
                        ),
                    }
                    for place, held in places.items()
                ],
            }
        )
    return out


def game_snapshot(game: Game, *, hidden: bool) -> dict | None:
    """The table now: public facts, and every card only when `hidden` is allowed. The
    columns and boards are the game's own, read from its view (no game is named here)."""
    if not game.state:
        return None
    try:
        engine = _engine(game.kind)
        state = engine.load(game.state)
    except Exception:  # an engine gone or a cache it cannot read: show no table
        log.exception("snapshot of game %s failed", game.pk)
        return None
    public = engine.view(state, None)
    facts = {
        key: ", ".join(map(str, public[key])) if isinstance(public[key], list) else public[key]
        for key in (
            "treasury",
            "court_size",
            "hospice",
            "round",
            "current_player",
            "waiting_for",
            "characters",
            "enemy",
            "castle_size",
            "tavern_size",
            "discard_size",
        )
        if key in public
    }
    seats = _seats(game)
    columns = _columns(public)
    return {
        "columns": [key.replace("_", " ").capitalize() for key in columns],
        "players": _player_rows(engine, state, seats, columns, hidden=hidden),
        "boards": _boards(public, seats),
        "facts": facts,
        "hidden": hidden,
    }


def _log_of(view) -> list:
    entries = view.get("log") if isinstance(view, dict) else None
    return entries if isinstance(entries, list) else []


# `Event.reason` of a move a standing order played: it tells about its owner's cards (an
# order may answer from them), so only moderators allowed hidden information see it.
STANDING_REASON = "standing"


def event_public_reason(event) -> str:
    """The event's reason as a moderator without hidden information sees it."""
    return "" if event.reason == STANDING_REASON else event.reason


def game_timeline(
    game: Game, *, hidden: bool, lang: str | None = None, standing: bool = False
) -> list[dict]:
    """One row per event: seq, time, who, kind, the readable public sentences it produced,
    and the action (whole only when `hidden` is allowed, else its public part). `standing`:
    the reader may know which moves standing orders played (hidden information, even once
    the game is over)."""
    lang = lang or get_language() or "en"
    try:
        engine = _engine(game.kind)
    except Exception:  # unknown engine: the events are listed without replay
        log.exception("no engine %r for the timeline of game %s", game.kind, game.pk)
        engine = None
    seats = _seats(game)
    describe = _describer(
        game.kind, names={pid: seat.user.get_username() for pid, seat in seats.items()}
    )
    rows = []
    state = None
    seen = 0
    broken = engine is None
    for event in game.events.order_by("seq"):
        seat = seats.get(event.seat.player_id) if event.seat_id else None
        sentences = []
        if not broken:
            try:
                if event.kind == "start":
                    players = list(event.action.get("players") or [])
                    state = engine.new_game(players, options=game.options, seed=_seed_bytes(game))
                elif event.kind in ENGINE_EVENT_KINDS and state is not None:
                    state = engine.apply(state, seat.player_id if seat else None, event.action)
            except Exception:  # a log that no longer replays: say so, keep showing events
                log.exception("timeline replay failed for game %s at seq %s", game.pk, event.seq)
                broken = True
            if state is not None and not broken:
                entries = _log_of(engine.view(state, None))
                sentences = [describe(e, lang) for e in entries[seen:]]
                seen = len(entries)
        who = seat.user.get_username() if seat else ""
        player_id = seat.player_id if seat else ""
        if event.kind == "moderation":
            # the moderator acts; the seat of the event is the target's: named with it
            who, player_id = event.action.get("moderator", ""), ""
            target = f" {seat.user.get_username()} ({seat.player_id})" if seat else ""
            sentences = [
                f"{event.action.get('type', '')}{target}: {event.action.get('reason', '')}".strip()
            ]
        action = event.action if hidden else event_public_action(event)
        rows.append(
            {
                "seq": event.seq,
                "created_at": event.created_at,
                "kind": event.kind,
                "reason": event.reason if standing else event_public_reason(event),
                "who": who,
                "player_id": player_id,
                "sentences": sentences,
                "action": action,
                "action_json": json.dumps(action, ensure_ascii=False, sort_keys=True),
                "replay_broken": broken,
            }
        )
    return rows


def report_context(report, *, lang: str | None = None) -> list[dict]:
    """Public timeline rows of the events around the reported message (or report)."""
    from games.moderation.services import report_context_events

    wanted = {e.seq for e in report_context_events(report)}
    if not wanted:
        return []
    return [r for r in game_timeline(report.game, hidden=False, lang=lang) if r["seq"] in wanted]
