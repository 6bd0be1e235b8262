"""A seat and the clock: the host's timeout policy, taking one's seat back from autopilot,
and the public badges of each seat (away, autopilot, dropped, missed deadlines)."""

from __future__ import annotations

from typing import NamedTuple

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.bots import available_levels
from games.clock.deadlines import away_until
from games.clock.missed import missed_in_rows
from games.clock.models import GameClock, SeatClock, TimeoutPolicy
from games.clock.votes import VoteRefused
from games.table import page, records
from games.table.models import Game, Seat
from games.table.services.common import lock_game
from games.table.services.errors import (
    GameNotOpen,
    GameNotRunning,
    InvalidGameSettings,
    NotHost,
    NotYourSeat,
)


def timeout_policy_set(
    *, game_id, user, max_missed_deadlines=3, drop_mode="autopilot", bot_level=""
):
    """The host sets the game's timeout policy before it starts. Raises GameError
    subclasses on bad input (nothing written). `drop_mode="bot"` hands a dropped seat to a
    bot of `bot_level` (one of `games.bots.available_levels(game.kind)`)."""
    if drop_mode not in TimeoutPolicy.DropMode.values:
        raise InvalidGameSettings(_("Unknown drop mode."))
    if drop_mode != TimeoutPolicy.DropMode.BOT:
        bot_level = ""
    try:
        count = int(max_missed_deadlines)
    except (TypeError, ValueError):
        raise InvalidGameSettings(_("The number of missed deadlines must be 1 to 20.")) from None
    if not 1 <= count <= 20:
        raise InvalidGameSettings(_("The number of missed deadlines must be 1 to 20."))
    with transaction.atomic():
        game = lock_game(game_id)
        if user is None or game.host_id != getattr(user, "pk", None):
            raise NotHost()
        if game.status != Game.Status.OPEN:
            raise GameNotOpen()
        if drop_mode == TimeoutPolicy.DropMode.BOT and bot_level not in available_levels(game):
            raise InvalidGameSettings(_("Choose the level of the bot that takes over."))
        policy, _created = TimeoutPolicy.objects.update_or_create(
            game=game,
            defaults={
                "max_missed_deadlines": count,
                "drop_mode": drop_mode,
                "bot_level": bot_level,
            },
        )
    return policy


def seat_resume(*, game_id, user) -> Seat:
    """A player on autopilot takes their seat back (the others' vote to drop them included:
    coming back is always allowed while the game runs)."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotYourSeat()
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.RUNNING:
            raise GameNotRunning()
        seat = Seat.objects.filter(game=game, user=user).first()
        if seat is None:
            raise NotYourSeat()
        if seat.status != Seat.Status.AUTOPILOT:
            raise VoteRefused(_("Your seat is not on autopilot."))
        seat.status = Seat.Status.PLAYING
        seat.save(update_fields=["status"])
        records.abandons_changed([seat.user_id], game.kind)
        SeatClock.objects.filter(seat=seat).update(dropped_at=None, drop_reason="", bot_level="")
        if game.deadline_at is not None and game.deadline_at <= timezone.now():
            # the autopilot deadline ("now") of a decision still open: give it its time back
            clock = GameClock.objects.filter(game=game, seq=game.state_seq).first()
            if clock is not None and clock.deadline_at is not None:
                Game.objects.filter(pk=game.pk).update(deadline_at=clock.deadline_at)
    return seat


class SeatClocksRead(NamedTuple):
    flags: dict[str, dict]  # see `seat_flags`
    # (seq, deadline_at) of the game's clock, read with the seats' clocks (None, None when
    # it has none), or None when no seat clock brought it (`votes.deadline_overdue` reads it)
    clock: tuple | None


def _loaded_clocks(game, seats):
    """(clocks by seat id, game clock row, runs counted) from the relations loaded with
    the rows, or None when they were not."""
    game_clock = page.loaded(game, "clock")
    if game_clock is page.MISSING:
        return None
    clocks = {}
    for seat in seats:
        seat_clock = page.loaded(seat, "clock")
        if seat_clock is page.MISSING:
            return None
        if seat_clock is not None:
            clocks[seat.pk] = (seat_clock.dropped_at, seat_clock.bot_level, seat_clock.missed)
    if game_clock is None:
        return clocks, (None, None), False
    counted = game_clock.missed_seq == game.state_seq and len(clocks) == len(seats)
    return clocks, (game_clock.seq, game_clock.deadline_at), counted


def _read_clocks(game):
    """`_loaded_clocks` in one query."""
    rows = SeatClock.objects.filter(seat__game_id=game.pk).values_list(
        "seat_id",
        "dropped_at",
        "bot_level",
        "missed",
        "seat__game__clock__missed_seq",
        "seat__game__clock__seq",
        "seat__game__clock__deadline_at",
    )
    clocks = {}
    clock = None
    counted = True
    for seat_id, dropped_at, bot_level, missed, missed_seq, seq, deadline_at in rows:
        clocks[seat_id] = (dropped_at, bot_level, missed)
        clock = (seq, deadline_at)
        counted = counted and missed_seq == game.state_seq
    return clocks, clock, counted and bool(clocks)


def read_seat_clocks(game, now=None, seats=None) -> SeatClocksRead:
    """The seats' public clock facts (`seat_flags`) and the game clock's deadline. With the
    rows of the game page (`seats` with their users, profiles and clocks, the game with its
    clock: `games.table.page.read_with`), no query while the bookkeeping has counted the
    runs of missed deadlines up to the game's last change; otherwise they are read (one
    query) or counted from the log (one more)."""
    now = now or timezone.now()
    if seats is None:
        seats = list(Seat.objects.filter(game=game).select_related("user__profile"))
    clocks, clock, counted = _loaded_clocks(game, seats) or _read_clocks(game)
    missed = {}
    if game.status == Game.Status.RUNNING:
        if counted and all(s.pk in clocks for s in seats):
            missed = {seat_id: row[2] for seat_id, row in clocks.items()}
        else:
            missed = missed_in_rows(game)
    flags = {}
    for seat in seats:
        dropped_at, bot_level, _run = clocks.get(seat.pk, (None, "", 0))
        bot_level = bot_level or ""
        until = away_until(seat.user, now)
        flags[seat.player_id] = {
            "away": until is not None,
            "away_until": until,
            "autopilot": seat.status == Seat.Status.AUTOPILOT,
            "dropped": dropped_at is not None,
            "missed": missed.get(seat.pk, 0),
            "bot_level": bot_level,
        }
    return SeatClocksRead(flags, clock)


def seat_flags(game, now=None, seats=None) -> dict[str, dict]:
    """Per player id: `away` (bool), `away_until`, `autopilot`, `dropped`, `missed` (the
    current run of missed deadlines), `bot_level` (a bot plays the dropped seat, or "").
    Public facts for the game page."""
    return read_seat_clocks(game, now, seats).flags
