"""Votes against an absent player: the other players may skip their turn (play the default
move now) or drop them (autopilot or out, as the game's timeout policy says).

A vote is open only against an absent player (`vote_open`): a playing seat that owes the
current decision AND is away, or has missed a deadline in its current run (the "missed"
badge), or whose current deadline has passed (the sweeper has not played it yet). A present,
punctual player can never be skipped or dropped by the others, whatever the time control.
The page offers the buttons by the same rule (`absent_enough`).
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.clock.deadlines import away_until, engine_of
from games.clock.missed import missed_in_row
from games.clock.models import DeadlineVote, GameClock, SeatClock
from games.clock.timeouts import MAX_DEFAULTS_PER_DECISION, seat_drop, timeout_locked
from games.table.models import Game, Seat
from games.table.services import system_action_submit
from games.table.services.common import (
    coerce_seq,
    decision_continues,
    is_player_id,
    lock_game,
)
from games.table.services.errors import GameError, GameNotRunning, NotYourSeat, StaleAction
from games.table.services.play import TIMEOUT_FOLLOW


class VoteRefused(GameError):
    default_code = "vote_refused"


def absent_enough(*, owes: bool, playing: bool, away: bool, missed: int, overdue: bool) -> bool:
    """The rule, on facts: a vote is open against a playing seat that owes the current
    decision and is away, has missed a deadline (current run) or is past its deadline."""
    return bool(playing and owes and (away or missed > 0 or overdue))


def deadline_overdue(game, now, clock_row=None) -> bool:
    """Whether the players' deadline of the current decision has passed (the clock's
    deadline, not `Game.deadline_at`, which an autopilot seat sets to "now"). `clock_row`:
    the game clock's (seq, deadline_at) when the caller read it."""
    row = clock_row
    if row is None:
        row = GameClock.objects.filter(game=game).values_list("seq", "deadline_at").first()
    deadline = row[1] if row is not None and row[0] == game.state_seq else game.deadline_at
    return deadline is not None and deadline <= now


def vote_open(game, target, *, waiting=None, now=None) -> bool:
    """Whether the other players may vote to skip or drop `target` (a Seat) now."""
    if game.status != Game.Status.RUNNING or target is None:
        return False
    now = now or timezone.now()
    if waiting is None:
        engine = engine_of(game)
        waiting = engine.waiting_for(engine.load(game.state))
    owes = target.player_id in waiting
    playing = target.status == Seat.Status.PLAYING
    if not (owes and playing):
        return False
    return absent_enough(
        owes=owes,
        playing=playing,
        away=away_until(target.user, now) is not None,
        missed=missed_in_row(target),
        overdue=deadline_overdue(game, now),
    )


def vote_cast(*, game_id, user, target_player_id, kind, expected_seq) -> dict:
    """`user` votes to skip (play the default move now) or drop (autopilot/out now) the
    player `target_player_id`, who owes the current decision.

    One vote per voter, target, kind and seq. When a majority of the other active players
    (playing seats, the target excepted) agree, it is carried out at once. Returns
    {"votes", "needed", "carried"}. Raises GameError subclasses on bad input; writes nothing
    then.
    """
    if kind not in DeadlineVote.Kind.values:
        raise VoteRefused(_("Unknown vote."))
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotYourSeat()
    expected_seq = coerce_seq(expected_seq)
    now = timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.RUNNING:
            raise GameNotRunning()
        if game.state_seq != expected_seq:
            raise StaleAction()
        voter = Seat.objects.filter(game=game, user=user, status=Seat.Status.PLAYING).first()
        if voter is None:
            raise NotYourSeat()
        target_id = str(target_player_id)
        target = (
            Seat.objects.filter(game=game, player_id=target_id).first()
            if is_player_id(target_id)
            else None
        )
        if target is None or target.pk == voter.pk or target.status != Seat.Status.PLAYING:
            raise VoteRefused(_("You cannot vote against this player."))
        engine = engine_of(game)
        waiting = engine.waiting_for(engine.load(game.state))
        if target.player_id not in waiting:
            raise VoteRefused(_("This player owes no decision now."))
        if not vote_open(game, target, waiting=waiting, now=now):
            raise VoteRefused(
                _(
                    "You can only vote against a player who is away, has missed a deadline "
                    "or is past the deadline."
                )
            )
        try:
            with transaction.atomic():
                DeadlineVote.objects.create(
                    game=game, seq=game.state_seq, voter=voter, target=target, kind=kind
                )
        except IntegrityError:
            raise VoteRefused(_("You have already voted.")) from None
        votes = DeadlineVote.objects.filter(
            game=game, seq=game.state_seq, target=target, kind=kind
        ).count()
        others = Seat.objects.filter(game=game, status=Seat.Status.PLAYING).exclude(pk=target.pk)
        needed = others.count() // 2 + 1
        carried = votes >= needed
        if carried:
            if kind == DeadlineVote.Kind.DROP:
                seat_drop(game, target, reason=SeatClock.DropReason.VOTE, now=now)
                game.refresh_from_db()
                timeout_locked(game, now)  # autopilot plays its move now
            else:
                skip_play(game, target.player_id)
        return {"votes": votes, "needed": needed, "carried": carried}


def skip_play(game, player_id: str) -> None:
    """A carried skip: the target's default move, and its next ones while the engine keeps
    the decision open for them (Intrigue's host: each offer refused, then the placing)."""
    reason = "timeout"
    for _i in range(MAX_DEFAULTS_PER_DECISION):
        event = system_action_submit(
            game_id=game.pk, player_id=player_id, expected_seq=game.state_seq, reason=reason
        )
        game = event.game
        if game.status != Game.Status.RUNNING:
            return
        engine = engine_of(game)
        state = engine.load(game.state)
        if not decision_continues(engine, state) or player_id not in engine.waiting_for(state):
            return
        reason = TIMEOUT_FOLLOW
