"""Helpers shared by the games views: who is looking, names, the table context, errors."""

from __future__ import annotations

import importlib
import json
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games.engines import get_engine
from games.table.descriptors import chat_phrase_text, chat_phrases, descriptor_for, game_label
from games.table.models import Game, TimeControl
from games.table.presenters import (
    full_view,
)
from games.table.selectors import chat_with_hidden, watch_version
from games.table.services import AccessDenied, GameError, GameNotFound
from games.table.story import LOG_TOTAL, view_with_story
from games.table.views.orders import standing_context

SESSION_INVITATIONS = "game_invitations"


def display_name(user) -> str:
    """The name shown at the table: the profile's display name, else the username.

    Uses the profile already loaded on `user` when there is one (see `load_profiles`)."""
    cached = getattr(user, "_table_name", None)
    if cached is not None:
        return cached
    name = ""
    try:
        name = (user.profile.display_name or "").strip()
    except ObjectDoesNotExist:
        pass
    user._table_name = name or user.get_username()
    return user._table_name


def load_profiles(users) -> None:
    """Fetch the display names of `users` in one query (instead of one per user); none
    when their profiles came with them (`select_related("user__profile")`)."""
    users = list(users)
    from accounts.models import Profile

    pending = [u for u in users if getattr(u, "_table_name", None) is None]
    descriptor = getattr(type(users[0]), "profile", None) if users else None
    if descriptor is not None and hasattr(descriptor, "is_cached"):
        # profiles already loaded with the users (select_related): no query
        loaded = [u for u in pending if descriptor.is_cached(u)]
        for user in loaded:
            display_name(user)
        pending = [u for u in pending if not descriptor.is_cached(u)]
    if not pending:
        return
    names = dict(Profile.objects.filter(user__in=pending).values_list("user_id", "display_name"))
    for user in pending:
        user._table_name = (names.get(user.pk) or "").strip() or user.get_username()


def invitation_token(request, game_id) -> str | None:
    """The invitation token this browser holds for a game (from its invitation link)."""
    tokens = request.session.get(SESSION_INVITATIONS) or {}
    token = tokens.get(str(game_id))
    return token if isinstance(token, str) else None


def remember_invitation(request, game_id, token) -> None:
    tokens = dict(request.session.get(SESSION_INVITATIONS) or {})
    tokens[str(game_id)] = token
    request.session[SESSION_INVITATIONS] = tokens


def live_mode() -> str:
    """ "sse" when Redis carries change notices, else "poll" (htmx polling every 2 s)."""
    return "sse" if getattr(settings, "REDIS_URL", "") else "poll"


def seat_names(seats) -> dict[str, str]:
    load_profiles([seat.user for seat in seats])
    return {seat.player_id: display_name(seat.user) for seat in seats}


def describer(kind):
    """The engine's `describe(entry, lang, names=None)`, when the engine package has one."""
    engine = get_engine(kind)
    describe = getattr(engine, "describe", None)
    if describe is None:
        try:
            module = importlib.import_module(f"games.engines.{kind}")
        except ImportError:
            return None
        describe = getattr(module, "describe", None)
    return describe


def current_lang() -> str:
    return (translation.get_language() or settings.LANGUAGE_CODE).split("-")[0]


def game_title(game) -> str:
    return f"{game_label(game.kind)} #{game.pk}"


def game_subtitle(game) -> str:
    parts = [str(TimeControl.LABELS.get(game.time_control, game.time_control))]
    parts.append(str(game.get_visibility_display()))
    parts.extend(game_settings(game)[1:])
    return " · ".join(parts)


def game_settings(game) -> list[str]:
    """The table's settings in words: time control, then the game's own options."""
    parts = [str(TimeControl.LABELS.get(game.time_control, game.time_control))]
    return parts + descriptor_for(game.kind).settings_words(game.options or {})


def _(text):
    return translation.gettext(text)


# The panel shows the newest lines of the log; the whole log is on its own paged page
# (`games:log`), so that a long game's panel costs what a short one's does.
PANEL_LOG_LINES = 30


def table_context(game_view, *, log_lines: int | None = PANEL_LOG_LINES) -> dict | None:
    """The presenter's context for the viewer's own view (None before the start), with the
    newest `log_lines` lines of the log (None: all). `log_total`: the lines there are."""
    if game_view.view is None:
        return None
    game = game_view.game
    view = game_view.view
    if game.status == Game.Status.FINISHED and game.state is not None:
        # Once the game is over every card may be seen: the full view, as in the replay.
        engine = get_engine(game.kind)
        view = full_view(engine, engine.load(game.state))
    names = seat_names(game_view.seats)
    view = view_with_story(game, dict(view), names, newest=log_lines)
    entries = view.get("log")
    total = view.pop(LOG_TOTAL, None)
    if total is None:
        total = len(entries) if isinstance(entries, list) else 0
    if log_lines is not None and total > log_lines:
        view["log"] = entries[-log_lines:]
    table = descriptor_for(game.kind).present(
        view=view,
        viewer=game_view.player_id,
        legal_actions=game_view.legal_actions,
        names=names,
        lang=current_lang(),
        describe=describer(game.kind),
    )
    table["log_total"] = total
    table["log_more"] = log_lines is not None and total > log_lines
    return table


def viewer_phrases(game_view):
    """The chat phrases the viewer may post now when the game's rules limit the talk (see
    `descriptors.chat_phrases`) as `(key, text)` pairs worded in the viewer's language, else
    None (free text)."""
    if game_view.seat is None or game_view.game.status != Game.Status.RUNNING:
        return None
    kind = game_view.game.kind
    phrases = chat_phrases(kind, view=game_view.view, viewer=game_view.player_id)
    if phrases is None:
        return None
    return [(p["key"], chat_phrase_text(kind, p)) for p in phrases]


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
    context.update(seat_context(request, game_view, context))
    context["standing"] = standing_context(game_view)
    return context


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


def chat_lines(chat, *, kind, seats=()) -> list[dict]:
    """Chat rows of a game of `kind` for the templates, worded in the reader's language (a
    phrase is stored as its key and parameters). A message hidden by a moderator keeps its
    place with no text (rows from `chat_with_hidden` carry `visible_text` and
    `visible_phrase`, "" and None when hidden). Authors and recipients are named from the
    users of `seats` (with their profiles), the others read in one query."""
    people = {s.user_id: s.user for s in seats}
    missing = {m.user_id for m in chat} | {m.recipient_id for m in chat if m.recipient_id}
    missing -= people.keys()
    if missing:
        from django.contrib.auth import get_user_model

        people.update(
            (u.pk, u)
            for u in get_user_model().objects.filter(pk__in=missing).select_related("profile")
        )
    lines = []
    for m in chat:
        hidden = bool(getattr(m, "hidden", False))
        text = "" if hidden else chat_message_text(kind, m)
        author = people.get(m.user_id)
        lines.append(
            {
                "id": m.pk,
                "name": display_name(author),
                "username": author.get_username() if author is not None else "",
                "user_id": m.user_id,
                "hidden": hidden,
                "text": text,
                "created_at": m.created_at,
                "to_name": display_name(people.get(m.recipient_id)) if m.recipient_id else "",
                "to_id": m.recipient_id,
            }
        )
    return lines


def chat_message_text(kind, message) -> str:
    """What a chat message of a game of `kind` says, in the active language: its phrase
    worded, else its text (the `visible_*` annotations of `chat_with_hidden` when present)."""
    phrase = getattr(message, "visible_phrase", None)
    text = getattr(message, "visible_text", None)
    if text is None:  # a plain row
        phrase, text = message.phrase, message.text
    if phrase is not None:
        return chat_phrase_text(kind, phrase) or ""
    return text


def chat_recipients(game, seats, my_seat) -> list[dict]:
    """Whom the viewer may open a private line to (games with private lines, a seated
    viewer): the other players, by seat."""
    if my_seat is None or not descriptor_for(game.kind).whispers or not my_seat.player_id:
        return []
    return [
        {"id": s.player_id, "name": display_name(s.user)}
        for s in seats
        if s.pk != my_seat.pk and s.player_id
    ]


def render_panel(request, game_view, *, flash=None, status=200) -> HttpResponse:
    """The game panel fragment (htmx), with the log swapped out of band."""
    context = page_context(request, game_view, flash=flash)
    context["oob_log"] = True
    html = render_to_string("games/_panel.html", context, request=request)
    return HttpResponse(html, status=status)


def raise_for_access(error: GameError):
    """Turn "no such game" and "not allowed to see it" into 404 and 403."""
    if isinstance(error, GameNotFound):
        raise Http404(str(error))
    if isinstance(error, AccessDenied):
        raise PermissionDenied(str(error))


def visible_game_required(view):
    """A form post about one game (join, start, vote, bots...): 404 when the game does not
    exist and 403 when it is private and the visitor has neither a seat nor its invitation,
    before the view says anything about the game."""

    @wraps(view)
    def wrapper(request, game_id, *args, **kwargs):
        try:
            token = invitation_token(request, game_id)
            watch_version(game_id=game_id, user=request.user, invitation_token=token)
        except GameError as error:
            raise_for_access(error)
            raise
        return view(request, game_id, *args, **kwargs)

    return wrapper


def error_text(error: GameError) -> str:
    return str(error)


def back_to_game(request, game_id, *, error=None, success=None):
    """Plain form posts: a message, then the game page again."""
    if error:
        messages.error(request, error)
    if success:
        messages.success(request, success)
    try:
        return redirect("games:detail", game_id=int(game_id))
    except (TypeError, ValueError):
        return redirect("games:lobby")


def json_response(data, *, filename=None) -> HttpResponse:
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=2, default=str),
        content_type="application/json; charset=utf-8",
    )
    if filename:
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def login_required(view):
    """Like Django's, but the login page sends the player back to the game page (not to the
    POST-only URL they hit), and htmx requests get an `HX-Redirect` instead of a login page
    swapped into the table."""
    from functools import wraps

    from django.contrib.auth.views import redirect_to_login

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.user.is_authenticated:
            return view(request, *args, **kwargs)
        game_id = kwargs.get("game_id")
        back = reverse("games:detail", args=[game_id]) if game_id else reverse("games:lobby")
        response = redirect_to_login(back)
        if getattr(request, "htmx", False):
            htmx_response = HttpResponse(status=204)
            htmx_response["HX-Redirect"] = response.url
            return htmx_response
        return response

    return wrapper
