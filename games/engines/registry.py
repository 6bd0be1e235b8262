"""Name -> engine lookup.

Engines register themselves lazily: the registry stores an import path per name and imports
the engine the first time it is asked for, so importing ``games.engines`` stays cheap.
"""

from importlib import import_module

from games.engines.base import Engine

# name -> "module:attribute" of a zero-argument factory or of an Engine instance
_PATHS: dict[str, str] = {
    "complots": "games.engines.complots:ComplotsEngine",
    "intrigue": "games.engines.intrigue:IntrigueEngine",
    "regicide": "games.engines.regicide:RegicideEngine",
}
_INSTANCES: dict[str, Engine] = {}


def register_engine(name: str, path_or_engine) -> None:
    """Register an engine under ``name``: an Engine instance or a "module:attribute" path."""
    if not isinstance(name, str) or not name:
        raise ValueError("An engine name must be a non-empty string")
    if isinstance(path_or_engine, str):
        _PATHS[name] = path_or_engine
        _INSTANCES.pop(name, None)
    else:
        _INSTANCES[name] = path_or_engine


def unregister_engine(name: str) -> None:
    """Forget the engine registered under ``name`` (a test that registered one of its own)."""
    _PATHS.pop(name, None)
    _INSTANCES.pop(name, None)


def available_engines() -> list[str]:
    """Names of every registered engine, sorted."""
    return sorted(set(_PATHS) | set(_INSTANCES))


def get_engine(name: str) -> Engine:
    """Return the engine registered under ``name`` ("complots", ...).

    Raises ``ValueError`` with the list of known names for an unknown one.
    """
    engine = _INSTANCES.get(name)
    if engine is not None:
        return engine
    path = _PATHS.get(name) if isinstance(name, str) else None
    if path is None:
        known = ", ".join(available_engines())
        raise ValueError(f"Unknown game engine {name!r}; known engines: {known}")
    module_name, _, attribute = path.partition(":")
    obj = getattr(import_module(module_name), attribute)
    engine = obj() if isinstance(obj, type) else obj
    _INSTANCES[name] = engine
    return engine
