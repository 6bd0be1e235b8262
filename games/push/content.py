"""What a notification says, in the recipient's language: a title, the descriptor's one
sentence for the open question and the time left, the game's page to open, the tag that
makes the next notification of the game replace this one, and the one-tap answer.

Public facts only: a lock screen shows it to whoever holds the phone (`facts.py`)."""

from __future__ import annotations

from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from games.push import onetap
from games.push.facts import game_title, question_for, time_left
from games.push.models import PushRecord
from games.push.preferences import user_language

ICON = "img/icon-192.png"
BADGE = "img/badge-72.png"


def game_tag(game_id) -> str:
    return f"game-{int(game_id)}"


def notification(record, question=None) -> dict:
    """The JSON the service worker shows (title, body, tag, url, actions, answer)."""
    user, game = record.user, record.game
    with translation.override(user_language(user)):
        data = {
            "lang": translation.get_language(),
            "icon": static(ICON),
            "badge": static(BADGE),
        }
        if record.kind == PushRecord.Kind.TEST:
            data.update(
                title=str(_("Complots")),
                body=str(_("Notifications work on this device.")),
                tag="test",
                url=reverse("push:devices"),
            )
            return data
        title = game_title(game)
        data.update(tag=game_tag(game.pk), url=reverse("games:detail", args=[game.pk]))
        if record.kind == PushRecord.Kind.GAME_OVER:
            data.update(
                title=_("Game over: %(game)s") % {"game": title},
                body=_("The game is over: see how it ended.")
                if not record.payload.get("won")
                else _("The game is over, and you won."),
                url=reverse("games:replay", args=[game.pk]),
            )
            return data
        if question is None:
            question = question_for(game, record.payload.get("player_id", ""))
        if record.kind == PushRecord.Kind.REMINDER:
            heading = _("Reminder: %(game)s is waiting for you") % {"game": title}
        elif record.payload.get("decision") == "turn":
            heading = _("Your turn in %(game)s") % {"game": title}
        else:
            heading = _("Your answer is awaited in %(game)s") % {"game": title}
        left = time_left(question.deadline) if question is not None else ""
        sentence = question.sentence if question is not None else ""
        data.update(title=heading, body=" ".join(part for part in (sentence, left) if part))
        if question is not None and question.answer is not None:
            token = onetap.token_for(user, question)
            data["actions"] = [{"action": "answer", "title": question.answer_label}]
            data["answer"] = onetap.answer_path(token)
        return data
