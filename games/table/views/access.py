"""Who may reach a game's views: invitations, login, and the one way from a service's
error to an HTTP error."""

from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.urls import reverse

from games.table.selectors import watch_version
from games.table.services import AccessDenied, GameError, GameNotFound

SESSION_INVITATIONS = "game_invitations"


def invitation_token(request, game_id) -> str | None:
    """The invitation token this browser holds for a game (from its invitation link)."""
    tokens = request.session.get(SESSION_INVITATIONS) or {}
    token = tokens.get(str(game_id))
    return token if isinstance(token, str) else None


def remember_invitation(request, game_id, token) -> None:
    tokens = dict(request.session.get(SESSION_INVITATIONS) or {})
    tokens[str(game_id)] = token
    request.session[SESSION_INVITATIONS] = tokens


def raise_for_access(error: GameError, *, denied_is_forbidden: bool = True):
    """The one way from a service's error to an HTTP error: "no such game" is a 404 and
    "not allowed to see it" a 403; every other error is the view's to show as a message.
    Views about a game already shown to the visitor (join, leave, start: the decorator
    `visible_game_required` checked it) pass `denied_is_forbidden=False`: a refusal there
    ("only the host may start") is a message, not a 403."""
    if isinstance(error, GameNotFound):
        raise Http404(str(error))
    if denied_is_forbidden and isinstance(error, AccessDenied):
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
