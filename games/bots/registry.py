"""(game, level) -> bot lookup.

A bot registers as a "module:attribute" path (a class or a zero-argument factory) and is
imported the first time it is asked for, so importing ``games.bots`` stays cheap. A new game
or level plugs in with one line in ``_PATHS`` (or one ``register_bot`` call)::

    ("regicide", "standard"): "games.bots.regicide:StandardBot",
"""

from importlib import import_module

# (game, level) -> "module:attribute"; levels are listed per game in this order
_PATHS: dict[tuple[str, str], str] = {
    ("complots", "novice"): "games.bots.complots.novice:NoviceBot",
    ("complots", "honest"): "games.bots.complots.honest:HonestBot",
    ("complots", "bluffer"): "games.bots.complots.bluffer:BlufferBot",
    ("complots", "strong"): "games.bots.complots.strong:StrongBot",
    ("regicide", "standard"): "games.bots.regicide:StandardBot",
    ("regicide", "strong"): "games.bots.regicide_search:StrongBot",
    ("intrigue", "standard"): "games.bots.intrigue:StandardBot",
}
_INSTANCES: dict[tuple[str, str], object] = {}


def register_bot(game: str, level: str, path_or_bot) -> None:
    """Register a bot for ``game`` at ``level``: a "module:attribute" path or a bot object."""
    for name, value in (("game", game), ("level", level)):
        if not isinstance(value, str) or not value:
            raise ValueError(f"A bot's {name} must be a non-empty string")
    key = (game, level)
    if isinstance(path_or_bot, str):
        _PATHS[key] = path_or_bot
        _INSTANCES.pop(key, None)
    else:
        if not callable(getattr(path_or_bot, "choose", None)):
            raise ValueError("A bot needs a choose(view, legal_actions, seed) method")
        _PATHS.pop(key, None)
        _INSTANCES[key] = path_or_bot


def _game_name(game) -> str:
    """An engine name, or the ``.kind`` of an object (a game record, a table...)."""
    if isinstance(game, str):
        return game
    kind = getattr(game, "kind", None)
    if isinstance(kind, str):
        return kind
    raise ValueError(f"Expected a game name or an object with a .kind, got {game!r}")


def available_games() -> list[str]:
    """Every game that has at least one bot, sorted."""
    return sorted({g for g, _ in _PATHS} | {g for g, _ in _INSTANCES})


def available_levels(game) -> list[str]:
    """The bot levels of ``game`` (a name or an object with ``.kind``), in registration order.

    An unknown game gives an empty list.
    """
    name = _game_name(game)
    keys = list(_PATHS) + [k for k in _INSTANCES if k not in _PATHS]
    return [level for g, level in keys if g == name]


def get_bot(game, level: str):
    """The bot of ``game`` (a name or an object with ``.kind``) at ``level``.

    Raises ``ValueError`` listing the known games or levels for an unknown one.
    """
    name = _game_name(game)
    key = (name, level)
    bot = _INSTANCES.get(key)
    if bot is not None:
        return bot
    path = _PATHS.get(key) if isinstance(level, str) else None
    if path is None:
        levels = available_levels(name)
        if not levels:
            known = ", ".join(available_games())
            raise ValueError(f"No bots for game {name!r}; games with bots: {known}")
        raise ValueError(
            f"Unknown bot level {level!r} for {name!r}; known levels: {', '.join(levels)}"
        )
    module_name, _, attribute = path.partition(":")
    obj = getattr(import_module(module_name), attribute)
    if isinstance(obj, type) or not callable(getattr(obj, "choose", None)):
        obj = obj()  # a class or a factory
    bot = obj
    _INSTANCES[key] = bot
    return bot
