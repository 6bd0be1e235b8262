"""A mail's subject, text and HTML, in the recipient's language and time zone. Mails carry
public facts only (game, whose decision, deadline, winners); never a card."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from games.mail.decisions import open_question
from games.mail.links import game_url, replay_url, site_url, unsubscribe_url
from games.mail.models import MailRecord
from games.mail.preferences import display_name, topic_of, user_language, user_timezone
from games.push.facts import question_for
from games.push.onetap import answer_path, token_for
from games.table.descriptors import descriptor_for
from games.table.durations import time_left
from games.table.models import Seat


def format_datetime(value, user):
    if not value:
        return ""
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    local = timezone.localtime(value, user_timezone(user))
    return local.strftime("%Y-%m-%d %H:%M") + f" ({local.tzname()})"


def _subject(record, ctx) -> str:
    game = ctx.get("game_title", "")
    if record.kind == MailRecord.Kind.TURN:
        if ctx.get("decision") == "turn":
            return _("Your turn in %(game)s") % {"game": game}
        return _("Your answer is awaited in %(game)s") % {"game": game}
    if record.kind == MailRecord.Kind.REMINDER:
        return _("Reminder: %(game)s is waiting for you") % {"game": game}
    if record.kind == MailRecord.Kind.GAME_OVER:
        return _("Game over: %(game)s") % {"game": game}
    return _("Your games today")


def game_title(game) -> str:
    return f"{str(game.kind).capitalize()} #{game.pk}"


def mail_render(record) -> tuple[str, str, str]:
    """(subject, text, html) of a record, in the recipient's language and time zone."""
    user = record.user
    with translation.override(user_language(user)):
        topic = topic_of(record.kind)
        ctx = dict(record.payload)
        ctx["user_name"] = display_name(user)
        ctx["LANGUAGE_CODE"] = translation.get_language()  # the <html lang> of the mail
        ctx["unsubscribe_url"] = unsubscribe_url(user, topic)
        ctx["topic"] = topic
        ctx["site_url"] = settings.SITE_URL
        if record.game_id:
            ctx["game_title"] = game_title(record.game)
            ctx["game_url"] = game_url(record.game)
            ctx["replay_url"] = replay_url(record.game)
        ctx["deadline_local"] = format_datetime(ctx.get("deadline"), user)
        if ctx.get("deadline"):  # the time left at sending, in the site's one wording
            ctx["time_left"] = time_left(datetime.fromisoformat(ctx["deadline"]))
        if record.kind in (MailRecord.Kind.TURN, MailRecord.Kind.REMINDER) and record.game_id:
            ctx.update(one_tap_facts(record))
            answer = record.kind == MailRecord.Kind.REMINDER or ctx.get("decision") == "answer"
            if answer and not ctx.get("question"):
                ctx["question"] = open_question(record.game, user)
        if record.kind == MailRecord.Kind.DIGEST:
            ctx["entries"] = digest_entries(record)
        if record.kind == MailRecord.Kind.GAME_OVER and record.game_id:
            ctx.update(outcome_facts(record.game))
        subject = _subject(record, ctx)
        ctx["subject"] = subject
        text = render_to_string(f"emails/{record.kind}.txt", ctx)
        html = render_to_string(f"emails/{record.kind}.html", ctx)
    return subject, text, html


def one_tap_facts(record) -> dict:
    """The open question in one public sentence and, when the answer needs no choice, the
    link of its one-tap page (a GET there changes nothing: mail scanners follow links)."""
    seat = Seat.objects.filter(game=record.game, user=record.user).first()
    question = question_for(record.game, seat.player_id) if seat is not None else None
    if question is None:
        return {}
    facts = {"question": question.sentence}
    if question.answer is not None:
        facts["one_tap_url"] = site_url(answer_path(token_for(record.user, question)))
        facts["one_tap_label"] = question.answer_label
    return facts


MEDALS = ("gold", "silver", "bronze")


def outcome_facts(game) -> dict:
    """How a finished game ended, public facts only: `medal`, the medal of a won game that
    gives one (Regicide solo), and `cooperative`, "won" or "lost" for a cooperative game of
    several players ("" otherwise)."""
    result = game.result if isinstance(game.result, dict) else {}
    winners = result.get("winners") if isinstance(result.get("winners"), list) else []
    medal = result.get("medal") if winners and result.get("medal") in MEDALS else ""
    cooperative = ""
    if descriptor_for(game.kind).cooperative and game.seats.count() > 1:
        cooperative = "won" if winners else "lost"
    return {"medal": medal, "cooperative": cooperative}


def digest_entries(record):
    """One entry per game among the digest's items: title, link, what happened."""
    by_game = {}
    for item in record.items.select_related("game").order_by("created_at", "pk"):
        if item.game_id is None:
            continue
        entry = by_game.setdefault(
            item.game_id,
            {
                "game_title": game_title(item.game),
                "game_url": game_url(item.game),
                "turns": 0,
                "finished": False,
                "winners": [],
                "waiting": False,
            },
        )
        if item.kind == MailRecord.Kind.GAME_OVER:
            entry["finished"] = True
            entry["winners"] = item.payload.get("winners", [])
        else:
            entry["turns"] += 1
    waiting = set(
        Seat.objects.filter(game_id__in=by_game, user=record.user, to_act=True).values_list(
            "game_id", flat=True
        )
    )
    for game_id, entry in by_game.items():
        entry["waiting"] = game_id in waiting and not entry["finished"]
    return list(by_game.values())
