"""Players' side of moderation: report a message or a player, and the public profile.

Thin views: check who asks, call one service or selector, render. A report is posted from
the game page (``moderation/_report_form.html``, htmx or plain form) by a seated player or a
spectator who may see that game.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

from games.moderation import services as moderation
from games.moderation.models import Report
from games.table.models import ChatMessage, Game

User = get_user_model()


class ReportForm(forms.Form):
    category = forms.ChoiceField(label=_("Reason"), choices=Report.Category.choices)
    text = forms.CharField(
        label=_("What happened?"),
        required=False,
        max_length=moderation.REPORT_TEXT_MAX_LENGTH,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    message = forms.IntegerField(required=False, widget=forms.HiddenInput, min_value=1)
    player = forms.CharField(label=_("Player"), required=False, max_length=150)
    invitation_token = forms.CharField(required=False, widget=forms.HiddenInput, max_length=64)


def _game_url(game: Game) -> str:
    try:
        return reverse("games:detail", args=[game.pk])
    except NoReverseMatch:
        return f"/games/{game.pk}/"


def _may_see(game: Game, user, token: str) -> bool:
    """Seated players, and spectators of a game they may watch (public, or invited)."""
    if game.seats.filter(user=user).exists():
        return True
    if not game.is_private:
        return True
    from games.table.services import invitation_matches

    return bool(token) and invitation_matches(game, token)


def _targets(game: Game, data: dict):
    """(message, reported user) named by the form, or ModerationError."""
    message = reported = None
    if data.get("message"):
        message = ChatMessage.objects.filter(pk=data["message"], game=game).first()
        if message is None:
            raise moderation.ModerationError(
                _("This message is not in this game."), code="bad_message"
            )
    name = (data.get("player") or "").strip()
    if name:
        seat = game.seats.select_related("user").filter(user__username=name).first()
        if seat is None:
            raise moderation.ModerationError(
                _("This player is not in this game."), code="bad_player"
            )
        reported = seat.user
    return message, reported


def form_context(game, form, user, seats=None) -> dict:
    """What the report form shows besides its fields: the reported message quoted (when
    `user` may read it: never another pair's private line), the reported player by name,
    else the game's other players to choose from (never an empty "Player" box). `seats`:
    the game's seats with their users when the page has them (no query then)."""
    from games.table.views.chat_lines import chat_message_text
    from games.table.views.names import display_name

    context = {"report_quote": None, "report_player_name": "", "report_players": []}
    message_id = form["message"].value()
    if message_id and str(message_id).isdigit():
        message = (
            ChatMessage.objects.filter(pk=message_id, game=game).select_related("user").first()
        )
        private = message is not None and message.recipient_id is not None
        if message is not None and not (
            private and getattr(user, "pk", None) not in (message.user_id, message.recipient_id)
        ):
            context["report_quote"] = {
                "author": display_name(message.user),
                "text": "" if message.hidden else chat_message_text(game.kind, message),
                "hidden": message.hidden,
            }
        return context
    if seats is None:
        seats = game.seats.select_related("user")
    seats = [s for s in seats if s.user_id != getattr(user, "pk", None)]
    name = (form["player"].value() or "").strip()
    chosen = next((s for s in seats if s.user.username == name), None)
    if chosen is not None:
        context["report_player_name"] = display_name(chosen.user)
    else:
        context["report_players"] = [(s.user.username, display_name(s.user)) for s in seats]
    return context


def _render_form(request, game, form, *, status=200, done=False):
    context = {"game": game, "report_form": form, "report_done": done}
    if not done:
        context.update(form_context(game, form, request.user))
    template = "moderation/_report_form.html" if request.htmx else "moderation/report_page.html"
    return render(request, template, context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def report_create(request, game_id):
    """GET: the report form (plain page, or the fragment for htmx). POST: file the report."""
    game = get_object_or_404(Game, pk=game_id)
    source = request.POST if request.method == "POST" else request.GET
    token = (source.get("invitation_token") or "")[:64]
    if not _may_see(game, request.user, token):
        raise PermissionDenied(_("You cannot see this game."))
    if request.method == "GET":
        initial = {
            "message": source.get("message") if (source.get("message") or "").isdigit() else None,
            "player": (source.get("player") or "")[:150],
            "invitation_token": token,
        }
        return _render_form(request, game, ReportForm(initial=initial))

    form = ReportForm(request.POST)
    if form.is_valid():
        try:
            message, reported = _targets(game, form.cleaned_data)
            moderation.report_create(
                reporter=request.user,
                game=game,
                category=form.cleaned_data["category"],
                text=form.cleaned_data["text"],
                message=message,
                reported_user=reported,
            )
        except moderation.ModerationError as exc:
            form.add_error(None, exc)
    if form.errors:
        status = 429 if _rate_limited(form) else 400
        if request.htmx:
            return _render_form(request, game, form, status=status)
        for error in form.non_field_errors():
            messages.error(request, error)
        if not form.non_field_errors():
            messages.error(request, _("Check the report form."))
        return _render_form(request, game, form, status=status)
    thanks = _("Thank you: the moderators will look at your report.")
    if request.htmx:
        return _render_form(request, game, ReportForm(), done=True)
    messages.success(request, thanks)
    return redirect(_game_url(game))


def _rate_limited(form) -> bool:
    return any(
        getattr(e, "code", None) == "rate_limited" for e in form.errors.as_data().get("__all__", [])
    )
