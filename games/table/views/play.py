"""The game page, its panel fragment, moves, the polling fallback and the chat."""

from __future__ import annotations

import json

from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.table import page, selectors, services
from games.table.presence import presence_touch
from games.table.selectors import chat_with_hidden
from games.table.services import GameError, MalformedAction
from games.table.services.payload import parse_json_text
from games.table.views.access import invitation_token, login_required, raise_for_access
from games.table.views.chat_lines import chat_lines
from games.table.views.panel import page_context, render_panel
from games.table.views.responses import back_to_game, error_text
from games.table.views.table import viewer_phrases

from . import spectators

MAX_ACTION_CHARS = 2000


def load_view(request, game_id, *, whole_log=False):
    """The game as this user may see it, or 404/403. `whole_log`: with the whole log (the
    log's own page; the others show its newest lines)."""
    try:
        return selectors.game_view(
            game_id=game_id,
            user=request.user,
            invitation_token=invitation_token(request, game_id),
            chat_limit=0,  # the page reads its chat with the hidden lines' places
            whole_log=whole_log,
        )
    except GameError as error:
        raise_for_access(error)
        raise


@never_cache
@require_GET
def game_detail(request, game_id):
    game_view = load_view(request, game_id)
    return render(request, "games/game.html", page_context(request, game_view))


@never_cache
@require_GET
def game_panel(request, game_id):
    """The panel fragment: what htmx fetches after a change notice. Spectators of a public
    game (anyone without a seat) get the shared spectators' panel (one rendering per
    revision)."""
    asked = request.GET.get("spectator") == "1"
    if spectators.shares_panel(request, game_id, asked=asked):
        version = selectors_can_watch(request, game_id)
        shared = spectators.shared_panel(request, game_id, version.rev, own=True)
        if shared is not None:
            return HttpResponse(shared[1])
    return render_panel(request, load_view(request, game_id))


def parse_action(post) -> tuple[dict, int]:
    """The action dict and the expected seq of a move form. Raises MalformedAction.

    The buttons post `action` as JSON; a plain form may instead post `type` and the fields
    the action needs (`target`, `character`, `mode`, `keep` repeated).
    """
    raw_seq = post.get("expected_seq", "")
    try:
        expected_seq = int(raw_seq)
    except (TypeError, ValueError):
        raise MalformedAction(
            _("The form is missing the position of the game it was shown at.")
        ) from None
    if expected_seq < 0:
        raise MalformedAction(
            _("The form is missing the position of the game it was shown at.")
        ) from None
    raw = post.get("action")
    if raw:
        try:  # bounded length and depth, checked before and after parsing
            action = parse_json_text(raw, max_chars=MAX_ACTION_CHARS)
        except MalformedAction:
            raise MalformedAction(_("This action could not be read.")) from None
        if not isinstance(action, dict):
            raise MalformedAction(_("This action could not be read.")) from None
        return action, expected_seq
    kind = post.get("type")
    if not kind:
        raise MalformedAction(_("Choose an action."))
    action = {"type": kind}
    for key in ("target", "character", "mode"):
        if post.get(key):
            action[key] = post.get(key)
    if "keep" in post:
        action["keep"] = post.getlist("keep")
    for key in ("amount", "slot"):  # whole numbers typed in a form (Intrigue's offer)
        value = post.get(key, "").strip()
        if value:
            if not value.isdigit() or len(value) > 9:
                raise MalformedAction(_("Enter a whole number, 0 or more."))
            action[key] = int(value)
    return action, expected_seq


@never_cache
@login_required
@require_POST
def action_post(request, game_id):
    """Play one move. htmx: the refreshed panel (with a message on error); else a redirect."""
    error = hint = None
    try:
        action, expected_seq = parse_action(request.POST)
        hint = page.move_refusal(request.user, game_id, action)
        if hint is None:
            event = services.action_submit(
                game_id=game_id,
                user=request.user,
                action=action,
                expected_seq=expected_seq,
                decision_key=request.POST.get("decision_key") or None,
            )
            page.after_move(request.user, game_id, event)
    except GameError as exc:
        error = exc
        if not isinstance(exc, MalformedAction):
            raise_for_access(exc)
    if not request.htmx:
        return back_to_game(request, game_id, error=error_text(error) if error else None, info=hint)
    flash = [{"level": "error", "text": error_text(error)}] if error else None
    if hint:
        flash = [{"level": "hint", "text": hint}]
    return render_panel(request, load_view(request, game_id), flash=flash)


@never_cache
@login_required
@require_POST
def standing_post(request, game_id):
    """Set the player's standing orders for this game. htmx: the refreshed panel."""
    error = None
    try:
        services.standing_orders_set(
            game_id=game_id, user=request.user, orders=request.POST.getlist("orders")
        )
    except GameError as exc:
        error = exc
        raise_for_access(exc)
    done = _("Your standing orders are saved.")
    if not request.htmx:
        if error:
            return back_to_game(request, game_id, error=error_text(error))
        return back_to_game(request, game_id, success=done)
    flash = [
        {"level": "error", "text": error_text(error)}
        if error
        else {"level": "success", "text": done}
    ]
    return render_panel(request, load_view(request, game_id), flash=flash)


@never_cache
@require_GET
def game_changed(request, game_id):
    """Polling fallback: 204 while nothing changed since revision `since`, else an htmx
    trigger that makes the page fetch its panel and chat again."""
    version = selectors_can_watch(request, game_id)
    try:
        since = int(request.GET.get("since", "-1"))
    except ValueError:
        since = -1
    if version.rev == since:
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Trigger"] = json.dumps({"game-changed": {"seq": version.seq, "rev": version.rev}})
    return response


@never_cache
@require_POST
def game_seen(request, game_id):
    """The game page is in front of a seated player's eyes (the Page Visibility API says
    so): no "your turn" mail for now. The page posts this when it becomes visible and
    every few seconds while it stays visible; a page left in a background tab does not,
    so the mail goes out. Anyone else: 204 and nothing happens."""
    touch_presence(request.user, game_id)
    return HttpResponse(status=204)


def touch_presence(user, game_id) -> None:
    """A seated player is looking at this game's page: no "your turn" mail for now."""
    from games.table.selectors import seated_user

    if user is not None and user.is_authenticated and seated_user(game_id=game_id, user=user):
        presence_touch(int(game_id), user.pk)


def selectors_can_watch(request, game_id):
    """The game's version when this user may watch it; 404/403 otherwise."""
    from games.table.selectors import watch_version

    try:
        return watch_version(
            game_id=game_id, user=request.user, invitation_token=invitation_token(request, game_id)
        )
    except GameError as error:
        raise_for_access(error)
        raise


@never_cache
@require_http_methods(["GET", "POST"])
def chat(request, game_id):
    """GET: the messages fragment. POST (seated players): post one, then the fragment."""
    chat_error = None
    if request.method == "POST":
        if not request.user.is_authenticated:
            from django.contrib.auth.views import redirect_to_login

            return redirect_to_login(request.get_full_path())
        try:
            services.chat_post(
                game_id=game_id,
                user=request.user,
                text=request.POST.get("text", ""),
                to=request.POST.get("to") or None,
                phrase=request.POST.get("phrase") or None,
            )
        except GameError as error:
            raise_for_access(error)
            chat_error = error_text(error)
        if not request.htmx:
            return back_to_game(request, game_id, error=chat_error)
    game_view = load_view(request, game_id)
    context = {
        "part": page.CHAT,
        "game": game_view.game,
        "chat_messages": chat_lines(
            chat_with_hidden(game=game_view.game, viewer=request.user),
            kind=game_view.game.kind,
            seats=game_view.seats,
        ),
        "chat_error": chat_error,
        "chat_phrases": viewer_phrases(game_view),
        "user": request.user,
    }
    page.contribute(request, game_view, context)
    html = render_to_string("games/_chat_messages.html", context, request=request)
    return HttpResponse(html)
