"""What moderation adds to the game page (`games.table.page`): the report links under the
seats and the chat messages, the report form under the chat, and the chat mute."""

from __future__ import annotations

from games.moderation.services import mute_running, user_is_muted
from games.table import page


def may_report(request, game_view) -> bool:
    """Signed-in users may report; in a private game only its seated players do (the report
    form of a spectator would have to carry their invitation token, which the page never
    echoes)."""
    if not request.user.is_authenticated:
        return False
    return not game_view.game.is_private or game_view.seat is not None


def page_context(request, game_view, context) -> dict:
    can_report = may_report(request, game_view)
    if can_report:
        page.add_block(context, "chat_message", "moderation/_report_message.html")
    if context["part"] == page.CHAT:
        return {"can_report": can_report}
    muted = False
    if game_view.seat is not None:
        sanction = page.loaded(game_view.seat, "user__sanction")
        if sanction is page.MISSING:
            muted = user_is_muted(request.user)
        else:
            muted = mute_running(sanction.muted_until if sanction else None)
    if can_report:
        page.add_block(context, "seat", "moderation/_report_player.html")
    page.add_block(context, "chat", "moderation/_chat.html")
    return {
        "can_report": can_report,
        "chat_muted": muted,
        "can_chat": context.get("can_chat", False) and not muted,
    }
