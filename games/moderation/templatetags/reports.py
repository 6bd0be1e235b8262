"""``{% load reports %}{% report_box game %}``: the report form of a game page.

Options: ``message=chat_message`` (report that message) or ``player="username"`` (prefill the
reported player), ``token=invitation_token`` for spectators of a private game."""

from django import template

register = template.Library()


@register.inclusion_tag("moderation/_report_form.html", takes_context=True)
def report_box(context, game, message=None, player="", token=""):
    from games.moderation.views import ReportForm, form_context

    initial = {
        "message": getattr(message, "pk", None),
        "player": player or "",
        "invitation_token": token or "",
    }
    form = ReportForm(initial=initial)
    # the game page's seats (users and profiles loaded): the form costs no query there
    page_seats = [entry["seat"] for entry in context.get("seats") or [] if "seat" in entry]
    page_seats = page_seats or None
    request = context.get("request")
    return {
        **form_context(game, form, getattr(request, "user", None), seats=page_seats),
        "game": game,
        "report_form": form,
        "csrf_token": context.get("csrf_token"),
        "request": context.get("request"),
    }
