"""The Regicide presenter: the engine's view of one player -> the table's template context
(`table.present`), plays with their preview (`preview`), the cards (`cards`) and the
phrases the rules allow in the chat (`chat.chat_phrases`, worded by `chat.phrase_text`)."""

from games.table.presenters.regicide import chat
from games.table.presenters.regicide.chat import chat_phrases
from games.table.presenters.regicide.table import present

__all__ = ["chat", "chat_phrases", "present"]
