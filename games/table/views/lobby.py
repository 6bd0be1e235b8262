"""The lobby: open tables, my games, creating a table, taking and leaving seats, starting."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.engines import available_engines
from games.table import page, selectors, services
from games.table.forms import GameCreateForm
from games.table.models import Game, Seat, TimeControl
from games.table.services import GameError
from games.table.views.access import (
    invitation_token,
    login_required,
    raise_for_access,
    remember_invitation,
    visible_game_required,
)
from games.table.views.names import display_name
from games.table.views.responses import back_to_game, error_text
from games.table.views.table import game_settings, game_title

# What an open table's row shows (its settings, seats, host, rating conditions): the rest
# of the row (options aside) and of its host's are left in the database.
OPEN_TABLE_FIELDS = (
    "kind", "options", "status", "visibility", "min_seats", "max_seats", "time_control",
    "auto_start", "rated", "host", "created_at", "host__username", "host__profile__display_name",
)  # fmt: skip


def game_links(name):
    """A function giving the path of the view `name` for a game's id: reversed once, then
    filled in per row (a lobby lists dozens of games; a reverse costs tens of microseconds,
    a few milliseconds a page)."""
    mark = "987654321"
    path = reverse(name, args=[int(mark)])
    return lambda pk: path.replace(mark, str(int(pk)))


def lobby_context(request, form=None):
    """The lobby's rows, their words written here rather than in the template: a lobby
    lists dozens of rows, and a translation tag or an include per row costs more than the
    string it gives (`lobby.html` only prints them)."""
    user = request.user
    detail, join = game_links("games:detail"), game_links("games:join")
    status_words = {value: str(label) for value, label in Game.Status.choices}
    my_games = []
    if user.is_authenticated:
        # what the rows show: title, status, the players' names (read apart), the turn
        games = list(
            selectors.user_games(user=user).select_related(None).only("kind", "status")[:50]
        )
        names = _names_by_game([g.pk for g in games])
        my_games = [
            {
                "game": game,
                "url": detail(game.pk),
                "title": game_title(game),
                "to_act": bool(game.my_turn) and game.status == "running",
                "players": ", ".join(names.get(game.pk, [])),
                "status": status_words.get(game.status, game.status),
            }
            for game in games
        ]
    mine = {item["game"].pk for item in my_games}
    seated = _("%(n)s/%(max)s seated, hosted by %(host)s")
    when_full = [_("starts when full")]
    open_games = [
        {
            "game": game,
            "url": detail(game.pk),
            "join_url": join(game.pk),
            "title": game_title(game),
            "seated": seated
            % {"n": game.seat_count, "max": game.max_seats, "host": display_name(game.host)},
            "settings": " · ".join(game_settings(game) + (when_full if game.auto_start else [])),
            "mine": game.pk in mine,
            "notes": [],  # (name, words) of the lobby's providers (`page.add_lobby_item_note`)
        }
        for game in selectors.lobby_games().only(*OPEN_TABLE_FIELDS)[:50]
    ]
    context = {"my_games": my_games, "open_games": open_games, **create_form_context(form)}
    return page.lobby_contribute(request, context)


# The unbound create form's fields, rendered once per (language, games, time controls) and
# process: about a third of the lobby's rendering otherwise, and the same for everyone.
_FORM_FIELDS_HTML: dict[tuple, str] = {}


def create_form_context(form=None) -> dict:
    """`form` (a bound form, with its errors) or the cached fields of an unbound one."""
    if form is not None:
        return {"form": form}
    key = (get_language(), tuple(available_engines()), tuple(TimeControl.PRESETS))
    html = _FORM_FIELDS_HTML.get(key)
    if html is None:
        html = render_to_string("games/_create_form_fields.html", {"form": GameCreateForm()})
        _FORM_FIELDS_HTML[key] = html
    return {"form_fields_html": mark_safe(html)}  # our own template's output


def _names_by_game(game_ids):
    """{game id: the seated players' display names in seat order}: one query of plain rows
    (a lobby lists dozens of games, their seats' rows would be hundreds of objects)."""
    names: dict[int, list[str]] = {}
    seats = (
        Seat.objects.filter(game_id__in=game_ids)
        .order_by("game_id", "position")
        .values_list("game_id", "user__username", "user__profile__display_name")
    )
    for game_id, username, shown in seats:
        names.setdefault(game_id, []).append((shown or "").strip() or username)
    return names


@require_GET
def lobby(request):
    return render(request, "games/lobby.html", lobby_context(request))


@login_required
@require_http_methods(["GET", "POST"])
def game_create(request):
    """GET: the form to open a table. POST: open it (then its page), or the form again."""
    if request.method == "GET":
        return render(request, "games/new.html", create_form_context())
    form = GameCreateForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            game = services.game_create(
                host=request.user,
                kind=data["kind"],
                options=form.game_options(),
                visibility=data["visibility"],
                min_seats=form.seat_minimum,
                max_seats=data["max_seats"],
                time_control=data["time_control"],
                auto_start=data.get("auto_start", False),
                rated=form.is_rated(),
            )
            if game.max_seats == 1:  # a table of one seat: nobody to wait for
                services.game_start(game_id=game.pk, user=request.user)
        except GameError as error:
            form.add_error(None, error_text(error))
        else:
            if game.max_seats == 1:
                messages.success(request, _("The game has started."))
            else:
                messages.success(
                    request, _("Your table is open: wait for the players to sit down.")
                )
            return redirect("games:detail", game_id=game.pk)
    return render(request, "games/lobby.html", lobby_context(request, form), status=400)


@login_required
@require_POST
@visible_game_required
def seat_join(request, game_id):
    try:
        services.seat_join(
            game_id=game_id, user=request.user, invitation_token=invitation_token(request, game_id)
        )
    except GameError as error:
        raise_for_access(error, denied_is_forbidden=False)
        return back_to_game(request, game_id, error=error_text(error))
    return back_to_game(request, game_id, success=_("You sat down at the table."))


@login_required
@require_POST
@visible_game_required
def seat_leave(request, game_id):
    try:
        services.seat_leave(game_id=game_id, user=request.user)
    except GameError as error:
        raise_for_access(error, denied_is_forbidden=False)
        return back_to_game(request, game_id, error=error_text(error))
    messages.success(request, _("You left the table."))
    return redirect("games:lobby")


@login_required
@require_POST
@visible_game_required
def game_start(request, game_id):
    try:
        services.game_start(game_id=game_id, user=request.user)
    except GameError as error:
        raise_for_access(error, denied_is_forbidden=False)
        return back_to_game(request, game_id, error=error_text(error))
    return back_to_game(request, game_id, success=_("The game has started."))


@login_required
@require_POST
@visible_game_required
def game_cancel(request, game_id):
    """The host calls off a table that has not started, or abandons a game they play
    alone."""
    try:
        game = services.game_cancel(game_id=game_id, user=request.user)
    except GameError as error:
        raise_for_access(error, denied_is_forbidden=False)
        return back_to_game(request, game_id, error=error_text(error))
    if game.state_seq:  # a solo game abandoned: its page tells the end
        messages.success(request, _("You abandoned the game."))
        return redirect("games:detail", game_id)
    messages.success(request, _("The table is cancelled."))
    return redirect("games:lobby")


@login_required
@require_POST
@visible_game_required
def game_rematch(request, game_id):
    """A player of a finished game opens the rematch (or finds the one already opened)."""
    try:
        game = services.game_rematch(game_id=game_id, user=request.user)
    except GameError as error:
        raise_for_access(error, denied_is_forbidden=False)
        return back_to_game(request, game_id, error=error_text(error))
    return back_to_game(request, game.pk, success=_("The rematch table is open."))


@never_cache
@require_GET
def invitation(request, game_id, token):
    """An invitation link: remember the token for this browser, then show the game."""
    remember_invitation(request, game_id, token)
    try:
        selectors.game_view(game_id=game_id, user=request.user, invitation_token=token)
    except GameError as error:
        raise_for_access(error)
    return redirect("games:detail", game_id=int(game_id))
