"""Deadlines and timeouts: nobody waits forever.

Every decision the engine waits for (`engine.waiting_for`) expires at `Game.deadline_at`
(the platform sets it from the game's time control after each event; `deadline_for` below
adds what the platform does not know: away mode, autopilot seats). When it passes, the
engine's `default_action` is played for each player still owing the decision, as a system
event ("did not answer in time"), through `games.services.system_action_submit`.

Enforcement survives faults:

- `deadlines_sweep` (Celery beat, every DEADLINE_SWEEP_SECONDS) claims due games with
  `SELECT ... FOR UPDATE SKIP LOCKED`, one transaction per game, and applies the timeouts;
  it also catches up the bookkeeping (`clock_sync`) of games whose last change it has not
  seen, the 80 % reminders and the mails whose enqueue was lost.
- Short deadlines also get a countdown task (`games.tasks.game_timeout`), never with a
  countdown above TIMER_MAX_COUNTDOWN (Redis would redeliver long ETAs).
- Every task carries the seq it was scheduled for (`game_timeout_apply(game_id,
  expected_seq)`): a game that moved on is left alone, so a duplicated or late task, or two
  workers, never apply a timeout twice.

Missed deadlines are counted from the event log: the trailing run of a seat's `system`
events with reason "timeout" (any action of the player's own ends the run). After
`TimeoutPolicy.max_missed_deadlines` in a row the seat is dropped: on autopilot (the
platform's `Seat.Status.AUTOPILOT`; its default action is played as soon as it owes a
decision, reason "autopilot") or, with drop mode "out", out of the game through the engine's
resign action when the engine has one (else autopilot, see `drop_out_action`).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q, Sum
from django.utils import timezone

from .models import Event, Game, Seat
from .models_deadlines import AwayExtension, GameClock, MailRecord, SeatClock, TimeoutPolicy
from .notifications import display_name, mail_claim, mail_sweep, pref, wants_digest
from .services.errors import GameError

log = logging.getLogger(__name__)

# A countdown task is scheduled only for deadlines at most this far away (seconds).
TIMER_MAX_COUNTDOWN = getattr(settings, "DEADLINE_TIMER_MAX_COUNTDOWN", 300)
# Away mode may extend a player's deadlines by at most this much per game (correspondence).
AWAY_MAX_EXTENSION = timedelta(days=getattr(settings, "AWAY_MAX_EXTENSION_DAYS", 7))
# Decisions shorter than this get no "your turn" mail (live windows) and no reminder.
MAIL_MIN_DECISION = timedelta(seconds=getattr(settings, "MAIL_MIN_DECISION_SECONDS", 300))
REMINDER_FRACTION = 0.8
# Events a single timeout run may play (autopilot chains); the next run continues.
MAX_EVENTS_PER_RUN = 200
ACTIVE_STATUSES = (Seat.Status.PLAYING, Seat.Status.AUTOPILOT)


# --- helpers ---------------------------------------------------------------------------


def _engine(game):
    from .services.common import engine_for

    return engine_for(game.kind)


def _is_window(engine, state, waiting):
    from .services.common import decision_is_window

    return decision_is_window(engine, state, waiting)


def policy_for(game) -> TimeoutPolicy:
    policy = TimeoutPolicy.objects.filter(game=game).first()
    return policy or TimeoutPolicy(game=game)


def is_correspondence(game) -> bool:
    return getattr(game, "time_mode", "") == "correspondence"


def away_until(user, now) -> datetime | None:
    until = pref(user, "away_until", None)
    if until and until > now:
        return until
    return None


def _skip_locked():
    return {"skip_locked": True} if connection.features.has_select_for_update_skip_locked else {}


# --- the deadline rule -----------------------------------------------------------------


def base_deadline(game, engine, state, waiting, started_at) -> datetime:
    seconds = game.window_seconds if _is_window(engine, state, waiting) else game.turn_seconds
    return started_at + timedelta(seconds=seconds)


class _Table:
    """What the bookkeeping reads about a game, loaded once: its clock, its seats (users
    and profiles) and their clocks."""

    def __init__(self, game, *, create=True, clock=None):
        if clock is not None:
            self.clock = clock
        elif create:
            self.clock, _c = GameClock.objects.get_or_create(game=game)
        else:
            self.clock = GameClock.objects.filter(game=game).first()
        # One query for the seats, their users, profiles and clocks.
        self.seats = list(Seat.objects.filter(game=game).select_related("user__profile", "clock"))
        self.seat_clocks = {}
        for seat in self.seats:
            try:
                self.seat_clocks[seat.pk] = seat.clock
            except SeatClock.DoesNotExist:
                pass

    def seat(self, seat_id):
        return next((s for s in self.seats if s.pk == seat_id), None)

    def waiting_before(self):
        return {
            s.player_id
            for s in self.seats
            if getattr(self.seat_clocks.get(s.pk), "waiting_since_seq", None) is not None
        }

    def previous_decision(self, game):
        """(players waited for, deadline) of the decision before `game.state_seq`, when the
        bookkeeping saw it (clock one seq behind), else (None, None)."""
        clock = self.clock
        if clock is None or clock.deadline_at is None or clock.seq != game.state_seq - 1:
            return None, None
        return self.waiting_before(), clock.deadline_at


def human_deadline(game, state, now, *, engine=None, record=True, table=None):
    """When the players waited for in `state` run out of time (autopilot aside).

    The time control gives the base (window or turn length) from `now`; a decision that
    goes on with fewer players (a window where someone passed) keeps its deadline. A waiting
    player who is away (`Profile.away_until`) pushes it to their return, by at most what
    remains of AWAY_MAX_EXTENSION for that seat in this game, in correspondence games only.
    With `record`, the extension granted is stored for `game.state_seq` (idempotent).
    """
    engine = engine or _engine(game)
    if engine.outcome(state) is not None:
        return None
    waiting = set(engine.waiting_for(state))
    if not waiting:
        return None
    table = table or _Table(game, create=False)
    previous, previous_deadline = table.previous_decision(game)
    if previous is not None and waiting < previous:
        deadline = previous_deadline
    else:
        deadline = base_deadline(game, engine, state, list(waiting), now)
    if not is_correspondence(game):
        return deadline
    extended = deadline
    for seat in table.seats:
        if seat.player_id not in waiting:
            continue
        until = away_until(seat.user, now)
        if until is None or until <= deadline:
            continue
        used = (
            AwayExtension.objects.filter(seat=seat)
            .exclude(seq=game.state_seq)
            .aggregate(total=Sum("seconds"))["total"]
            or 0
        )
        budget = AWAY_MAX_EXTENSION - timedelta(seconds=used)
        if budget <= timedelta(0):
            continue
        wanted = min(until - deadline, budget)
        if record:
            AwayExtension.objects.update_or_create(
                seat=seat, seq=game.state_seq, defaults={"seconds": int(wanted.total_seconds())}
            )
        extended = max(extended, deadline + wanted)
    return extended


def autopilot_waiting(game, state, engine=None, table=None) -> list[str]:
    engine = engine or _engine(game)
    waiting = set(engine.waiting_for(state))
    seats = table.seats if table is not None else Seat.objects.filter(game=game)
    return [
        s.player_id for s in seats if s.player_id in waiting and s.status == Seat.Status.AUTOPILOT
    ]


def deadline_for(game, state, now, *, engine=None, record=True) -> datetime | None:
    """The `Game.deadline_at` for the decision in `state`, decided at `now`.

    `human_deadline`, or `now` when a seat on autopilot is waited for (its default move is
    played at once by the timeout task). None when nobody is waited for. The platform may
    call this from its deadline rule; `clock_sync` applies it after every change anyway.
    """
    engine = engine or _engine(game)
    table = _Table(game, create=False)
    deadline = human_deadline(game, state, now, engine=engine, record=record, table=table)
    if deadline is not None and autopilot_waiting(game, state, engine, table):
        return min(deadline, now)
    return deadline


# --- bookkeeping after each change -----------------------------------------------------


def _last_event(game):
    """The event at `game.state_seq`: the one the writer just appended when it handed it
    over (`game._new_event`, set by the play services), else read from the log."""
    event = getattr(game, "_new_event", None)
    if event is not None and event.seq == game.state_seq and event.game_id == game.pk:
        return event
    return Event.objects.filter(game=game, seq=game.state_seq).first()


def clock_sync(game, now=None, *, saving=False) -> bool:
    """Catch up the deadline bookkeeping with the game's last event. The row is locked.

    Idempotent per seq: recomputes the deadline (away, autopilot), updates who waits since
    when, claims the "your turn" / "game over" mails, sets the reminder time and schedules
    the countdown task. Returns True when it did something.
    """
    now = now or timezone.now()
    clock = GameClock.objects.filter(game=game).first()
    if clock is not None and clock.seq == game.state_seq and clock.started_at is not None:
        return False
    if game.status == Game.Status.RUNNING and not game.state:
        return False
    table = _Table(game, clock=clock)
    clock = table.clock
    event = _last_event(game)
    started_at = event.created_at if event else now
    actor = (
        table.seat(event.seat_id)
        if event is not None and event.kind == Event.Kind.ACTION and event.seat_id
        else None
    )
    # Whose own doing the change is (no mail for it): the mover, or the host who started.
    actor_user_id = actor.user_id if actor is not None else None
    if event is not None and event.kind == Event.Kind.START:
        actor_user_id = game.host_id
    if game.status == Game.Status.FINISHED:
        _game_over_mails(game, actor_user_id, table.seats)
        clock.seq, clock.started_at, clock.deadline_at, clock.reminder_at = (
            game.state_seq,
            started_at,
            None,
            None,
        )
        clock.save()
        return True
    if game.status != Game.Status.RUNNING:
        return False
    engine = _engine(game)
    state = engine.load(game.state)
    waiting = list(engine.waiting_for(state))
    previous, _previous_deadline = table.previous_decision(game)
    if previous is not None and set(waiting) < previous and clock.started_at is not None:
        started_at = clock.started_at  # the same decision goes on
    deadline = human_deadline(game, state, started_at, engine=engine, table=table)
    effective = deadline
    if deadline is not None and autopilot_waiting(game, state, engine, table):
        effective = min(deadline, started_at)
    if effective != game.deadline_at:
        if not saving:  # while saving, the caller's UPDATE stores the instance's value
            Game.objects.filter(pk=game.pk).update(deadline_at=effective)
        game.deadline_at = effective

    view = engine.view(state, None)
    current = view.get("current_player") if isinstance(view, dict) else None
    if current and (current != clock.turn_player or not clock.turn_started_seq):
        clock.turn_player, clock.turn_started_seq = str(current), game.state_seq

    clocks = table.seat_clocks
    missing = [SeatClock(seat=s) for s in table.seats if s.pk not in clocks]
    if missing:
        SeatClock.objects.bulk_create(missing, ignore_conflicts=True)
        clocks = {c.seat_id: c for c in SeatClock.objects.filter(seat__game=game)}
    newly_waiting, changed = [], []
    for seat in table.seats:
        seat_clock = clocks[seat.pk]
        if seat.player_id in waiting:
            if seat_clock.waiting_since_seq is None:
                seat_clock.waiting_since_seq = game.state_seq
                changed.append(seat_clock)
                newly_waiting.append(seat)
        elif seat_clock.waiting_since_seq is not None:
            seat_clock.waiting_since_seq = None
            changed.append(seat_clock)
    if changed:
        SeatClock.objects.bulk_update(changed, ["waiting_since_seq"])

    long_enough = deadline is not None and deadline - started_at >= MAIL_MIN_DECISION
    if long_enough:
        for seat in newly_waiting:
            if seat.status != Seat.Status.PLAYING or seat.user_id == actor_user_id:
                continue
            _turn_mail(game, clock, seat, view, actor, deadline)
    clock.seq, clock.started_at, clock.deadline_at = game.state_seq, started_at, deadline
    clock.reminder_at = (
        started_at + (deadline - started_at) * REMINDER_FRACTION if long_enough else None
    )
    clock.save()
    if effective is not None and _timers_enabled():
        seq = game.state_seq
        transaction.on_commit(lambda: timer_schedule(game.pk, seq, effective), robust=True)
    return True


def _turn_mail(game, clock, seat, view, actor, deadline):
    view = view if isinstance(view, dict) else {}
    current = view.get("current_player")
    decision = "turn" if current == seat.player_id else "answer"
    # One mail per game per turn: keyed by the engine's turn number when the view has one,
    # else by the seq the current player's turn started at (the seat's own waiting run when
    # the engine names no current player).
    if isinstance(view.get("turn"), int) and not isinstance(view.get("turn"), bool):
        turn_key = f"t{view['turn']}"
    else:
        turn_key = clock.turn_started_seq if current else game.state_seq
    mail_claim(
        user=seat.user,
        game=game,
        kind=MailRecord.Kind.TURN,
        key=f"{game.pk}:{turn_key}",
        payload={
            "seq": game.state_seq,
            "decision": decision,
            "deadline": deadline.isoformat(),
            "actor": display_name(actor.user) if actor is not None else "",
        },
        held=wants_digest(seat.user),
    )


def _game_over_mails(game, actor_user_id, seats):
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


def _timers_enabled() -> bool:
    """Countdown timers need a real broker: with eager tasks (tests, CELERY_TASK_ALWAYS_EAGER)
    a countdown would run at once; the sweeper alone enforces deadlines then."""
    from celery import current_app

    return not current_app.conf.task_always_eager


def timer_schedule(game_id: int, seq: int, deadline: datetime) -> bool:
    """Enqueue a countdown timeout task when the deadline is near; never raises."""
    delay = (deadline - timezone.now()).total_seconds()
    if delay > TIMER_MAX_COUNTDOWN or not _timers_enabled():
        return False  # the sweeper will see it
    from .tasks import game_timeout

    try:
        game_timeout.apply_async((game_id, seq), countdown=max(0.0, delay) + 0.05)
        return True
    except Exception:
        log.warning(
            "could not enqueue the timer of game %s; the sweeper will", game_id, exc_info=True
        )
        return False


# --- applying timeouts -----------------------------------------------------------------


def missed_in_row(seat) -> int:
    """The seat's trailing run of timeouts in the event log (its own action ends it)."""
    count = 0
    for kind, reason in (
        Event.objects.filter(game_id=seat.game_id, seat=seat)
        .order_by("-seq")
        .values_list("kind", "reason")[:50]
    ):
        if kind == Event.Kind.SYSTEM and reason == "timeout":
            count += 1
        elif kind == Event.Kind.SYSTEM and reason == "moderation":
            continue
        else:
            break
    return count


def drop_out_action(engine, state, player_id):
    """The engine's resign/forfeit action for `player_id` if it has one, else None."""
    try:
        actions = engine.legal_actions(state, player_id)
    except Exception:
        return None
    from .services.play import RESIGN_ACTION_TYPES

    for action in actions:
        if action.get("type") in RESIGN_ACTION_TYPES:
            return action
    return None


def seat_drop(game, seat, *, reason: str, now) -> str:
    """Drop a seat: autopilot, or out through the engine's resign action when the policy
    says "out" and the engine has one. Returns the mode applied. The game row is locked."""
    policy = policy_for(game)
    clock, _c = SeatClock.objects.get_or_create(seat=seat)
    mode = TimeoutPolicy.DropMode.AUTOPILOT
    if policy.drop_mode == TimeoutPolicy.DropMode.OUT:
        engine = _engine(game)
        action = drop_out_action(engine, engine.load(game.state), seat.player_id)
        if action is not None:
            from .services import system_action_submit

            system_action_submit(
                game_id=game.pk,
                player_id=seat.player_id,
                expected_seq=game.state_seq,
                action=action,
                reason="timeout",
            )
            game.refresh_from_db()
            mode = TimeoutPolicy.DropMode.OUT
            Seat.objects.filter(pk=seat.pk).update(status=Seat.Status.LEFT)
    if mode == TimeoutPolicy.DropMode.AUTOPILOT:
        Seat.objects.filter(pk=seat.pk, status=Seat.Status.PLAYING).update(
            status=Seat.Status.AUTOPILOT
        )
    clock.dropped_at, clock.drop_reason = now, reason
    clock.save(update_fields=["dropped_at", "drop_reason"])
    log.info("game %s: seat %s dropped (%s, %s)", game.pk, seat.player_id, mode, reason)
    return mode


def _apply_defaults(game, owing: list[str], reasons: dict[str, str]) -> list[str]:
    """Play the default action of each owing player while the same decision lasts.

    Stops when the engine waits for someone new or again for someone already played for
    (a new decision: it gets its own deadline). Returns the players played for.
    """
    from .services import system_action_submit

    engine = _engine(game)
    done: list[str] = []
    previous = set(engine.waiting_for(engine.load(game.state)))
    for _i in range(len(owing) + 1):
        waiting = set(engine.waiting_for(engine.load(game.state)))
        if done and (waiting - previous or waiting & set(done)):
            break
        candidates = [p for p in owing if p in waiting and p not in done]
        if not candidates or game.status != Game.Status.RUNNING:
            break
        player = candidates[0]
        system_action_submit(
            game_id=game.pk,
            player_id=player,
            expected_seq=game.state_seq,
            reason=reasons[player],
        )
        game.refresh_from_db()
        previous = waiting
        done.append(player)
    return done


def _timeout_locked(game, now) -> int:
    """Apply what is due on a locked, running game. Returns the number of events played."""
    played = 0
    for _round in range(MAX_EVENTS_PER_RUN):
        if game.status != Game.Status.RUNNING or not game.state:
            break
        clock_sync(game, now)
        engine = _engine(game)
        waiting = list(engine.waiting_for(engine.load(game.state)))
        seats = {s.player_id: s for s in Seat.objects.filter(game=game, player_id__in=waiting)}
        autopilot = [p for p in waiting if seats[p].status == Seat.Status.AUTOPILOT]
        human = GameClock.objects.filter(game=game).values_list("deadline_at", flat=True)[0]
        # Later rounds only play autopilot moves: a new decision gets its full time.
        due = _round == 0 and human is not None and human <= now
        owing = waiting if due else autopilot
        if not owing:
            break
        reasons = {p: "autopilot" if p in autopilot else "timeout" for p in owing}
        done = _apply_defaults(game, owing, reasons)
        if not done:
            break
        played += len(done)
        policy = policy_for(game)
        for player in done:
            seat = seats[player]
            if reasons[player] == "timeout" and seat.status == Seat.Status.PLAYING:
                seat.refresh_from_db()
                if (
                    seat.status == Seat.Status.PLAYING
                    and missed_in_row(seat) >= policy.max_missed_deadlines
                    and game.status == Game.Status.RUNNING
                ):
                    seat_drop(game, seat, reason=SeatClock.DropReason.MISSED, now=now)
                    game.refresh_from_db()
        if played >= MAX_EVENTS_PER_RUN:
            break
    if game.status != Game.Status.RUNNING:
        clock_sync(game, now)
    return played


def game_timeout_apply(game_id: int, expected_seq: int, now=None) -> int:
    """Apply the timeout (or autopilot moves) a task was scheduled for at `expected_seq`.

    Locks the game row (waiting for a concurrent move to commit), then does nothing if the
    game moved on (seq differs), is over, or nothing is due yet. One transaction. Returns
    the number of system events played.
    """
    now = now or timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.RUNNING:
            return 0
        if game.state_seq != expected_seq:
            return 0
        return _timeout_locked(game, now)


# --- the sweeper -----------------------------------------------------------------------


def _claim(game_id, extra: Q):
    return Game.objects.select_for_update(**_skip_locked()).filter(Q(pk=game_id) & extra).first()


def deadlines_sweep(now=None, limit=100) -> dict:
    """One pass of the beat sweeper. Each game in its own transaction; errors are logged
    and the pass goes on. Returns counts for logs and tests."""
    now = now or timezone.now()
    stats = {"synced": 0, "timeouts": 0, "reminders": 0, "mails": 0, "errors": 0}

    recent = Q(status=Game.Status.RUNNING) | Q(
        status=Game.Status.FINISHED, finished_at__gte=now - timedelta(days=1)
    )
    behind = Q(clock__isnull=True) | ~Q(clock__seq=F("state_seq"))
    for game_id in Game.objects.filter(recent & behind).values_list("pk", flat=True)[:limit]:
        try:
            with transaction.atomic():
                game = _claim(game_id, recent)
                if game is not None and clock_sync(game, now):
                    stats["synced"] += 1
        except Exception:
            stats["errors"] += 1
            log.exception("deadline sweep: sync of game %s failed", game_id)

    due = Q(status=Game.Status.RUNNING, deadline_at__lte=now)
    for game_id in (
        Game.objects.filter(due).order_by("deadline_at").values_list("pk", flat=True)[:limit]
    ):
        try:
            with transaction.atomic():
                game = _claim(game_id, due)
                if game is not None:
                    stats["timeouts"] += _timeout_locked(game, now)
        except Exception:
            stats["errors"] += 1
            log.exception("deadline sweep: timeout of game %s failed", game_id)

    for clock_id in GameClock.objects.filter(reminder_at__lte=now).values_list("pk", flat=True)[
        :limit
    ]:
        try:
            stats["reminders"] += reminder_claim(clock_id, now)
        except Exception:
            stats["errors"] += 1
            log.exception("deadline sweep: reminder %s failed", clock_id)

    stats["mails"] = mail_sweep(now)
    return stats


def reminder_claim(clock_id: int, now) -> int:
    """Claim the 80 % reminder mails of one game's current decision."""
    with transaction.atomic():
        clock = (
            GameClock.objects.select_for_update(**_skip_locked())
            .select_related("game")
            .filter(pk=clock_id, reminder_at__lte=now)
            .first()
        )
        if clock is None:
            return 0
        clock.reminder_at = None
        clock.save(update_fields=["reminder_at"])
        game = clock.game
        if game.status != Game.Status.RUNNING or game.state_seq != clock.seq:
            return 0
        count = 0
        for seat in Seat.objects.filter(
            game=game, to_act=True, status=Seat.Status.PLAYING
        ).select_related("user"):
            if not pref(seat.user, "email_reminder", True):
                continue
            if mail_claim(
                user=seat.user,
                game=game,
                kind=MailRecord.Kind.REMINDER,
                key=f"{game.pk}:{clock.seq}",
                payload={"seq": clock.seq, "deadline": clock.deadline_at.isoformat()},
            ):
                count += 1
        return count


# --- what the pages show ---------------------------------------------------------------


def seat_flags(game, now=None) -> dict[str, dict]:
    """Per player id: `away` (bool), `away_until`, `autopilot`, `dropped`, `missed` (the
    current run of missed deadlines). Public facts for the game page."""
    now = now or timezone.now()
    flags = {}
    for seat in Seat.objects.filter(game=game).select_related("user", "clock"):
        clock = getattr(seat, "clock", None)
        until = away_until(seat.user, now)
        flags[seat.player_id] = {
            "away": until is not None,
            "away_until": until,
            "autopilot": seat.status == Seat.Status.AUTOPILOT,
            "dropped": bool(clock and clock.dropped_at),
            "missed": missed_in_row(seat) if game.status == Game.Status.RUNNING else 0,
        }
    return flags


# --- the entry point the writers call ---------------------------------------------------


def game_changed(game, *, saving: bool) -> bool:
    """The bookkeeping of a change the caller is about to save: call it inside the writer's
    transaction, with the row locked, after setting the game's new `state_seq` (or status)
    and before saving the row. The play services (`store_state`, after every event, the
    start included) and the moderation events call it; nothing else needs to, the sweeper
    catches up whatever a writer missed (`clock_sync` is idempotent per seq).

    With `saving`, the caller's UPDATE stores the `deadline_at` this sets on the instance
    (its update_fields include it); otherwise it is written here. A failure is logged and
    rolled back to a savepoint: the move stands, and the sweeper does the bookkeeping on
    its next pass. Returns True when it did something.
    """
    if game._state.adding or game.pk is None:
        return False
    if game.status not in (Game.Status.RUNNING, Game.Status.FINISHED):
        return False
    try:
        with transaction.atomic():
            return clock_sync(game, saving=saving)
    except Exception:
        log.exception("deadline bookkeeping of game %s failed; the sweeper will retry", game.pk)
        return False


# --- votes: skip or drop an absent player -----------------------------------------------


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
    from django.db import IntegrityError
    from django.utils.translation import gettext as _

    from .models_deadlines import DeadlineVote
    from .services import system_action_submit
    from .services.common import coerce_seq, lock_game
    from .services.errors import GameNotRunning, NotYourSeat, StaleAction

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
        engine = _engine(game)
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
                _timeout_locked(game, now)  # autopilot plays its move now
            else:
                system_action_submit(
                    game_id=game.pk,
                    player_id=target.player_id,
                    expected_seq=game.state_seq,
                    reason="timeout",
                )
        return {"votes": votes, "needed": needed, "carried": carried}


# --- the policy and coming back --------------------------------------------------------


def timeout_policy_set(*, game_id, user, max_missed_deadlines=3, drop_mode="autopilot"):
    """The host sets the game's timeout policy before it starts. Raises GameError
    subclasses on bad input (nothing written)."""
    from django.utils.translation import gettext as _

    from .services.common import lock_game
    from .services.errors import GameNotOpen, InvalidGameSettings, NotHost

    if drop_mode not in TimeoutPolicy.DropMode.values:
        raise InvalidGameSettings(_("Unknown drop mode."))
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
        policy, _created = TimeoutPolicy.objects.update_or_create(
            game=game, defaults={"max_missed_deadlines": count, "drop_mode": drop_mode}
        )
    return policy


def seat_resume(*, game_id, user) -> Seat:
    """A player on autopilot takes their seat back (the others' vote to drop them included:
    coming back is always allowed while the game runs)."""
    from django.utils.translation import gettext as _

    from .services.common import lock_game
    from .services.errors import GameNotRunning, NotYourSeat

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
        SeatClock.objects.filter(seat=seat).update(dropped_at=None, drop_reason="")
        if game.deadline_at is not None and game.deadline_at <= timezone.now():
            # the autopilot deadline ("now") of a decision still open: give it its time back
            clock = GameClock.objects.filter(game=game, seq=game.state_seq).first()
            if clock is not None and clock.deadline_at is not None:
                Game.objects.filter(pk=game.pk).update(deadline_at=clock.deadline_at)
    return seat
