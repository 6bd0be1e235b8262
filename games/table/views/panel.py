"""The game page and its panel: everything they show, from one `GameView`."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import pgettext

from games.engines.base import N_
from games.table.descriptors import descriptor_for
from games.table.models import Game
from games.table.reveal import game_reveal
from games.table.selectors import chat_with_hidden
from games.table.sentences import named
from games.table.views.chat_lines import chat_lines, chat_recipients
from games.table.views.names import display_name, seat_names
from games.table.views.orders import standing_context
from games.table.views.table import (
    current_lang,
    game_subtitle,
    game_title,
    table_context,
    viewer_phrases,
)


def live_mode() -> str:
    """ "sse" when Redis carries change notices, else "poll" (htmx polling every 2 s)."""
    return "sse" if getattr(settings, "REDIS_URL", "") else "poll"


def page_context(request, game_view, *, flash=None) -> dict:
    """Everything the game page and its panel need, from one `GameView`."""
    game = game_view.game
    user = request.user
    names = seat_names(game_view.seats)
    seat = game_view.seat
    result = game.result or {}
    context = {
        "game": game,
        "game_title": game_title(game),
        "game_subtitle": game_subtitle(game),
        "table": table_context(game_view),
        "stylesheets": list(descriptor_for(game.kind).stylesheets),
        "chat_phrases": viewer_phrases(game_view),
        "viewer": game_view.player_id,
        "state_seq": game_view.seq,
        "decision_key": game_view.decision_key or "",
        "revision": game_view.revision,
        "live_mode": live_mode(),
        "flash": flash or [],
        "seats": [
            {"name": display_name(s.user), "is_host": s.user_id == game.host_id, "seat": s}
            for s in game_view.seats
        ],
        "is_host": game_view.is_host,
        "can_join": game_view.can_join,
        "can_leave": (
            seat is not None and game.status == Game.Status.OPEN and not game_view.is_host
        ),
        "can_start": (
            game_view.is_host
            and game.status == Game.Status.OPEN
            and len(game_view.seats) >= game.min_seats
        ),
        "can_chat": seat is not None and game.status != Game.Status.ABORTED,
        # A callable: the template calls it only where the chat is rendered (not the panel).
        "chat_messages": lambda: chat_lines(
            chat_with_hidden(game=game, viewer=user), kind=game.kind, seats=game_view.seats
        ),
        "chat_recipients": chat_recipients(game, game_view.seats, seat),
        "winners": [names.get(p, p) for p in result.get("winners", [])],
        "invitation_url": (
            request.build_absolute_uri(
                reverse("games:invitation", args=[game.pk, game.invitation_token])
            )
            if game.is_private and game_view.is_host and game.invitation_token
            else ""
        ),
        "user": user,
    }
    if game.status != Game.Status.RUNNING:
        quiet_badges(context["table"])
    context["waiting_line"] = waiting_line(context["table"], names.get(game_view.player_id))
    context["reveal"] = (
        game_reveal(game, names=names, lang=current_lang())
        if game.status == Game.Status.FINISHED
        else ""
    )
    context.update(seat_context(request, game_view, context))
    context["standing"] = standing_context(game_view)
    return context


def quiet_badges(table) -> None:
    """A game that is over (finished or aborted) has no turn, no one deciding, no host:
    the seats lose those badges, whatever the last state said."""
    if not table:
        return
    table["me_waited"] = False
    for player in table.get("players") or []:
        for key in ("is_current", "is_waited", "waited"):
            if key in player:
                player[key] = False
    for castle in table.get("castles") or []:
        castle["is_host"] = False
        if isinstance(castle.get("owner"), dict):
            for key in ("is_current", "is_waited", "waited"):
                if key in castle["owner"]:
                    castle["owner"][key] = False


def waiting_line(table, my_name) -> str:
    """ "Waiting for Alice, Bob" in the reader's language, French elision included
    ("En attente d’Alice"); the reader comes first as "you" ("Waiting for you and Bob")."""
    waiting = (table or {}).get("waiting_for") or []
    if not waiting:
        return ""
    others = [str(name) for name in waiting if my_name is None or name != my_name]
    if len(others) == len(waiting):
        return named(N_("Waiting for %(names)s"), current_lang(), names=", ".join(others))
    if not others:
        return str(pgettext("waiting for", "Waiting for you"))
    # "you" first, then the others, so that the line never reads as addressed to one of them
    # ("Waiting for you, Bob").
    return named(N_("Waiting for you and %(names)s"), current_lang(), names=", ".join(others))


def seat_context(request, game_view, context) -> dict:
    """What the seats show besides the cards: each player's record and profile link, then
    what the layers above add through `games.table.page` (the clock's deadline badges and
    votes, moderation's report links and chat mute).

    Everything here is public (records, badges, vote counts); nothing comes from the state.
    """
    from games.table import page
    from games.table.models import Seat
    from games.table.records import player_records, record_from_total

    seats = game_view.seats
    totals = {s.user_id: page.loaded(s.user, "game_total") for s in seats}
    records = player_records([pk for pk, total in totals.items() if total is page.MISSING])
    records.update(
        (pk, record_from_total(total)) for pk, total in totals.items() if total is not page.MISSING
    )
    my_seat = game_view.seat
    infos = {}
    for s in seats:
        infos[s.player_id or f"seat-{s.pk}"] = {
            "username": s.user.get_username(),
            "record": records.get(s.user_id),
            "record_user": s.user,
            "is_me": my_seat is not None and s.pk == my_seat.pk,
            "left": s.status == Seat.Status.LEFT,
            "seat": s,
        }
    context["seat_infos"] = infos
    page.contribute(request, game_view, context)
    for entry in context.get("seats", []):
        s = entry["seat"]
        entry["info"] = infos.get(s.player_id or f"seat-{s.pk}")
    table = context.get("table")
    if table:
        for player in table.get("players") or []:
            player["seat_info"] = infos.get(player.get("id"))
    return {"can_resign": bool(table and table.get("resign_action"))}


def render_panel(request, game_view, *, flash=None, status=200) -> HttpResponse:
    """The game panel fragment (htmx), with the log swapped out of band."""
    context = page_context(request, game_view, flash=flash)
    context["oob_log"] = True
    html = render_to_string("games/_panel.html", context, request=request)
    return HttpResponse(html, status=status)
