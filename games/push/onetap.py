"""Answering in one tap: a signed token bound to the player, the game and the decision.

A notification's action button and a mail's link carry it. The token names the user, the
seat, the engine's `decision_id` (or the player's decision key when the engine gives no id),
the seq and the decision key the question was read at, and the decision's deadline. It is
refused when forged, past that deadline, used already, or when the decision changed; the
answer itself goes through the table's service (`action_submit`, with the decision key), so
a race with another move is refused there too. It works once (`OneTapUse`).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core import signing
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone

from games.push.facts import Question, question_for
from games.push.models import OneTapUse
from games.table.models import Game
from games.table.services import action_submit
from games.table.services.errors import GameError

SALT = "complots.push.onetap"


class Refused(Exception):
    """Why a one-tap answer is refused: `reason` is one of the codes below."""

    FORGED = "forged"
    EXPIRED = "expired"
    USED = "used"
    CHANGED = "changed"
    OTHER_PLAYER = "other_player"

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


def token_for(user, question: Question) -> str:
    deadline = question.deadline
    return signing.dumps(
        {
            "u": user.pk,
            "g": question.game.pk,
            "p": question.player_id,
            "d": question.decision_id,
            "k": question.decision_key,
            "s": question.seq,
            "e": int(deadline.timestamp()) if deadline is not None else 0,
        },
        salt=SALT,
        compress=True,
    )


def answer_path(token: str) -> str:
    return reverse("push:answer", args=[token])


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Loaded:
    token: str
    user: object
    game: Game
    player_id: str
    data: dict


def load(token: str, now=None) -> Loaded:
    """The token's facts, or Refused (forged, expired, used: never a 500)."""
    try:
        data = signing.loads(token, salt=SALT)
    except (signing.BadSignature, ValueError, UnicodeDecodeError):
        raise Refused(Refused.FORGED) from None
    if not isinstance(data, dict) or not all(
        isinstance(data.get(k), t)
        for k, t in (("u", int), ("g", int), ("p", str), ("d", str), ("k", str), ("s", int))
    ):
        raise Refused(Refused.FORGED)
    expires = data.get("e")
    now = now or timezone.now()
    if not isinstance(expires, int) or (expires and now.timestamp() > expires):
        raise Refused(Refused.EXPIRED)
    if OneTapUse.objects.filter(digest=_digest(token)).exists():
        raise Refused(Refused.USED)
    user = get_user_model().objects.filter(pk=data["u"], is_active=True).first()
    game = Game.objects.filter(pk=data["g"]).first()
    if user is None or game is None:
        raise Refused(Refused.FORGED)
    if not game.seats.filter(user=user, player_id=data["p"]).exists():
        raise Refused(Refused.FORGED)
    return Loaded(token=token, user=user, game=game, player_id=data["p"], data=data)


def current_question(loaded: Loaded) -> Question:
    """The question the token was about, still open for its player, or Refused(CHANGED)."""
    question = question_for(loaded.game, loaded.player_id)
    if question is None or question.answer is None:
        raise Refused(Refused.CHANGED)
    data = loaded.data
    if data["d"]:
        if question.decision_id != data["d"]:
            raise Refused(Refused.CHANGED)
    elif question.decision_key != data["k"]:
        raise Refused(Refused.CHANGED)
    return question


def answer(token: str, *, request_user=None, now=None) -> Loaded:
    """Give the token's one-tap answer. Raises Refused; the table's own refusals (a stale
    decision, a move meanwhile) come back as Refused(CHANGED)."""
    loaded = load(token, now=now)
    if getattr(request_user, "is_authenticated", False) and request_user.pk != loaded.user.pk:
        raise Refused(Refused.OTHER_PLAYER)
    question = current_question(loaded)
    try:
        with transaction.atomic():
            OneTapUse.objects.create(digest=_digest(token))
            action_submit(
                game_id=loaded.game.pk,
                user=loaded.user,
                action=question.answer,
                expected_seq=loaded.data["s"],
                decision_key=loaded.data["k"] or None,
            )
    except IntegrityError:
        raise Refused(Refused.USED) from None
    except GameError:
        raise Refused(Refused.CHANGED) from None
    return loaded
