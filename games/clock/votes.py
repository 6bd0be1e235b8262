"""Votes against an absent player: the other players may skip their turn (play the default
move now) or drop them (autopilot or out, as the game's timeout policy says)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.clock.deadlines import engine_of
from games.clock.models import DeadlineVote, SeatClock
from games.clock.timeouts import MAX_DEFAULTS_PER_DECISION, seat_drop, timeout_locked
from games.table.models import Game, Seat
from games.table.services import system_action_submit
from games.table.services.common import coerce_seq, decision_continues, lock_game
from games.table.services.errors import GameError, GameNotRunning, NotYourSeat, StaleAction
from games.table.services.play import TIMEOUT_FOLLOW


class VoteRefused(GameError):
    default_code = "vote_refused"


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
        target = Seat.objects.filter(game=game, player_id=str(target_player_id)).first()
        if target is None or target.pk == voter.pk or target.status != Seat.Status.PLAYING:
            raise VoteRefused(_("You cannot vote against this player."))
        engine = engine_of(game)
        if target.player_id not in engine.waiting_for(engine.load(game.state)):
            raise VoteRefused(_("This player owes no decision now."))
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
