"""The mail's listeners on the clock (`games.clock.signals`): "your turn" / "your answer is
awaited" when a decision long enough opens, "game over", the 80 % reminder, and the
sweeper's pass (lost enqueues, interrupted sends). Connected by the app's `ready`."""

from __future__ import annotations

from games.mail.decisions import decisions_now
from games.mail.models import MailRecord
from games.mail.preferences import display_name, pref, wants_digest
from games.mail.sending import mail_claim, mail_sweep


def on_decision_opened(
    sender, *, game, clock, seats, view, actor, deadline, decision_seq=None, **kwargs
):
    current = view.get("current_player")
    # One mail per game per turn: keyed by the engine's turn number when the view has one,
    # else by the seq the current player's turn started at (the seat's own waiting run when
    # the engine names no current player). An engine that tells its decisions apart gets one
    # per decision (Intrigue: each negotiation stage, the sending).
    if decision_seq is not None:
        turn_key = f"d{decision_seq}"
    elif isinstance(view.get("turn"), int) and not isinstance(view.get("turn"), bool):
        turn_key = f"t{view['turn']}"
    else:
        turn_key = clock.turn_started_seq if current else game.state_seq
    # The decision each mail is about: dropped at sending time once it was answered.
    decisions = decisions_now(game, [seat.player_id for seat in seats])
    for seat in seats:
        mail_claim(
            user=seat.user,
            game=game,
            kind=MailRecord.Kind.TURN,
            key=f"{game.pk}:{turn_key}",
            payload={
                "seq": game.state_seq,
                "decision": "turn" if current == seat.player_id else "answer",
                "deadline": deadline.isoformat(),
                "actor": display_name(actor.user) if actor is not None else "",
                **decisions[seat.player_id],
            },
            held=wants_digest(seat.user),
        )


def on_game_over(sender, *, game, actor_user_id, seats, **kwargs):
    result = game.result or {}
    winner_ids = set(result.get("winners", []) if isinstance(result, dict) else [])
    winners = [display_name(s.user) for s in seats if s.player_id in winner_ids]
    for seat in seats:
        if seat.user_id == actor_user_id:
            continue  # no mail for one's own move
        mail_claim(
            user=seat.user,
            game=game,
            kind=MailRecord.Kind.GAME_OVER,
            key=str(game.pk),
            payload={"winners": winners, "won": seat.player_id in winner_ids},
            held=wants_digest(seat.user),
        )


def on_reminder_due(sender, *, game, clock, seats, **kwargs) -> int:
    count = 0
    decisions = decisions_now(game, [seat.player_id for seat in seats])
    for seat in seats:
        if not pref(seat.user, "email_reminder", True):
            continue
        if mail_claim(
            user=seat.user,
            game=game,
            kind=MailRecord.Kind.REMINDER,
            key=f"{game.pk}:{clock.seq}",
            payload={
                "seq": clock.seq,
                "deadline": clock.deadline_at.isoformat(),
                **decisions[seat.player_id],
            },
        ):
            count += 1
    return count


def on_swept(sender, *, now, **kwargs) -> dict:
    return {"mails": mail_sweep(now)}
