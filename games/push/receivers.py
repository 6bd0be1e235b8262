"""The push notifications' listeners: the clock's moments (the same as the mail's, short
live decisions included) and the account's (log out, password changed)."""

from __future__ import annotations

import hashlib

from games.push.facts import decision_names
from games.push.models import PushRecord, PushSettings, PushSubscription
from games.push.sending import push_claim, push_sweep
from games.table.models import TimeControl


def session_digest(session_key) -> str:
    return hashlib.sha256(str(session_key).encode()).hexdigest() if session_key else ""


def _live(game) -> bool:
    return game.time_mode == TimeControl.LIVE


def on_seats_awaited(sender, *, game, clock, seats, view, deadline, decision_seq=None, **kwargs):
    # Keyed like the mail's "your turn" (one per game per turn or decision), so the mail's
    # policy finds the push that went about the same decision.
    current = view.get("current_player")
    if decision_seq is not None:
        turn_key = f"d{decision_seq}"
    elif isinstance(view.get("turn"), int) and not isinstance(view.get("turn"), bool):
        turn_key = f"t{view['turn']}"
    else:
        turn_key = clock.turn_started_seq if current else game.state_seq
    seats = [s for s in seats if s.user_id]
    decisions = decision_names(game, [s.player_id for s in seats])
    payloads = {
        seat.user_id: {
            "player_id": seat.player_id,
            "decision": "turn" if current == seat.player_id else "answer",
            "deadline": deadline.isoformat(),
            **decisions[seat.player_id],
        }
        for seat in seats
    }
    return push_claim(
        users=[s.user for s in seats],
        game=game,
        kind=PushRecord.Kind.TURN,
        key=f"{game.pk}:{turn_key}",
        payloads=payloads,
        live=_live(game),
    )


def on_reminder_due(sender, *, game, clock, seats, **kwargs) -> None:
    decisions = decision_names(game, [seat.player_id for seat in seats])
    payloads = {
        seat.user_id: {"player_id": seat.player_id, **decisions[seat.player_id]} for seat in seats
    }
    push_claim(
        users=[s.user for s in seats],
        game=game,
        kind=PushRecord.Kind.REMINDER,
        key=f"{game.pk}:{clock.seq}",
        payloads=payloads,
        live=_live(game),
    )
    return None  # the clock counts the reminders the mail sent


def on_game_over(sender, *, game, actor_user_id, seats, **kwargs):
    result = game.result if isinstance(game.result, dict) else {}
    winner_ids = set(result.get("winners") or [])
    told = [s for s in seats if s.user_id and s.user_id != actor_user_id]
    push_claim(
        users=[s.user for s in told],
        game=game,
        kind=PushRecord.Kind.GAME_OVER,
        key=str(game.pk),
        payloads={s.user_id: {"won": s.player_id in winner_ids} for s in told},
        live=_live(game),
    )


def on_swept(sender, *, now, **kwargs) -> dict:
    return {"pushes": push_sweep(now)}


def on_logged_out(sender, request=None, user=None, **kwargs):
    session = getattr(request, "session", None)
    digest = session_digest(getattr(session, "session_key", None))
    if user is not None and digest:
        PushSubscription.objects.filter(user=user, session_digest=digest).delete()


def on_password_changed(sender, request=None, user=None, **kwargs):
    if user is not None and user.pk:
        PushSubscription.objects.filter(user=user).delete()


def on_subscription_saved(sender, instance, created, **kwargs):
    """An account with a device has push settings: the game page shows its mute form to
    those accounts only (their settings are loaded with the seats)."""
    if created:
        PushSettings.objects.get_or_create(user_id=instance.user_id)
