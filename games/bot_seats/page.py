"""What the bots add to the pages (`games.table.page`): a "bot" badge under the seats of
bots; in the waiting room, the host's "add a bot (level)" and "remove"; in the lobby,
"practice against bots"."""

from __future__ import annotations

from games.bot_seats.models import BotAccount
from games.bots import available_levels
from games.engines import available_engines
from games.table import page
from games.table.descriptors import bot_level_label, game_label
from games.table.models import MAX_SEATS, Game, TimeControl


def bot_levels(seats) -> dict:
    """{user id: bot level} of the seats played by bots: from the accounts loaded with the
    seats (`page.read_with`), else one query."""
    accounts = [page.loaded(s, "user__bot_account") for s in seats]
    if any(a is page.MISSING for a in accounts):
        return dict(
            BotAccount.objects.filter(user_id__in=[s.user_id for s in seats]).values_list(
                "user_id", "level"
            )
        )
    return {a.user_id: a.level for a in accounts if a is not None}


def seat_context(request, game_view, context) -> dict:
    if context["part"] != page.PAGE:
        return {}
    game = game_view.game
    seats = game_view.seats
    levels = bot_levels(seats)
    infos = context["seat_infos"]
    bots = []
    for s in seats:
        level = levels.get(s.user_id)
        info = infos.get(s.player_id or f"seat-{s.pk}")
        if info is not None:
            info["bot_label"] = bot_level_label(level) if level else ""
        if level:
            bots.append({"player_id": s.player_id, "label": bot_level_label(level), "seat": s})
    if levels:
        page.add_block(context, "seat", "bots/_seat.html")
    add = None
    if game_view.is_host and game.status == Game.Status.OPEN and available_levels(game):
        add = {
            "levels": [(lv, bot_level_label(lv)) for lv in available_levels(game)],
            "full": len(seats) >= game.max_seats,
            "bots": bots,
        }
        page.add_block(context, "open", "bots/_open.html")
    return {"bot_seats": add}


def lobby_context(request, context) -> dict:
    if not request.user.is_authenticated:
        return {}
    kinds = [k for k in available_engines() if available_levels(k)]
    if not kinds:
        return {}
    page.add_lobby_block(context, "bots/_practice.html")
    return {
        "practice": {
            "choices": [
                (f"{k}:{lv}", f"{game_label(k)} — {bot_level_label(lv)}")
                for k in kinds
                for lv in available_levels(k)
            ],
            "counts": list(range(0, MAX_SEATS)),
            "time_controls": TimeControl.choices(),
        }
    }
