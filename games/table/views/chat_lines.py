"""The chat as the templates show it: lines worded in the reader's language, recipients."""

from __future__ import annotations

from games.table.descriptors import chat_phrase_text, descriptor_for
from games.table.views.names import display_name


def chat_lines(chat, *, kind, seats=()) -> list[dict]:
    """Chat rows of a game of `kind` for the templates, worded in the reader's language (a
    phrase is stored as its key and parameters). A message hidden by a moderator keeps its
    place with no text (rows from `chat_with_hidden` carry `visible_text` and
    `visible_phrase`, "" and None when hidden). Authors and recipients are named from the
    users of `seats` (with their profiles), the others read in one query."""
    people = {s.user_id: s.user for s in seats}
    missing = {m.user_id for m in chat} | {m.recipient_id for m in chat if m.recipient_id}
    missing -= people.keys()
    if missing:
        from django.contrib.auth import get_user_model

        people.update(
            (u.pk, u)
            for u in get_user_model().objects.filter(pk__in=missing).select_related("profile")
        )
    lines = []
    for m in chat:
        hidden = bool(getattr(m, "hidden", False))
        text = "" if hidden else chat_message_text(kind, m)
        author = people.get(m.user_id)
        lines.append(
            {
                "id": m.pk,
                "name": display_name(author),
                "username": author.get_username() if author is not None else "",
                "user_id": m.user_id,
                "hidden": hidden,
                "text": text,
                "created_at": m.created_at,
                "to_name": display_name(people.get(m.recipient_id)) if m.recipient_id else "",
                "to_id": m.recipient_id,
            }
        )
    return lines


def chat_message_text(kind, message) -> str:
    """What a chat message of a game of `kind` says, in the active language: its phrase
    worded, else its text (the `visible_*` annotations of `chat_with_hidden` when present)."""
    phrase = getattr(message, "visible_phrase", None)
    text = getattr(message, "visible_text", None)
    if text is None:  # a plain row
        phrase, text = message.phrase, message.text
    if phrase is not None:
        return chat_phrase_text(kind, phrase) or ""
    return text


def chat_recipients(game, seats, my_seat) -> list[dict]:
    """Whom the viewer may open a private line to (games with private lines, a seated
    viewer): the other players, by seat."""
    if my_seat is None or not descriptor_for(game.kind).whispers or not my_seat.player_id:
        return []
    return [
        {"id": s.player_id, "name": display_name(s.user)}
        for s in seats
        if s.pk != my_seat.pk and s.player_id
    ]
