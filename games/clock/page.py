"""What the clock adds to the game page (`games.table.page`): under each seat its deadline
badges (away, autopilot, dropped, missed deadlines), the votes against an absent player and
"take my seat back"; in the waiting room, the host's timeout policy.

A vote is offered against a seat by the rule `games.clock.votes.vote_cast` enforces
(`votes.absent_enough`: owes the current decision and is away, has missed a deadline or is
past the deadline).
"""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from games.bots import available_levels
from games.clock.models import TimeoutPolicy
from games.clock.seats import read_seat_clocks
from games.clock.selectors import deadline_votes
from games.clock.votes import absent_enough, deadline_overdue
from games.table import page
from games.table.descriptors import bot_default_level, bot_level_label
from games.table.models import Game, Seat

VOTE_KINDS = (("skip", _("Skip their turn")), ("drop", _("Drop them")))


def seat_context(request, game_view, context) -> dict:
    if context["part"] != page.PAGE:
        return {}
    game = game_view.game
    infos = context["seat_infos"]
    seats = game_view.seats
    running = game.status == Game.Status.RUNNING
    flags, clock_row = {}, None
    if game.status != Game.Status.OPEN:
        flags, clock_row = read_seat_clocks(game, seats=seats)
    my_seat = game_view.seat
    i_vote = running and my_seat is not None and my_seat.status == Seat.Status.PLAYING
    waiting = set((game_view.view or {}).get("waiting_for") or []) if running else set()
    counts, cast = ({}, set())
    playing = [s for s in seats if s.status == Seat.Status.PLAYING]
    overdue = (
        i_vote and bool(waiting) and deadline_overdue(game, timezone.now(), clock_row=clock_row)
    )

    def open_against(seat) -> bool:
        flag = flags.get(seat.player_id) or {}
        return absent_enough(
            owes=seat.player_id in waiting,
            playing=seat.status == Seat.Status.PLAYING,
            away=bool(flag.get("away")),
            missed=flag.get("missed", 0),
            overdue=overdue,
        )

    if i_vote and any(open_against(s) for s in seats if s.pk != my_seat.pk):
        counts, cast = deadline_votes(game=game, seq=game_view.seq)
    for s in seats:
        info = infos.get(s.player_id or f"seat-{s.pk}")
        if info is None:
            continue
        flag = flags.get(s.player_id) or {}
        info.update(
            away=flag.get("away", False),
            away_until=flag.get("away_until"),
            autopilot=flag.get("autopilot", False),
            dropped=flag.get("dropped", False),
            missed=flag.get("missed", 0),
            bot_level=flag.get("bot_level", ""),
            bot_label=bot_level_label(flag["bot_level"]) if flag.get("bot_level") else "",
            votes=[],
        )
        if i_vote and not info["is_me"] and open_against(s):
            needed = (len(playing) - 1) // 2 + 1
            info["votes"] = [
                {
                    "kind": kind,
                    "label": label,
                    "count": counts.get((s.player_id, kind), 0),
                    "needed": needed,
                    "mine": (my_seat.player_id, s.player_id, kind) in cast,
                }
                for kind, label in VOTE_KINDS
            ]
    page.add_block(context, "seat", "clock/_seat.html")
    my_info = infos.get(my_seat.player_id) if my_seat is not None and my_seat.player_id else None
    policy = None
    if game_view.is_host and game.status == Game.Status.OPEN:
        current = TimeoutPolicy.objects.filter(game=game).first()
        policy = {
            "max_missed": current.max_missed_deadlines if current else 3,
            "drop_mode": current.drop_mode if current else TimeoutPolicy.DropMode.AUTOPILOT,
            "choices": TimeoutPolicy.DropMode.choices
            if available_levels(game)
            else [c for c in TimeoutPolicy.DropMode.choices if c[0] != TimeoutPolicy.DropMode.BOT],
            "bot_level": (current.bot_level if current else "") or bot_default_level(game.kind),
            "bot_levels": [(lv, bot_level_label(lv)) for lv in available_levels(game)],
        }
        page.add_block(context, "open", "clock/_policy.html")
    return {
        "can_resume": bool(running and my_info and my_info.get("autopilot")),
        "timeout_policy": policy,
    }
