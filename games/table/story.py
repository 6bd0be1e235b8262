"""The whole story in the game log: what the platform did besides the players' moves.

The engine's log tells what happened at the table; the platform adds, at the right place:
a timeout ("Carol did not answer in time: pass"), an autopilot move, a moderator's decision
("A moderator removed Carol: reason"). A player taken out by a moderator or by the timeout
rule leaves through the engine's resign action: that engine line ("Carol resigns") is then
replaced by the platform's, so it never reads as a resignation.

Positions: a note goes before the engine entries of the event it explains, counted in
public entries (entries without ``"only"``: a player's private lines are in their view
only). Finding them needs a replay up to the last note; positions never change (the event
log is append-only), so they are cached per game and last note.
"""

from __future__ import annotations

import logging
from typing import NamedTuple

from django.core.cache import cache, caches
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from games.table.models import Event

log = logging.getLogger(__name__)

NOTE = "platform_note"  # the "event" of a note put into a view's log
RESIGN_TYPES = ("resign", "forfeit", "concede")
CACHE_SECONDS = 7 * 24 * 3600
NOTES_CACHE_SECONDS = 3600  # one version of a game: its pages come within minutes


class Note(NamedTuple):
    """One event the platform explains: what the story needs of it, without a model."""

    seq: int
    kind: str
    reason: str
    action: dict
    seat_id: int | None
    player_id: str | None  # the seat's player, None without a seat


def note_events(game) -> list[Note]:
    """The game's events that the platform explains: system moves and moderation notes, as
    plain rows (a long game may have hundreds). Kept in the cache per (game, `state_seq`):
    every event moves `state_seq` and events never change, so every page of one version of
    the game reads them from there, without a query."""
    key = f"story-notes:{game.pk}:{game.state_seq}"
    cached = _cached(key)
    if cached is not None:
        return cached
    rows = (
        Event.objects.filter(game_id=game.pk, seq__lte=game.state_seq)
        .exclude(kind__in=(Event.Kind.START, Event.Kind.ACTION))
        .order_by("seq")
        .values_list("seq", "kind", "reason", "action", "seat_id", "seat__player_id")
    )
    notes = [Note(*row) for row in rows]
    _keep(key, notes, NOTES_CACHE_SECONDS)
    return notes


def _cached(key):
    """The cached value or None: this process's memory first (every key here names a version
    of the game, so what it holds is never stale), then the shared cache. A cache outage
    costs the work it saved, nothing more."""
    local = caches["local"]
    found = local.get(key)
    if found is not None:
        return found
    try:
        found = cache.get(key)
    except Exception:
        return None
    if found is not None:
        local.set(key, found)
    return found


def _keep(key, value, seconds) -> None:
    caches["local"].set(key, value)
    try:
        cache.set(key, value, seconds)
    except Exception:
        pass


def _is_public(entry) -> bool:
    """A log line every viewer has (a player's private lines carry "only")."""
    return not (isinstance(entry, dict) and "only" in entry)


def _public_count(entries) -> int:
    return sum(1 for e in entries if _is_public(e))


def _resigner(event) -> str | None:
    """Whose engine resignation the note `event` replaces (a resign action the platform
    played: "" without a seat), or None when it replaces none."""
    action = event.action if isinstance(event.action, dict) else {}
    if event.kind == Event.Kind.SYSTEM and action.get("type") in RESIGN_TYPES:
        return event.player_id if event.seat_id else ""
    return None


def _resigns(entry, player) -> bool:
    """Whether the log line `entry` is `player`'s resignation."""
    return (
        isinstance(entry, dict)
        and entry.get("event") in RESIGN_TYPES
        and entry.get("player") == player
    )


def note_positions(game, notes) -> dict[int, int]:
    """{seq of each note: public log entries before it}, from a replay (cached)."""
    if not notes:
        return {}
    key = f"story:{game.pk}:{notes[-1].seq}"
    cached = _cached(key)
    if cached is not None:
        return cached
    from games.table.models import Game
    from games.table.services.common import engine_for

    # `game` is usually the viewer's public projection, whose seed is blanked until the end:
    # the replay reads the row's own (it stays here: positions are counts of public lines).
    seed = Game.objects.filter(pk=game.pk).values_list("seed", flat=True).first()
    wanted = {n.seq for n in notes}
    events = Event.objects.filter(game_id=game.pk, seq__lte=notes[-1].seq).select_related("seat")
    positions = {}
    try:
        engine = engine_for(game.kind)
        state = None
        for event in events.order_by("seq"):
            if event.seq in wanted:
                view = engine.view(state, None) if state is not None else {}
                positions[event.seq] = _public_count(view.get("log") or [])
            if event.kind == Event.Kind.START:
                players = list(event.action.get("players") or [])
                state = engine.new_game(players, options=game.options, seed=bytes.fromhex(seed))
            elif event.kind in Event.STATE_KINDS and state is not None and event.seat_id:
                state = engine.apply(state, event.seat.player_id, event.action)
    except Exception:  # a log that no longer replays: the notes go at the end
        log.warning("story: game %s does not replay", game.pk, exc_info=True)
        return {}
    _keep(key, positions, CACHE_SECONDS)
    return positions


# The default move a timeout or the autopilot played, by its type (translated when worded).
MOVE_WORDS = {
    "pass": gettext_noop("pass"),
    "lose": gettext_noop("a card is lost"),
    "exchange": gettext_noop("cards kept"),
    "choose": gettext_noop("a card taken"),
}
DEFAULT_MOVE = gettext_noop("the default move")


def _move_words(action) -> str:
    kind = (action or {}).get("type")
    return _(MOVE_WORDS.get(kind, DEFAULT_MOVE))


def has_text(event) -> bool:
    """Whether `note_text` says something for this note (without wording it)."""
    return not (event.kind == Event.Kind.SYSTEM and event.reason == "moderation")


def note_text(event, names) -> str | None:
    """The sentence of one note, or None when another note already says it."""
    action = event.action if isinstance(event.action, dict) else {}
    player = event.player_id if event.seat_id else action.get("player")
    name = names.get(player, player) or ""
    reason = str(action.get("reason") or "")
    if event.kind == Event.Kind.SYSTEM:
        leaving = action.get("type") in RESIGN_TYPES
        if event.reason == "moderation":
            return None  # the moderator's own note ("A moderator removed ...") says it
        if event.reason == "timeout" and leaving:
            return _("%(name)s missed too many deadlines and is out of the game.") % {"name": name}
        if event.reason == "timeout":
            return _("%(name)s did not answer in time: %(move)s.") % {
                "name": name,
                "move": _move_words(action),
            }
        return _("Autopilot played for %(name)s: %(move)s.") % {
            "name": name,
            "move": _move_words(action),
        }
    if action.get("type") == "abandon_solo":
        return _("%(name)s abandoned the game.") % {"name": name}
    text = MODERATOR_TEXTS.get(action.get("type"), MODERATOR_STEPPED_IN)
    return _(text) % {"name": name, "reason": reason}


# A moderator's note by the type of its action (translated when worded).
MODERATOR_TEXTS = {
    "kick_out": gettext_noop("A moderator removed %(name)s: %(reason)s"),
    "kick_autopilot": gettext_noop("A moderator put %(name)s on autopilot: %(reason)s"),
    "extend_deadline": gettext_noop("A moderator extended the deadline: %(reason)s"),
    "abort": gettext_noop("A moderator stopped the game: %(reason)s"),
}
MODERATOR_STEPPED_IN = gettext_noop("A moderator stepped in: %(reason)s")


def merge_notes(entries, notes, positions, names, *, newest: int | None = None) -> list:
    """`entries` (a view's log) with the notes put in place; a resignation the platform
    played for a player (timeout, moderator) is replaced by the note that explains it.

    `newest`: only the newest lines will be read. Every note is still placed (the log keeps
    its length) but only those among the newest lines are worded: a long game's hundreds of
    notes cost a few sentences, not hundreds."""
    if not notes:
        return entries
    placed: dict[int, list] = {}
    drop_resign: dict[int, str] = {}
    unworded: dict[int, Note] = {}  # id of a placed line -> its note, worded at the end
    for event in notes:
        if event.seq not in positions:
            continue
        position = positions[event.seq]
        if has_text(event):
            line = {"event": NOTE, "text": ""}
            unworded[id(line)] = event
            placed.setdefault(position, []).append(line)
        resigner = _resigner(event)
        if resigner is not None:
            drop_resign[position] = resigner
    out = []
    public = 0
    for entry in entries:
        if _is_public(entry):
            out.extend(placed.pop(public, []))
            resigned = drop_resign.pop(public, None)
            public += 1
            if resigned is not None and _resigns(entry, resigned):
                continue
        out.append(entry)
    for position in sorted(placed):
        out.extend(placed[position])
    for line in out if newest is None else out[-newest:] if newest > 0 else ():
        event = unworded.get(id(line)) if isinstance(line, dict) else None
        if event is not None:
            line["text"] = note_text(event, names)
    return out


class Digest(NamedTuple):
    """What the newest lines of a game's log need of its notes, whatever their number."""

    texts: int  # the notes with a sentence placed in the log
    resigns: tuple  # ((position, player), ...): engine resignations a note replaces
    tail: tuple  # ((position, Note), ...): the newest TAIL_NOTES notes with a sentence


TAIL_NOTES = 60  # notes kept in a digest: at least the lines a panel shows


def story_digest(game) -> Digest:
    """The game's notes reduced to a count and the newest few (`Digest`), kept in the cache
    per (game, `state_seq`) like the notes: a page of a long game reads a few notes, not
    hundreds."""
    key = f"story-digest:{game.pk}:{game.state_seq}"
    cached = _cached(key)
    if cached is not None:
        return cached
    notes = note_events(game)
    digest = digest_of(notes, note_positions(game, notes))
    _keep(key, digest, NOTES_CACHE_SECONDS)
    return digest


def digest_of(notes, positions) -> Digest:
    """`notes` placed at `positions` (see `note_positions`) reduced to a `Digest`."""
    texts = []
    resigns: dict[int, str] = {}
    for event in notes:
        if event.seq not in positions:
            continue
        position = positions[event.seq]
        if has_text(event):
            texts.append((position, event))
        resigner = _resigner(event)
        if resigner is not None:
            resigns[position] = resigner
    texts.sort(key=lambda item: (item[0], item[1].seq))
    return Digest(len(texts), tuple(resigns.items()), tuple(texts[-TAIL_NOTES:]))


# A view's log cut to its newest entries (`log_tail`) keeps what `merge_tail` needs of the
# entries before them: (their number, the public ones among them, ((public position,
# player), ...) of the engine resignations among them).
LOG_CUT = "_log_cut"
TAIL_ENTRIES = 2 * TAIL_NOTES  # entries kept: a panel's lines, with room for dropped ones


def log_tail(view, keep: int | None = None):
    """`view` (not changed) with its log cut to its newest `keep` entries (TAIL_ENTRIES by
    default), and what
    `merge_tail` needs of the others under `LOG_CUT`: enough for the newest TAIL_NOTES lines
    of the story and its length, whatever the length of the log."""
    keep = TAIL_ENTRIES if keep is None else keep
    entries = view.get("log") if isinstance(view, dict) else None
    if not isinstance(entries, list) or len(entries) <= keep:
        return view
    head = entries[: len(entries) - keep]
    publics = 0
    resigns = []
    for entry in head:
        if _is_public(entry):
            if isinstance(entry, dict) and entry.get("event") in RESIGN_TYPES:
                resigns.append((publics, entry.get("player")))
            publics += 1
    return {**view, "log": entries[len(head) :], LOG_CUT: (len(head), publics, tuple(resigns))}


def merge_tail(entries, digest: Digest, names, newest: int, cut=(0, 0, ())) -> tuple[list, int]:
    """The newest `newest` (<= TAIL_NOTES) lines of `merge_notes` and the number of lines
    of the whole merged log, from a `Digest`: the log is walked back from its end.
    `entries` may be the newest entries of the log, `cut` then says what came before them
    (see `log_tail`)."""
    skipped, skipped_public, resigned_before = cut
    publics = [i for i, entry in enumerate(entries) if _is_public(entry)]
    last = skipped_public + len(publics)  # public entries in the whole log
    dropped = {
        publics[position - skipped_public]
        for position, player in digest.resigns
        if skipped_public <= position < last
        and _resigns(entries[publics[position - skipped_public]], player)
    }
    before = set(resigned_before)
    dropped_before = sum(
        1 for position, player in digest.resigns
        if position < skipped_public and (position, player) in before
    )  # fmt: skip
    total = skipped + len(entries) - len(dropped) - dropped_before + digest.texts
    notes = digest.tail
    k = len(notes) - 1
    out: list = []

    def notes_from(position: int) -> None:
        """The notes not yet taken placed at `position` or later, newest first (those
        later were taken at their own entries, unless `out` is full)."""
        nonlocal k
        while k >= 0 and len(out) < newest and notes[k][0] >= position:
            out.append({"event": NOTE, "text": note_text(notes[k][1], names)})
            k -= 1

    public = last
    notes_from(public)  # the notes after the last public entry
    for i in range(len(entries) - 1, -1, -1):
        if len(out) >= newest:
            break
        if _is_public(entries[i]):
            public -= 1
            if i not in dropped:
                out.append(entries[i])
            notes_from(public)  # the notes placed before this entry
        else:
            out.append(entries[i])
    out.reverse()
    return out[-newest:], total


LOG_TOTAL = "_log_total"  # set by `view_with_story` when the log holds only its newest lines


def view_with_story(game, view, names, *, newest: int | None = None) -> dict:
    """`view` (a fresh dict) with the platform's notes in its log. One query, plus a
    replay the first time a new note shows up. `newest`: only that many newest lines of the
    log will be read; up to TAIL_NOTES, the log holds only them and `view[LOG_TOTAL]` says
    how many lines the whole log has (`merge_tail`), else see `merge_notes`."""
    if not isinstance(view, dict) or not isinstance(view.get("log"), list):
        return view
    cut = view.pop(LOG_CUT, None)
    if newest is not None and 0 < newest <= TAIL_NOTES:
        view["log"], view[LOG_TOTAL] = merge_tail(
            view["log"], story_digest(game), names, newest, cut or (0, 0, ())
        )
        return view
    if cut is not None:
        raise ValueError("the whole story needs the whole log (game_view(whole_log=True))")
    notes = note_events(game)
    if notes:
        positions = note_positions(game, notes)
        view["log"] = merge_notes(view["log"], notes, positions, names, newest=newest)
    return view
