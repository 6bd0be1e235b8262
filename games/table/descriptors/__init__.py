"""The one registry of the games the platform hosts: kind -> `GameDescriptor`.

    from games.table.descriptors import descriptor_for, descriptors

    descriptor_for(game.kind).present(...)     # the table of a game
    [d.label for d in descriptors()]           # the games offered, in the lobby's order

A game joins the site with its engine (`games.engines.register_engine`, or a line in the
engines' registry), one descriptor and its templates. The descriptor is either a module of
this package holding a `DESCRIPTOR` (found when the registry is first read) or an instance
given to `register_descriptor` (an app's `ready()`, a test). An engine of the registry
without a descriptor is played with the defaults (`GameDescriptor(slug)`): the generic table.
Nothing else of the platform names a game.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

from games.bots import available_levels
from games.engines import available_engines

from .base import GameDescriptor, answer_words

__all__ = [
    "GameDescriptor",
    "answer_words",
    "bot_level_label",
    "chat_phrase_text",
    "chat_phrases",
    "game_label",
    "descriptor_for",
    "descriptors",
    "register_descriptor",
    "unregister_descriptor",
]

_REGISTERED: dict[str, GameDescriptor] = {}
_DISCOVERED = False


def _discover() -> None:
    """Read this package's modules once: each game module holds its `DESCRIPTOR`."""
    global _DISCOVERED
    if _DISCOVERED:
        return
    for module in pkgutil.iter_modules(__path__):
        if module.name == "base" or module.name.startswith("_"):
            continue
        descriptor = getattr(import_module(f"{__name__}.{module.name}"), "DESCRIPTOR", None)
        if isinstance(descriptor, GameDescriptor):
            _REGISTERED.setdefault(descriptor.slug, descriptor)
    _DISCOVERED = True


def register_descriptor(descriptor: GameDescriptor) -> GameDescriptor:
    """Make `descriptor` the one of its kind (replacing an earlier one); returns it."""
    if not isinstance(descriptor, GameDescriptor):
        raise TypeError("register_descriptor takes a GameDescriptor")
    _discover()
    _REGISTERED[descriptor.slug] = descriptor
    return descriptor


def unregister_descriptor(slug: str) -> None:
    """Forget the descriptor of `slug` (tests that registered a game of their own)."""
    _discover()
    _REGISTERED.pop(slug, None)


def descriptor_for(kind) -> GameDescriptor:
    """The descriptor of the game `kind`: the registered one, else the defaults."""
    _discover()
    descriptor = _REGISTERED.get(kind)
    if descriptor is None:
        descriptor = GameDescriptor(str(kind) if kind else "?")
    return descriptor


def descriptors() -> list[GameDescriptor]:
    """The descriptors of every playable game (one per engine of the registry), the default
    choice first, then by slug."""
    _discover()
    found = [descriptor_for(slug) for slug in available_engines()]
    return sorted(found, key=lambda d: (not d.default_choice, d.slug))


def game_label(kind) -> str:
    """The name of the game `kind` in the active language."""
    return descriptor_for(kind).label


def bot_level_label(level) -> str:
    """The translated name of a bot level (`games.bots.available_levels`)."""
    for descriptor in descriptors():
        label = descriptor.bot_levels.get(level)
        if label is not None:
            return str(label)
    return str(level).capitalize()


def bot_default_level(kind) -> str:
    """The bot level preselected for a dropped seat of a game of `kind` (its descriptor's
    `bot_default_level` when the game has that level, else its first level; "" without
    bots)."""
    levels = available_levels(kind)
    wanted = descriptor_for(kind).bot_default_level
    if wanted in levels:
        return wanted
    return levels[0] if levels else ""


def chat_phrases(kind, *, view, viewer) -> list[dict] | None:
    """What `viewer` may say in the chat of a game of `kind` now: None for free text, else
    the list of phrases the rules allow, each a dict `{"key": ..., parameters}` built from
    the viewer's own view out of public facts. The chat service checks a posted key against
    it and stores the phrase; every reader sees it worded by `chat_phrase_text`."""
    chat = descriptor_for(kind).chat
    return None if chat is None else chat.chat_phrases(view, viewer)


def chat_phrase_text(kind, phrase) -> str | None:
    """The sentence of a stored chat phrase of a game of `kind`, in the active language;
    None when it is not one of that game's phrases."""
    chat = descriptor_for(kind).chat
    return None if chat is None else chat.phrase_text(phrase)
