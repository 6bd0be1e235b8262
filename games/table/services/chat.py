"""The table talk of a game."""

from __future__ import annotations

import logging
import unicodedata

from django.core.cache import cache
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from games.table import live
from games.table.descriptors import chat_phrases, descriptor_for
from games.table.models import CHAT_MAX_LENGTH, ChatMessage, Game

from .common import engine_for, is_player_id, lock_game
from .errors import ChatInvalid, GameNotRunning, NotYourSeat, RateLimited

log = logging.getLogger(__name__)

CHAT_RATE_COUNT = 5
CHAT_RATE_SECONDS = 10


def clean_chat_text(text) -> str:
    """Strip, drop control characters (newlines and tabs stay), check the length."""
    if not isinstance(text, str):
        raise ChatInvalid(_("A message must be text."))
    text = "".join(
        ch for ch in text if ch in "\n\t" or unicodedata.category(ch) not in ("Cc", "Cs")
    ).strip()
    if not text:
        raise ChatInvalid(_("The message is empty."))
    if len(text) > CHAT_MAX_LENGTH:
        raise ChatInvalid(
            _("A message has at most %(max)d characters."), params={"max": CHAT_MAX_LENGTH}
        )
    return text


def _rate_check(game_id: int, user_id: int) -> None:
    """At most CHAT_RATE_COUNT messages per CHAT_RATE_SECONDS per user and game (fixed
    window in the cache). A broken cache does not stop the chat."""
    key = f"chat-rate:{game_id}:{user_id}"
    try:
        cache.add(key, 0, timeout=CHAT_RATE_SECONDS)
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=CHAT_RATE_SECONDS)
        count = 1
    except Exception:
        log.warning("chat: rate-limit cache unavailable", exc_info=True)
        return
    if count > CHAT_RATE_COUNT:
        raise RateLimited()


def allowed_phrases(game, seat) -> list[dict] | None:
    """The phrases `seat` may post now when the game's rules limit the talk (the presenters'
    `chat_phrases` hook, from the seat's own view: `{"key": ..., parameters}`), else None:
    free text."""
    if game.status != Game.Status.RUNNING or not game.state or not seat.player_id:
        return None
    if descriptor_for(game.kind).chat is None:
        return None
    engine = engine_for(game.kind)
    view = engine.view(engine.load(game.state), seat.player_id)
    return chat_phrases(game.kind, view=view, viewer=seat.player_id)


def phrase_value(phrase: dict) -> str:
    """What a phrase's button posts: its key, then its parameters' values in the order of
    their names ("hand:4", "hello"). So the phrase posted is the one the button showed."""
    params = [str(phrase[name]) for name in sorted(phrase) if name != "key"]
    return ":".join([str(phrase["key"]), *params])


def _allowed_phrase(allowed, value) -> dict:
    if value is None:
        raise ChatInvalid(
            _("The rules of this game allow only the offered phrases while it is played.")
        )
    phrase = next((p for p in allowed if phrase_value(p) == value), None)
    if phrase is not None:
        return phrase
    key = str(value).partition(":")[0]
    if any(p["key"] == key for p in allowed):  # the same phrase, other numbers now
        raise ChatInvalid(
            _(
                "The game has changed since this phrase was shown: it was not sent. "
                "Check the phrase and pick it again."
            )
        )
    raise ChatInvalid(_("This phrase cannot be said now."))


def chat_post(*, game_id, user, text="", phrase=None, to=None) -> ChatMessage:
    """Post a message in a game's chat. Only users with a seat at the table may post
    (spectators read). Text is stored as typed (escaped when rendered), at most
    CHAT_MAX_LENGTH characters; at most 5 messages per 10 s per user and game.
    `to` (a player id, games whose descriptor has `whispers`) makes it a private line: seen by the
    two players alone (moderators read it in the admin).
    While a game whose rules limit the talk runs (Regicide), only a `phrase` among
    `allowed_phrases` is accepted, named with its numbers as its button showed it
    (`phrase_value`: "hand:4"; a phrase whose numbers changed since is refused, nothing is
    posted): the phrase (key and public parameters) is stored, no text, and each reader
    sees it worded in their own language.
    Raises GameNotFound, NotYourSeat, GameNotRunning (aborted game), ChatInvalid, RateLimited.
    """
    if user is None or not getattr(user, "is_authenticated", False):
        raise NotYourSeat()
    if phrase is None:
        text = clean_chat_text(text)
    with transaction.atomic():
        game = lock_game(game_id)
        seat = game.seats.filter(user=user).first()
        if seat is None:
            raise NotYourSeat(_("Only the players at this table can talk here."))
        if game.status == Game.Status.ABORTED:
            raise GameNotRunning(_("This game was cancelled."))
        recipient = _recipient(game, seat, to)
        allowed = allowed_phrases(game, seat)
        said = None
        if allowed is not None:
            said, text = _allowed_phrase(allowed, phrase), ""
        elif phrase is not None:
            raise ChatInvalid(_("Write your message: this game's chat takes free text now."))
        _rate_check(game.pk, user.pk)
        message = ChatMessage.objects.create(
            game=game, seat=seat, user=user, text=text, phrase=said, recipient=recipient
        )
        game.revision += 1
        game.save(update_fields=["revision"])
        live.publish_on_commit(game, chat=True)
    return message


def _recipient(game, seat, to):
    """The user a private line goes to (another player of the game), or None."""
    if to in (None, ""):
        return None
    if not descriptor_for(game.kind).whispers:
        raise ChatInvalid(_("This game has no private lines."))
    if not is_player_id(to) or to == seat.player_id:
        raise ChatInvalid(_("Choose another player of this game."))
    other = game.seats.filter(player_id=to).select_related("user").first()
    if other is None:
        raise ChatInvalid(_("Choose another player of this game."))
    return other.user
