"""Finished games: step-by-step replay with every card shown, seed verification, the log."""

from __future__ import annotations

import hashlib

from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from games.table import selectors
from games.table.descriptors import descriptor_for
from games.table.presenters import full_view
from games.table.replay import ReplayError, game_verify, replay_state
from games.table.reveal import game_reveal
from games.table.services import GameError, ReplayUnavailable
from games.table.story import merge_notes, note_events, note_positions
from games.table.views.access import invitation_token, raise_for_access
from games.table.views.names import display_name, seat_names
from games.table.views.responses import json_response
from games.table.views.table import current_lang, describer, game_title


def finished_events(request, game_id):
    """The full event list of a game that is over, or 404 (not over) / 403 (private)."""
    try:
        events = list(
            selectors.game_events(
                game_id=game_id,
                user=request.user,
                invitation_token=invitation_token(request, game_id),
            )
        )
    except ReplayUnavailable as error:
        raise Http404(str(error)) from None
    except GameError as error:
        raise_for_access(error)
        raise
    if not events:
        raise Http404("This game never started.")
    return events[0].game, events


@never_cache
@require_GET
def replay(request, game_id):
    game, events = finished_events(request, game_id)
    last_step = len(events)
    raw = request.GET.get("step")
    try:
        step = int(raw) if raw is not None else last_step
    except ValueError:
        step = last_step
    clamped = min(max(step, 1), last_step)
    if raw is not None and str(clamped) != raw:
        # One page per step: ?step=0 (before the deal there is no table) or past the end is
        # the nearest real step, under its own address.
        return redirect(f"{request.path}?step={clamped}")
    step = clamped
    try:
        engine, state, _ = replay_state(game, events=events[:step])
    except ReplayError as error:
        raise Http404(str(error)) from None
    seats = list(game.seats.select_related("user").order_by("position"))
    names = seat_names(seats)
    view = dict(full_view(engine, state))
    event = events[step - 1]
    if isinstance(view.get("log"), list):
        # The platform's notes up to this step, as the game page and the log page put them:
        # the same line has the same number in the three.
        notes = [n for n in note_events(game) if n.seq <= event.seq]
        if notes:
            positions = note_positions(game, note_events(game))
            view["log"] = merge_notes(view["log"], notes, positions, names)
    table = descriptor_for(game.kind).present(
        view=view,
        viewer=None,
        legal_actions=[],
        names=names,
        lang=current_lang(),
        describe=describer(game.kind),
    )
    table["log_total"] = len(table.get("log") or [])
    return render(
        request,
        "games/replay.html",
        {
            "game": game,
            "game_title": game_title(game),
            "table": table,
            "step": step,
            "last_step": last_step,
            "event_text": event_text(event, names, game.kind),
            "reveal": game_reveal(game, names=names, lang=current_lang(), events=events),
        },
    )


def event_text(event, names, kind) -> str:
    if event.kind == "start":
        return f"#{event.seq} — " + str(_("The cards are dealt."))
    who = names.get(event.seat.player_id, event.seat.player_id) if event.seat else "?"
    label = descriptor_for(kind).action_label(event.action, names)
    suffix = f" ({event.reason})" if event.kind == "system" and event.reason else ""
    return f"#{event.seq} — {who}: {label}{suffix}"


def _(text):
    from django.utils.translation import gettext

    return gettext(text)


@never_cache
@require_GET
def verify(request, game_id):
    game, _events = finished_events(request, game_id)
    try:
        result = game_verify(game)
    except ReplayUnavailable as error:
        raise Http404(str(error)) from None
    seed = game.revealed_seed or ""
    try:
        seed_hash = hashlib.sha256(bytes.fromhex(seed)).hexdigest()
    except ValueError:
        seed_hash = ""
    problem = ""
    if not result.commitment_ok:
        problem = _("the seed does not match the commitment.")
    elif not result.replay_ok:
        problem = _("replaying the log from the seed does not give the same game.")
    return render(
        request,
        "games/verify.html",
        {
            "game": game,
            "game_title": game_title(game),
            "seed": seed,
            "seed_hash": seed_hash,
            "ok": result.ok,
            "problem": problem,
        },
    )


def exported_event(e) -> dict:
    """One event as the log download gives it."""
    return {
        "seq": e.seq,
        "kind": e.kind,
        "player": e.seat.player_id if e.seat else None,
        "action": e.action,
        # system events only: a standing order's move is the player's own, and only its
        # owner ever learns it was one (its time too: it is played at a person's pace)
        "reason": e.reason if e.kind == "system" else "",
        "created_at": e.created_at.isoformat(),
    }


@never_cache
@require_GET
def log_download(request, game_id):
    game, events = finished_events(request, game_id)
    seats = list(game.seats.select_related("user").order_by("position"))
    data = {
        "game": game.pk,
        "kind": game.kind,
        "options": game.options,
        "status": game.status,
        "seed": game.revealed_seed,
        "commitment": game.commitment,
        "result": game.result,
        "players": [
            {"player_id": s.player_id, "name": display_name(s.user), "position": s.position}
            for s in seats
        ],
        "events": [exported_event(e) for e in events],
    }
    return json_response(data, filename=f"{game.kind}-{game.pk}.json")
